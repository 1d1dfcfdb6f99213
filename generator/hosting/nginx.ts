/** nginx: `nginx.conf`, an include for the site's `server { }` block. */
import { escapeRegExp, generatedNote, type HostingRules, type HostTarget } from './rules.ts';
import { headerName, headerValue, hostNameValue, unsafeValue } from './values.ts';

/**
 * An nginx string: double quotes, since the CSP holds single ones; inner double
 * quotes and backslashes escaped. nginx reads `$` in a string as a variable and
 * has no escape for it, so a value with one is refused.
 */
export function nginxString(value: string): string {
  if (value.includes('$'))
    throw unsafeValue(
      'nginx.conf',
      value,
      'nginx reads $ as the start of a variable and has no way to write it literally',
    );
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * nginx: `include` this file inside the `server { }` block whose root is dist/.
 * A location with any add_header of its own drops the server's, so every location
 * here sends the security headers itself; `always` adds them to errors and
 * redirects too. The asset cache has no `always`: nginx then adds it only to
 * successful answers, never to a missing asset's 404.
 */
export function nginxConfig(rules: HostingRules): string {
  const security = Object.entries(rules.securityHeaders).map(
    ([name, value]) => `    add_header ${headerName(name)} ${nginxString(headerValue(name, value))} always;`,
  );
  const headers = (cacheControl?: string) =>
    [
      ...security,
      ...(cacheControl ? [`    add_header Cache-Control ${nginxString(cacheControl)} always;`] : []),
    ].join('\n');
  const slashPolicy =
    '    # One slash policy: a folder without its slash is sent to the path with it.\n    if (-d $request_filename) {\n        rewrite ^(.*[^/])$ $1/ permanent;\n    }';
  const rootNotFound = rules.notFound.at(-1)!.file;
  const blocks: string[] = [
    [
      `# ${generatedNote}`,
      '# nginx: include inside the server { } block whose root is the dist/ folder. That block must not',
      '# define index, absolute_redirect, error_page or any location of its own for the site (docs/hosting.md: nginx).',
      'index index.html;',
      'absolute_redirect off;',
    ].join('\n'),
  ];
  const hidden = rules.hiddenFiles.map((file) => escapeRegExp(file.slice(1))).join('|');
  blocks.push(
    `# Host configuration is not for visitors.\nlocation ~ ^/(?:${hidden})$ {\n    error_page 404 ${rootNotFound};\n    return 404;\n}`,
  );
  for (const redirect of rules.redirects) {
    blocks.push(
      `location ~ ^${escapeRegExp(redirect.from)}/?$ {\n${headers()}\n    return 301 ${nginxString(redirect.to)};\n}`,
    );
  }
  blocks.push(
    `location = / {\n    if ($host = ${nginxString(hostNameValue('nginx.conf', rules.hostRoot.host))}) {\n        rewrite ^ ${rules.hostRoot.file} last;\n    }\n${headers(rules.caching.html)}\n    try_files /index.html =404;\n}`,
  );
  blocks.push(
    `location ^~ ${rules.caching.assetsPrefix} {\n${headers()}\n    add_header Cache-Control ${nginxString(rules.caching.assets)};\n    error_page 404 ${rootNotFound};\n    try_files $uri =404;\n}`,
  );
  for (const fallback of rules.fallbacks) {
    blocks.push(
      `location ~ ^${escapeRegExp(fallback.prefix)}[^/]+/?$ {\n${headers(rules.caching.html)}\n${slashPolicy}\n    try_files $uri $uri/index.html ${fallback.file};\n}`,
    );
  }
  for (const notFound of rules.notFound) {
    blocks.push(
      `location ${notFound.prefix} {\n    error_page 404 ${notFound.file};\n${headers(rules.caching.html)}\n${slashPolicy}\n    try_files $uri $uri/index.html =404;\n}`,
    );
  }
  return `${blocks.join('\n\n')}\n`;
}

export const nginx: HostTarget = { hosts: 'nginx', files: [{ name: 'nginx.conf', write: nginxConfig }] };
