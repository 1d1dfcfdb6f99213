/**
 * `site preview`: serves the built folder on this machine the way a host with
 * our rules does. It reads the generated `_redirects` and `_headers` and applies
 * them as Netlify does, so what an editor previews (status codes, redirects, the
 * cockpit host, the not-found page per language, headers) is what the host
 * serves. tests/helpers/hosts.ts holds the one table of answers that the preview,
 * nginx and Apache must all give.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SiteError } from './errors.ts';
import { escapeRegExp, fixedHostingRules, withoutSlash } from './hosting.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
};

/** The Content-Type a host sends for a file, by its extension. */
export const contentTypeOf = (file: string) => contentTypes[path.extname(file)] ?? 'application/octet-stream';

export interface RedirectRule {
  /** Only on this host (lower case), for `https://host/path` sources. */
  host?: string;
  /** The source as written, without the host: `/legal/:section`, `/en/*`. */
  from: string;
  /** The source as a regular expression: `*` is the rest of the path, `:name` one segment. */
  pattern: RegExp;
  to: string;
  status: number;
  /** `!`: applies even where a file exists. */
  force: boolean;
}

export interface HeaderRule {
  pattern: string;
  splat: boolean;
  headers: [string, string][];
}

/**
 * Netlify's matching: a trailing `*` takes the rest of the path, `:name` exactly one
 * segment, and a path matches with or without its trailing slash.
 */
export function sourcePattern(from: string): RegExp {
  const body = withoutSlash(from)
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${body}/?$`);
}

export function parseRedirects(text: string): RedirectRule[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [source, to, rawStatus = '301'] = line.split(/\s+/);
      let from = source;
      let host: string | undefined;
      if (/^https?:\/\//.test(source)) {
        const url = new URL(source);
        host = url.hostname;
        from = url.pathname;
      }
      return { host, from, pattern: sourcePattern(from), to, status: Number.parseInt(rawStatus, 10), force: rawStatus.endsWith('!') };
    });
}

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const splat = line.trim().endsWith('*');
      rules.push({ pattern: splat ? line.trim().slice(0, -1) : line.trim(), splat, headers: [] });
    } else {
      const separator = line.indexOf(':');
      rules.at(-1)?.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
    }
  }
  return rules;
}

/** The Host header's name: any letter case, with or without a port (`[::1]:4173` included). */
export function hostName(header: string | undefined): string {
  const value = (header ?? '').trim().toLowerCase();
  return value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.replace(/:\d*$/, '');
}

function matches(rule: RedirectRule, host: string, urlPath: string): boolean {
  if (rule.host && rule.host !== host) return false;
  return rule.pattern.test(urlPath);
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The file a decoded URL path names inside the root, or undefined when the path
 * leaves it (`/../dist-old/secret`). The separator matters: `/srv/dist-old` starts
 * with `/srv/dist` too.
 */
export function fileInRoot(root: string, urlPath: string): string | undefined {
  const base = path.resolve(root);
  const target = path.join(base, urlPath);
  return target === base || target.startsWith(base + path.sep) ? target : undefined;
}

export interface ResolvedRequest {
  /** The path the rules see: decoded, `.` and `..` resolved, repeated slashes merged, as nginx reads it. */
  urlPath: string;
  /** The file or folder it names inside the root. */
  target: string;
  /** The query with its `?`, or empty. */
  search: string;
}

/**
 * Reads the raw request target (`request.url`, never normalised by Node) as a path:
 * `//nginx.conf` is a path, not a host, and `/a%2F..%2Fnginx.conf` is `/nginx.conf`,
 * as nginx decodes and resolves it. (Apache refuses an encoded slash with 404.)
 * Undefined for a request that is not a path, is badly encoded, holds a NUL, or
 * leaves the root: answered 400, as nginx does.
 */
export function resolveRequest(root: string, requestUrl: string): ResolvedRequest | undefined {
  if (!requestUrl.startsWith('/')) return undefined;
  const queryAt = requestUrl.indexOf('?');
  const rawPath = queryAt === -1 ? requestUrl : requestUrl.slice(0, queryAt);
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const target = fileInRoot(root, decoded);
  if (!target) return undefined;
  // The path is read back from the file it names, so the rules and the file system never disagree about it.
  const inside = path.relative(root, target).split(path.sep).join('/');
  const folder = /\/(\.\.?)?$/.test(decoded) && inside !== '';
  return { urlPath: `/${inside}${folder ? '/' : ''}`, target, search: queryAt === -1 ? '' : requestUrl.slice(queryAt) };
}

export interface PreviewOptions {
  dir: string;
  host?: string;
  port?: number;
}

export interface PreviewServer {
  url: string;
  close(): Promise<void>;
}

const hiddenFiles = new Set(fixedHostingRules.hiddenFiles);

/** A listen error the user can fix (a port in use, an address not of this machine) as a SiteError; anything else stays a bug. */
function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const known: Record<string, [string, string]> = {
    EADDRINUSE: ['is already in use', 'Stop the other server, or choose another port with --port (--port 0 picks a free one).'],
    EACCES: ['needs privileges this user does not have', 'Choose a port from 1024 up with --port.'],
    EADDRNOTAVAIL: ['is not an address of this machine', 'Choose one of its addresses with --host, e.g. --host 127.0.0.1.'],
    ENOTFOUND: ['names a host that does not resolve', 'Choose an address of this machine with --host, e.g. --host 127.0.0.1.'],
  };
  const reason = error.code ? known[error.code] : undefined;
  if (!reason) return error;
  return new SiteError({ code: 'PREVIEW_FAILED', message: `Cannot listen on ${where}: it ${reason[0]} (${error.code}).`, hint: reason[1] });
}

