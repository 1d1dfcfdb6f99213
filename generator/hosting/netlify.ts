/**
 * Netlify and Cloudflare Pages: `_redirects` and `_headers`, one pair of files
 * that both hosts read, each in its own way.
 */
import { generatedNote, withoutSlash, type HostingRules, type HostTarget } from './rules.ts';
import { headerName, headerValue, hostNameValue } from './values.ts';

/**
 * Netlify and Cloudflare Pages both read `_redirects`, with different rules:
 * - Netlify takes the first matching line, treats `/a` and `/a/` alike, and skips
 *   a line where a file exists unless its status carries a `!`.
 * - Cloudflare Pages accepts only the statuses 200, 301, 302, 303, 307 and 308
 *   (so no `!` and no 404), no host in the source, keeps the first valid line per
 *   source, matches `/a` and `/a/` separately, and applies its lines before
 *   looking for a file.
 * Each line below is either valid on both and means the same on both, or is
 * written so that Cloudflare rejects it (and a later line or its own behaviour
 * takes over). tests/generator/hosting/netlify.test.ts checks the file against Cloudflare's parser.
 */
export function redirectsFile(rules: HostingRules): string {
  const section = (comment: string[], lines: string[]) => [
    '',
    ...comment.map((line) => `# ${line}`),
    ...lines,
  ];
  const lines = [
    `# ${generatedNote}`,
    '# Netlify and Cloudflare Pages; each group says which of them applies it.',
  ];
  for (const { from, to } of rules.redirects) {
    lines.push(
      ...section(
        [
          `${from}: Netlify needs the ! because ${from}/index.html (the fallback page) exists; Cloudflare`,
          'rejects that line and applies the next two, which Netlify never reaches (it matched the first).',
        ],
        [`${from} ${to} 301!`, `${from} ${to} 301`, `${from}/ ${to} 301`],
      ),
    );
  }
  lines.push(
    ...section(
      ['The cockpit host: Netlify only (Cloudflare takes no host here; the home page script forwards).'],
      [`https://${hostNameValue('_redirects', rules.hostRoot.host)}/ ${rules.hostRoot.file} 200!`],
    ),
  );
  lines.push(
    ...section(
      [
        'Real legal sections without their slash. Netlify serves the folder first and adds the slash itself;',
        'Cloudflare would otherwise hand them to the one-segment rule below.',
      ],
      rules.fallbackPages.map((path) => `${withoutSlash(path)} ${path} 301`),
    ),
  );
  lines.push(
    ...section(
      [
        'An unknown legal section (exactly one segment): that language’s legal page, none open. Both hosts;',
        'on Cloudflare only without a trailing slash (`/legal/x/` gets the not-found page, whose script forwards).',
      ],
      rules.fallbacks.map((fallback) => `${fallback.prefix}:section ${fallback.prefix} 200`),
    ),
  );
  lines.push(
    ...section(
      [
        'Host configuration is not for visitors: Netlify only. Cloudflare does not serve _redirects and _headers;',
        'it serves the other three like any file (they hold nothing secret).',
      ],
      rules.hiddenFiles.map((file) => `${file} ${rules.notFound.at(-1)!.file} 404!`),
    ),
  );
  lines.push(
    ...section(
      [
        'Not found, per language: Netlify only (Cloudflare rejects status 404 and serves the nearest 404.html itself).',
      ],
      rules.notFound.map((notFound) => `${notFound.prefix}* ${notFound.file} 404`),
    ),
  );
  return `${lines.join('\n')}\n`;
}

/**
 * Netlify and Cloudflare Pages. Rules never set the same header twice (both hosts
 * would join the values). Only assets that exist get the year-long cache, so a
 * missing asset's 404 is not kept. Pages get no rule of their own: both hosts send
 * `public, max-age=0, must-revalidate` for every file without one, which is our
 * page policy; Cloudflare reads at most 100 rules.
 */
export function headersFile(rules: HostingRules): string {
  // _headers has no quoting or escape: a value is the rest of its line, so it must be one line of visible characters.
  const block = (pattern: string, headers: Record<string, string>) =>
    [
      pattern,
      ...Object.entries(headers).map(([name, value]) => `  ${headerName(name)}: ${headerValue(name, value)}`),
    ].join('\n');
  return (
    [
      `# ${generatedNote}`,
      `# Netlify and Cloudflare Pages. Pages are revalidated by both hosts' default Cache-Control (${rules.caching.html}).`,
      block('/*', rules.securityHeaders),
      ...rules.assetPaths.map((path) => block(path, { 'Cache-Control': rules.caching.assets })),
    ].join('\n') + '\n'
  );
}

export const netlify: HostTarget = {
  hosts: 'Netlify, Cloudflare Pages',
  files: [
    { name: '_redirects', write: redirectsFile },
    { name: '_headers', write: headersFile },
  ],
};
