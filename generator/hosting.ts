/**
 * Stage 7: the host rules. One model, derived from the route table and the site
 * settings, written out in the dialect of each common host: Netlify and
 * Cloudflare Pages (`_redirects`, `_headers`), Vercel (`vercel.json`), nginx (an
 * include file) and Apache (`.htaccess`). `site preview` serves the same rules.
 *
 * What every host answers is one table of HTTP expectations
 * (tests/helpers/hosts.ts), checked against the preview, real nginx, real Apache
 * and an evaluator of vercel.json.
 */
import { defaultLanguage, languages, type SiteSettings } from './schema.ts';
import type { RouteTable } from './routes.ts';
import type { OutputFile } from './writer.ts';

export interface HostingRules {
  /** Permanent redirects of exact paths, written without the trailing slash; both forms redirect. */
  redirects: { from: string; to: string }[];
  /** On this host (lower case, no port), `/` serves this file instead of the home page. */
  hostRoot: { host: string; file: string };
  /**
   * Exactly one unknown path segment under the prefix (`/legal/anything`, with or
   * without a slash) is served the prefix's page, status 200. Deeper paths are not found.
   */
  fallbacks: { prefix: string; file: string }[];
  /** The real pages under the fallback prefixes (`/legal/privacy/`), which the fallback must never hide. */
  fallbackPages: string[];
  /** The not-found page per prefix, most specific first; the last prefix is `/`. */
  notFound: { prefix: string; file: string }[];
  /** Every page that is a folder (`/en/about/`): without its slash it is redirected to it. */
  folderPaths: string[];
  /** Files in dist/ that are host configuration, not for visitors: answered as not found. */
  hiddenFiles: string[];
  /** Headers on every response. */
  securityHeaders: Record<string, string>;
  /** Cache-Control of pages, and of the content-hashed assets (only when they exist). */
  caching: { html: string; assets: string; assetsPrefix: string };
  /** The content-hashed asset files, `/assets/main.ABC.js`. */
  assetPaths: string[];
}

export interface HostingInput {
  routeTable: RouteTable;
  site: SiteSettings;
  /** `sha256-…` sources of the inline scripts. */
  inlineScriptHashes: string[];
  /** Paths of the content-hashed files under /assets/, e.g. `/assets/main.ABC.js`. */
  assetPaths: string[];
}

export const hostConfigFiles = ['_redirects', '_headers', 'vercel.json', 'nginx.conf', '.htaccess'] as const;

/**
 * The rules that depend on nothing in the content. `site preview` applies them to
 * any folder it serves, even one without host files.
 */
export const fixedHostingRules: Readonly<Pick<HostingRules, 'hiddenFiles' | 'caching'>> = {
  hiddenFiles: hostConfigFiles.map((name) => `/${name}`),
  // Pages: what Netlify and Cloudflare Pages send for a file no `_headers` rule names, so pages need no rule there.
  caching: { html: 'public, max-age=0, must-revalidate', assets: 'public, max-age=31536000, immutable', assetsPrefix: '/assets/' },
};

/** Escapes every character a regular expression reads specially. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A path without its trailing slash (`/privacy/` -> `/privacy`); `/` stays `/`. Hosts match both forms alike. */
export const withoutSlash = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

const origin = (url: string) => new URL(url).origin;

