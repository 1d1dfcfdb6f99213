/**
 * The second line of defence between the content and the host files. The schema
 * already allows only plain DNS names in the settings' URLs; still, every value
 * that reaches a header or a host file passes through here, where each syntax is
 * escaped or, where it has no escape, the value is refused with a SiteError that
 * names it. A refusal here means the schema let something through: a bug to fix
 * there, never a reason to weaken these checks.
 */
import { SiteError } from '../errors/siteError.ts';

export function unsafeValue(where: string, value: string, reason: string): SiteError {
  return new SiteError({
    code: 'HOST_RULE_UNSAFE',
    message: `Refusing to write ${JSON.stringify(value)} into ${where}: ${reason}`,
    location: { file: 'content/site.yaml' },
    hint: 'The value comes from the settings: every URL there must be https:// with a plain host name (letters, digits, hyphens, dots) and an optional port.',
  });
}

/** A header value as HTTP allows it: visible ASCII and spaces, nothing that could end the header or start another. */
export function headerValue(name: string, value: string): string {
  if (!/^[\x20-\x7e]*$/.test(value))
    throw unsafeValue(
      `the ${name} header`,
      value,
      'a header value holds only visible ASCII characters and spaces',
    );
  return value;
}

/** A serialised https origin, `https://host[:port]`, as a CSP source expression and a Permissions-Policy origin take it. */
export function originValue(where: string, origin: string): string {
  if (!/^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$/.test(origin))
    throw unsafeValue(where, origin, 'only an https origin with a plain host name fits there');
  return origin;
}

/** A host name as rules match it: a plain DNS name, nothing any host file's syntax reads. */
export function hostNameValue(where: string, host: string): string {
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host))
    throw unsafeValue(where, host, 'only a plain host name (letters, digits, hyphens, dots) fits there');
  return host;
}

/** A Structured Fields string (Permissions-Policy): backslash and double quote escaped, only visible ASCII. */
export function structuredString(where: string, value: string): string {
  if (!/^[\x20-\x7e]*$/.test(value))
    throw unsafeValue(where, value, 'a structured header string holds only visible ASCII characters');
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/** A header name: letters, digits and hyphens, as every host file writes it unquoted. */
export function headerName(name: string): string {
  if (!/^[A-Za-z0-9-]+$/.test(name))
    throw unsafeValue('a header name', name, 'a header name holds only letters, digits and hyphens');
  return name;
}
