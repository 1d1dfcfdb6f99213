/**
 * The paths no page may take: the names at the root of the output that the build
 * writes itself, that a host reads as its configuration, or that `site dev` answers,
 * and the language prefixes. A page at `/assets/` would be hidden on nginx (a 404)
 * and cached for a year on Apache; a page at `/en/` would hide the English home.
 * The route table checks every slug and former slug against this one list.
 */

/** Names at the output's root that belong to the build, a host or the dev server, never to a page. */
export const reservedRootNames: ReadonlySet<string> = new Set([
  // The build's own folders and files (assets.ts, social.ts, icons.ts, sitemap.ts, the not-found page, the writer's mark).
  'assets',
  'og',
  'favicon.svg',
  'favicon-32.png',
  'icon-192.png',
  'icon-512.png',
  'apple-touch-icon.png',
  // Browsers ask for it at the root whether or not a page links it.
  'favicon.ico',
  'site.webmanifest',
  'sitemap.xml',
  'robots.txt',
  '404.html',
  '.site-build.json',
  '.site-paths.json',
  // Every host's configuration file (hosting/): a page there would be a host file, or hidden by it.
  '_redirects',
  '_headers',
  'vercel.json',
  'nginx.conf',
  '.htaccess',
  // `site dev` answers its live reload, overlay and status under /__site/.
  '__site',
  // Hosts and certificate authorities read /.well-known/ (TLS certificates, security.txt).
  '.well-known',
]);

/**
 * Why a page cannot be written at `urlPath` (`/assets/`), or undefined when it can.
 * `atRoot` says whether the path is one without a language prefix (the default
 * language's own), the only paths that can meet a root name or a language prefix.
 */
export function reservedPathReason(
  urlPath: string,
  languageCodes: readonly string[],
  atRoot: boolean,
): string | undefined {
  if (!atRoot) return undefined;
  const first = urlPath.split('/')[1] ?? '';
  if (first === '') return undefined;
  if (languageCodes.includes(first)) return `"${first}" is a language prefix`;
  if (reservedRootNames.has(first))
    return `"${first}" is a path the build or a web host reserves (${[...reservedRootNames].join(', ')})`;
  return undefined;
}