export function contentSecurityPolicy(site: SiteSettings, inlineScriptHashes: string[]): string {
  const analytics = site.analytics.scriptUrl ? [origin(site.analytics.scriptUrl)] : [];
  const frames = [...new Set([origin(site.urls.coverageMap), origin(site.urls.luganoMap)])];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`), ...analytics]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...analytics]],
    ['frame-src', frames],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'", 'mailto:']],
    ['object-src', ["'none'"]],
    ['manifest-src', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** Geolocation only for the coverage map's frame (its `allow="geolocation"`); the site itself never asks. */
export function permissionsPolicy(site: SiteSettings): string {
  return `geolocation=("${origin(site.urls.coverageMap)}"), camera=(), microphone=(), payment=(), usb=()`;
}

export function createHostingRules({ routeTable, site, inlineScriptHashes, assetPaths }: HostingInput): HostingRules {
  const privacy = routeTable.routes.find((route) => route.page === 'privacyRedirect')!;
  const cockpit = routeTable.routes.find((route) => route.page === 'cockpit' && route.language === defaultLanguage)!;
  const legalRoots = languages.map((language) => routeTable.pathOf('legal', language));
  const notFound = routeTable.routes.filter((route) => route.page === 'notFound');
  const prefixOf = (file: string) => `/${file.slice(0, file.lastIndexOf('/') + 1)}`;
  return {
    redirects: [{ from: withoutSlash(privacy.path), to: privacy.redirectTo! }],
    hostRoot: { host: site.cockpitHost.toLowerCase(), file: `/${cockpit.file}` },
    fallbacks: legalRoots.map((path) => ({ prefix: path, file: `${path}index.html` })),
    fallbackPages: routeTable.routes
      .map((route) => route.path)
      .filter((path) => legalRoots.some((root) => path.startsWith(root) && path !== root)),
    notFound: notFound
      .map((route) => ({ prefix: prefixOf(route.file), file: `/${route.file}` }))
      .sort((a, b) => b.prefix.length - a.prefix.length),
    // The /privacy/ fallback page is a folder too, but /privacy has a redirect of its own.
    folderPaths: routeTable.routes.filter((route) => route.path !== '/' && route.path.endsWith('/') && route.page !== 'privacyRedirect').map((route) => route.path),
    hiddenFiles: [...fixedHostingRules.hiddenFiles],
    securityHeaders: {
      'Content-Security-Policy': contentSecurityPolicy(site, inlineScriptHashes),
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': permissionsPolicy(site),
      'X-Frame-Options': 'DENY',
    },
    caching: { ...fixedHostingRules.caching },
    assetPaths: assetPaths.filter((path) => path.startsWith(fixedHostingRules.caching.assetsPrefix)).sort(),
  };
}

const generatedNote = 'Generated by `site build` from the route table and content/site.yaml. Do not edit.';

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
 * takes over). tests/hosting.test.ts checks the file against Cloudflare's parser.
 */
export function redirectsFile(rules: HostingRules): string {
  const section = (comment: string[], lines: string[]) => ['', ...comment.map((line) => `# ${line}`), ...lines];
  const lines = [`# ${generatedNote}`, '# Netlify and Cloudflare Pages; each group says which of them applies it.'];
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
  lines.push(...section(['The cockpit host: Netlify only (Cloudflare takes no host here; the home page script forwards).'], [`https://${rules.hostRoot.host}/ ${rules.hostRoot.file} 200!`]));
  lines.push(
    ...section(
      ['Real legal sections without their slash. Netlify serves the folder first and adds the slash itself;', 'Cloudflare would otherwise hand them to the one-segment rule below.'],
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
      ['Host configuration is not for visitors: Netlify only. Cloudflare does not serve _redirects and _headers;', 'it serves the other three like any file (they hold nothing secret).'],
      rules.hiddenFiles.map((file) => `${file} ${rules.notFound.at(-1)!.file} 404!`),
    ),
  );
  lines.push(
    ...section(
      ['Not found, per language: Netlify only (Cloudflare rejects status 404 and serves the nearest 404.html itself).'],
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
  const block = (pattern: string, headers: Record<string, string>) => [pattern, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return [
    `# ${generatedNote}`,
    `# Netlify and Cloudflare Pages. Pages are revalidated by both hosts' default Cache-Control (${rules.caching.html}).`,
    block('/*', rules.securityHeaders),
    ...rules.assetPaths.map((path) => block(path, { 'Cache-Control': rules.caching.assets })),
  ].join('\n') + '\n';
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
    { src: '^/.*$', headers: rules.securityHeaders, continue: true },
    { src: '^/(?:.*/)?[^/.]*(?:/|\\.html)?$', headers: htmlCache, continue: true },
    { src: `^${alternation(rules.assetPaths)}$`, headers: { 'Cache-Control': rules.caching.assets }, continue: true },
    { src: `^${alternation(rules.hiddenFiles)}$`, status: 404, dest: rules.notFound.at(-1)!.file, headers: htmlCache },
    ...rules.redirects.map((redirect) => ({ src: `^${escapeRegExp(redirect.from)}/?$`, status: 301, headers: { Location: redirect.to } })),
    { src: '^/$', has: [{ type: 'host', value: rules.hostRoot.host }], dest: rules.hostRoot.file },
    // One slash policy: a page's folder path without its slash is sent to the path with it.
    { src: `^(${alternation(rules.folderPaths.map(withoutSlash))})$`, status: 301, headers: { Location: '$1/' } },
    { handle: 'filesystem' },
    ...rules.fallbacks.map((fallback) => ({ src: `^${escapeRegExp(fallback.prefix)}[^/]+/?$`, dest: fallback.file })),
    ...rules.notFound.map((notFound) => ({ src: `^${escapeRegExp(notFound.prefix)}.*$`, status: 404, dest: notFound.file, headers: htmlCache })),
  ];
  return `${JSON.stringify({ $comment: generatedNote, routes }, null, 2)}\n`;
}

/** An nginx string: double quotes, since the CSP holds single ones; inner double quotes and backslashes escaped. */
export const nginxString = (value: string) => `"${value.replace(/[\\"]/g, '\\$&')}"`;

/**
 * nginx: `include` this file inside the `server { }` block whose root is dist/.
 * A location with any add_header of its own drops the server's, so every location
 * here sends the security headers itself; `always` adds them to errors and
 * redirects too. The asset cache has no `always`: nginx then adds it only to
 * successful answers, never to a missing asset's 404.
 */
export function nginxConfig(rules: HostingRules): string {
  const security = Object.entries(rules.securityHeaders).map(([name, value]) => `    add_header ${name} ${nginxString(value)} always;`);
  const headers = (cacheControl?: string) => [...security, ...(cacheControl ? [`    add_header Cache-Control ${nginxString(cacheControl)} always;`] : [])].join('\n');
  const slashPolicy = '    # One slash policy: a folder without its slash is sent to the path with it.\n    if (-d $request_filename) {\n        rewrite ^(.*[^/])$ $1/ permanent;\n    }';
  const rootNotFound = rules.notFound.at(-1)!.file;
  const blocks: string[] = [
    [
      `# ${generatedNote}`,
      '# nginx: include inside the server { } block whose root is the dist/ folder. That block must not',
      '# define index, absolute_redirect, error_page or any location of its own for the site (see the README).',
      'index index.html;',
      'absolute_redirect off;',
    ].join('\n'),
  ];
  const hidden = rules.hiddenFiles.map((file) => escapeRegExp(file.slice(1))).join('|');
  blocks.push(`# Host configuration is not for visitors.\nlocation ~ ^/(?:${hidden})$ {\n    error_page 404 ${rootNotFound};\n    return 404;\n}`);
  for (const redirect of rules.redirects) {
    blocks.push(`location ~ ^${escapeRegExp(redirect.from)}/?$ {\n${headers()}\n    return 301 ${nginxString(redirect.to)};\n}`);
  }
  blocks.push(`location = / {\n    if ($host = ${nginxString(rules.hostRoot.host)}) {\n        rewrite ^ ${rules.hostRoot.file} last;\n    }\n${headers(rules.caching.html)}\n    try_files /index.html =404;\n}`);
  blocks.push(
    `location ^~ ${rules.caching.assetsPrefix} {\n${headers()}\n    add_header Cache-Control ${nginxString(rules.caching.assets)};\n    error_page 404 ${rootNotFound};\n    try_files $uri =404;\n}`,
  );
  for (const fallback of rules.fallbacks) {
    blocks.push(`location ~ ^${escapeRegExp(fallback.prefix)}[^/]+/?$ {\n${headers(rules.caching.html)}\n${slashPolicy}\n    try_files $uri $uri/index.html ${fallback.file};\n}`);
  }
  for (const notFound of rules.notFound) {
    blocks.push(`location ${notFound.prefix} {\n    error_page 404 ${notFound.file};\n${headers(rules.caching.html)}\n${slashPolicy}\n    try_files $uri $uri/index.html =404;\n}`);
  }
  return `${blocks.join('\n\n')}\n`;
}

/** Apache: `.htaccess` at the root of dist/ (mod_rewrite, mod_headers; AllowOverride All). */
export function htaccess(rules: HostingRules): string {
  const lines = [`# ${generatedNote}`, 'Options -MultiViews -Indexes', 'DirectoryIndex index.html', 'DirectorySlash On', ''];
  const [rootNotFound, ...languageNotFound] = [...rules.notFound].reverse();
  lines.push(`ErrorDocument 404 ${rootNotFound.file}`);
  for (const notFound of languageNotFound) lines.push(`<If "%{REQUEST_URI} =~ m#^${notFound.prefix}#">`, `  ErrorDocument 404 ${notFound.file}`, '</If>');
  lines.push('', 'RewriteEngine On');
  const hidden = rules.hiddenFiles.map((file) => escapeRegExp(file.slice(1))).join('|');
  lines.push('# Host configuration is not for visitors.', `RewriteRule ^(?:${hidden})$ - [R=404,L]`);
  for (const redirect of rules.redirects) lines.push(`RewriteRule ^${escapeRegExp(redirect.from.slice(1))}/?$ ${redirect.to} [R=301,NE,L]`);
  // The Host header may carry a port and any letter case.
  lines.push(`RewriteCond %{HTTP_HOST} ^${escapeRegExp(rules.hostRoot.host)}(?::\\d+)?$ [NC]`, `RewriteRule ^$ ${rules.hostRoot.file} [L]`);
  for (const fallback of rules.fallbacks) {
    lines.push('RewriteCond %{REQUEST_FILENAME} !-f', 'RewriteCond %{REQUEST_FILENAME} !-d', `RewriteRule ^${escapeRegExp(fallback.prefix.slice(1))}[^/]+/?$ ${fallback.file} [L]`);
  }
  lines.push('', '<IfModule mod_headers.c>');
  for (const [name, value] of Object.entries(rules.securityHeaders)) lines.push(`  Header always set ${name} "${value.replace(/["\\]/g, '\\$&')}"`);
  // Only an asset that exists is cached for a year; a missing one's 404 page is revalidated like every page.
  lines.push(
    `  <If "%{REQUEST_URI} =~ m#^${rules.caching.assetsPrefix}# && -f %{REQUEST_FILENAME}">`,
    `    Header set Cache-Control "${rules.caching.assets}"`,
    '  </If>',
    '  <Else>',
    `    Header set Cache-Control "${rules.caching.html}"`,
    '  </Else>',
    '</IfModule>',
  );
  return `${lines.join('\n')}\n`;
}

export function buildHostingFiles(rules: HostingRules): OutputFile[] {
  return [
    { path: '_redirects', contents: redirectsFile(rules) },
    { path: '_headers', contents: headersFile(rules) },
    { path: 'vercel.json', contents: vercelConfig(rules) },
    { path: 'nginx.conf', contents: nginxConfig(rules) },
    { path: '.htaccess', contents: htaccess(rules) },
  ];
}
