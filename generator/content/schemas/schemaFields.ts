/**
 * The fields the content schemas share: texts and names with their limits, https
 * URLs whose host is a plain DNS name (their origins go into the security headers
 * and host files), times, dates, phone numbers, and the editor's description and
 * example of a field. Each schema is strict: an unknown key is most likely a typo.
 */
import { z } from 'zod';
import { maxTextLength } from '../../model/constants.ts';

/** Longest name, address or label of the settings, plans and zones. */
export const maxNameLength = 200;
export const nonEmpty = z.string().trim().min(1, 'Must not be empty').max(maxTextLength);
export const shortText = z.string().trim().min(1, 'Must not be empty').max(maxNameLength);

/**
 * What an editor sees while typing (the JSON Schemas that `site schema` writes):
 * a plain-words description of a field and an example value.
 */
export function about<Schema extends z.ZodType>(schema: Schema, description: string, example: unknown): Schema {
  return schema.meta({ description, examples: [example] });
}
/**
 * A host name as DNS writes it: dot-separated labels of letters, digits and
 * hyphens (none at a label's ends, at most 63 characters), at least two labels,
 * the last one starting with a letter (so never an IP address). Such a name
 * carries no character that any host file or header reads specially.
 */
const dnsLabel = '(?!-)[A-Za-z0-9-]{1,63}(?<!-)';
const dnsNamePattern = `${dnsLabel}(?:\\.${dnsLabel})*\\.(?=[A-Za-z])${dnsLabel}`;
export const dnsName = new RegExp(`^${dnsNamePattern}$`);
/** `https://`, a DNS name, an optional port, then a path, query or fragment or nothing. */
const httpsUrlStart = new RegExp(`^https://(${dnsNamePattern})(?::(\\d{1,5}))?(?=[/?#]|$)`, 'i');
const hostNameHint = 'a plain host name (letters, digits, hyphens and dots) and an optional port';

/**
 * Every URL of the settings: its origin goes into the Content-Security-Policy,
 * the Permissions-Policy and the host files, so the host must be a plain DNS
 * name; no user name or password, no space, quote, backslash or control
 * character anywhere (a pasted URL with one is a mistake, never a need).
 */
/** Longer addresses are not kept by every browser and host; a real one has a few dozen characters. */
const maxUrlLength = 2000;
export const httpsUrl = z.string().superRefine((value, context) => {
  const fail = (message: string) => context.addIssue({ code: 'custom', message, input: value });
  if (!/^https:\/\//i.test(value)) return fail('Expected an https:// URL');
  if (value.length > maxUrlLength) return fail(`Expected a URL of at most ${maxUrlLength} characters`);
  // Anything a URL would have to percent-encode is refused, not encoded: it is a typo or a paste error.
  if (/[^\x21-\x7e]|["'<>\\^`{|}]/.test(value))
    return fail(
      'Expected a URL without spaces, quotes, backslashes, braces or other characters that must be encoded',
    );
  const start = httpsUrlStart.exec(value);
  if (!start)
    return fail(`Expected https:// followed by ${hostNameHint}, e.g. https://maps.example.net/embed`);
  const port = start[2] === undefined ? undefined : Number(start[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return fail('Expected a port from 1 to 65535');
  if (start[1].length > 253) return fail('Expected a host name of at most 253 characters');
  if (!URL.canParse(value)) return fail('Expected a valid https:// URL');
});
export const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected a time such as 08:00');
/** A day (2025-10-12) or, where only the month is known, a month (2025-03). */
export const isoDate = z
  .string()
  .regex(
    /^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/,
    'Expected a date such as 2025-10-12 or a month such as 2025-03',
  );
export const weekday = z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
export const phone = z
  .string()
  .regex(/^\+\d[\d ]{6,}$/, 'Expected an international number such as +41 91 000 00 00');
