/** Vercel: `vercel.json`. */
import { escapeRegExp, generatedNote, withoutSlash, type HostingRules, type HostTarget } from './rules.ts';
import { headerName, headerValue, hostNameValue, unsafeValue } from './values.ts';

/**
 * Header values of the settings, for Vercel: JSON escapes every character, but
 * Vercel then replaces `$1` or `$name` in a header value with a part of the path,
 * and has no escape for `$`, so a value with one is refused.
 */
function vercelHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => {
      if (value.includes('$'))
        throw unsafeValue(
          'vercel.json',
          value,
          'Vercel reads $ in a header value as a part of the path and has no way to write it literally',
        );
      return [headerName(name), headerValue(name, value)];
    }),
  );
}

const alternation = (paths: string[]) => `(?:${paths.map(escapeRegExp).join('|')})`;

/**
 * Vercel, in its `routes` form: the only one that can answer 404 with a page per
 * language. Vercel stops at the first matching route without `continue`, so the
 * header routes come first; slash redirects list the real pages only, so an
 * unknown path is not redirected before it is found missing.
 */
export function vercelConfig(rules: HostingRules): string {
  const htmlCache = { 'Cache-Control': rules.caching.html };
  const routes: Record<string, unknown>[] = [
    { src: '^/.*$', headers: vercelHeaders(rules.securityHeaders), continue: true },
    { src: '^/(?:.*/)?[^/.]*(?:/|\\.html)?$', headers: htmlCache, continue: true },
    {
      src: `^${alternation(rules.assetPaths)}$`,
      headers: { 'Cache-Control': rules.caching.assets },
      continue: true,
    },
    {
      src: `^${alternation(rules.hiddenFiles)}$`,
      status: 404,
      dest: rules.notFound.at(-1)!.file,
      headers: htmlCache,
    },
    ...rules.redirects.map((redirect) => ({
      src: `^${escapeRegExp(redirect.from)}/?$`,
      status: 301,
      headers: { Location: redirect.to },
    })),
    {
      src: '^/$',
      has: [{ type: 'host', value: hostNameValue('vercel.json', rules.hostRoot.host) }],
      dest: rules.hostRoot.file,
    },
    // One slash policy: a page's folder path without its slash is sent to the path with it.
    {
      src: `^(${alternation(rules.folderPaths.map(withoutSlash))})$`,
      status: 301,
      headers: { Location: '$1/' },
    },
    { handle: 'filesystem' },
    ...rules.fallbacks.map((fallback) => ({
      src: `^${escapeRegExp(fallback.prefix)}[^/]+/?$`,
      dest: fallback.file,
    })),
    ...rules.notFound.map((notFound) => ({
      src: `^${escapeRegExp(notFound.prefix)}.*$`,
      status: 404,
      dest: notFound.file,
      headers: htmlCache,
    })),
  ];
  return `${JSON.stringify({ $comment: generatedNote, routes }, null, 2)}\n`;
}

export const vercel: HostTarget = { hosts: 'Vercel', files: [{ name: 'vercel.json', write: vercelConfig }] };