export async function startPreviewServer(options: PreviewOptions): Promise<PreviewServer> {
  const root = path.resolve(options.dir);
  const readRules = async (name: string) => readFile(path.join(root, name), 'utf8').catch(() => '');
  const redirects = parseRedirects(await readRules('_redirects'));
  const headerRules = parseHeaders(await readRules('_headers'));

  const headersFor = (urlPath: string): Record<string, string> => {
    const matched = Object.fromEntries(headerRules.filter((rule) => (rule.splat ? urlPath.startsWith(rule.pattern) : urlPath === rule.pattern)).flatMap((rule) => rule.headers));
    return { 'Cache-Control': fixedHostingRules.caching.html, ...matched };
  };

  /** A missing file (a folder without 404.html, a rule whose target is gone) is a plain 404, never a crash. */
  const sendFile = async (response: ServerResponse, status: number, file: string | undefined, headers: Record<string, string>) => {
    if (!file || !(await isFile(file))) {
      response.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    response.writeHead(status, { ...headers, 'Content-Type': contentTypeOf(file) });
    // Headers are sent: a file that fails to read now can only cut the answer short.
    createReadStream(file)
      .on('error', () => response.destroy())
      .pipe(response);
  };

  /** A rule's target inside the root: a folder path means its index.html. */
  const targetFile = (to: string) => fileInRoot(root, to.endsWith('/') ? `${to}index.html` : to);

  const apply = async (rule: RedirectRule, response: ServerResponse, headers: Record<string, string>) => {
    if (rule.status >= 300 && rule.status < 400) {
      response.writeHead(rule.status, { ...headers, Location: rule.to }).end();
      return;
    }
    return sendFile(response, rule.status, targetFile(rule.to), headers);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const resolved = resolveRequest(root, request.url ?? '/');
    if (!resolved) {
      response.writeHead(400, headersFor('/')).end();
      return;
    }
    const { urlPath, target, search } = resolved;
    const host = hostName(request.headers.host);
    const headers = headersFor(urlPath);

    // The host configuration is not for visitors, whatever the rules in the folder say. In any letter
    // case: on a case-insensitive file system (macOS, Windows) `/NGINX.CONF` is the file.
    if (hiddenFiles.has(urlPath.toLowerCase())) return sendFile(response, 404, path.join(root, '404.html'), headers);

    const forced = redirects.find((rule) => rule.force && matches(rule, host, urlPath));
    if (forced) return apply(forced, response, headers);

    if (urlPath.endsWith('/')) {
      if (await isFile(path.join(target, 'index.html'))) return sendFile(response, 200, path.join(target, 'index.html'), headers);
    } else if (await isFile(target)) {
      return sendFile(response, 200, target, headers);
    } else if (await isFile(path.join(target, 'index.html'))) {
      // One slash policy: a folder path without its slash is sent to the path with it.
      response.writeHead(301, { ...headers, Location: `${urlPath.split('/').map(encodeURIComponent).join('/')}/${search}` }).end();
      return;
    }

    const rule = redirects.find((candidate) => !candidate.force && matches(candidate, host, urlPath));
    if (rule) return apply(rule, response, headers);
    return sendFile(response, 404, path.join(root, '404.html'), headers);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  const listenHost = options.host ?? '127.0.0.1';
  const listenPort = options.port ?? 4173;
  return new Promise((resolve, reject) => {
    server.once('error', (error) => reject(listenError(error, listenHost, listenPort)));
    server.listen(listenPort, listenHost, () => {
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        url: `http://${shownHost}:${address.port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
