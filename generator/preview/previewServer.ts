/**
 * `site preview`: serves the built folder on this machine the way a host with
 * our rules does. It reads the generated `_redirects` and `_headers` and applies
 * them as Netlify does, so what an editor previews (status codes, redirects, the
 * cockpit host, the not-found page per language, headers) is what the host
 * serves. tests/helpers/hosts.ts holds the one table of answers that the preview,
 * nginx and Apache must all give. It serves the newest build without a restart:
 * files are read per request, and the rules again whenever their files changed.
 */
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SiteError } from '../errors/siteError.ts';
import { requestContext, siteHandlers, type PreviewHandler } from './handlers.ts';
import { resolveRequest } from './paths.ts';
import { readSiteRules, ruleFiles } from './hostFileRules.ts';

export interface PreviewOptions {
  dir: string;
  host?: string;
  port?: number;
  /** Handlers tried before the site's own, e.g. a command's live-reload endpoint. */
  handlers?: PreviewHandler[];
}

export interface PreviewServer {
  url: string;
  /** Reads the folder's rules again now (each request also does when the rule files changed). */
  reloadRules(): Promise<void>;
  close(): Promise<void>;
}

/** A listen error the user can fix (a port in use, an address not of this machine) as a SiteError; anything else stays a bug. */
function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const known: Record<string, [string, string]> = {
    EADDRINUSE: [
      'is already in use',
      'Stop the other server, or choose another port with --port (--port 0 picks a free one).',
    ],
    EACCES: ['needs privileges this user does not have', 'Choose a port from 1024 up with --port.'],
    EADDRNOTAVAIL: [
      'is not an address of this machine',
      'Choose one of its addresses with --host, e.g. --host 127.0.0.1.',
    ],
    ENOTFOUND: [
      'names a host that does not resolve',
      'Choose an address of this machine with --host, e.g. --host 127.0.0.1.',
    ],
  };
  const reason = error.code ? known[error.code] : undefined;
  if (!reason) return error;
  return new SiteError({
    code: 'PREVIEW_FAILED',
    message: `Cannot listen on ${where}: it ${reason[0]} (${error.code}).`,
    hint: reason[1],
  });
}

/**
 * What the rule files are now: each one's inode, size and change time. `site build` swaps a
 * whole new folder in (new inodes), so a server started before it serves the new rules from
 * the next request on, without a restart; two stat calls per request cost next to nothing.
 */
async function rulesStamp(root: string): Promise<string> {
  const parts = await Promise.all(
    ruleFiles.map((name) =>
      stat(path.join(root, name), { bigint: true }).then(
        (info) => `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`,
        () => 'none',
      ),
    ),
  );
  return parts.join('|');
}

export async function startPreviewServer(options: PreviewOptions): Promise<PreviewServer> {
  const root = path.resolve(options.dir);
  let rules = await readSiteRules(root);
  let handlers = [...(options.handlers ?? []), ...siteHandlers(rules)];
  let stamp = await rulesStamp(root);
  let reloading: Promise<void> | undefined;
  const reloadRules = async () => {
    stamp = await rulesStamp(root);
    rules = await readSiteRules(root);
    handlers = [...(options.handlers ?? []), ...siteHandlers(rules)];
  };
  /** A build swapped a new output in (or rewrote the rules) since they were read: read them again, once for all waiting requests. */
  const currentRules = async () => {
    if ((await rulesStamp(root)) !== stamp)
      reloading ??= reloadRules().finally(() => (reloading = undefined));
    if (reloading) await reloading;
  };

  const server = createServer(async (request, response) => {
    try {
      await currentRules();
      const resolved = resolveRequest(root, request.url ?? '/');
      if (!resolved) {
        response.writeHead(400, rules.headersFor('/')).end();
        return;
      }
      const context = requestContext(resolved, request, response, root, rules);
      for (const handler of handlers) if (await handler(context)) return;
      response.writeHead(404, context.headers).end();
    } catch {
      // The preview's own errors carry the security headers too.
      if (!response.headersSent) response.writeHead(500, rules.headersFor('/'));
      response.end();
    }
  });
  // A request Node cannot parse: answered 400 here, with the security headers, instead of Node's bare answer.
  server.on('clientError', (_error, socket) => {
    if (!socket.writable) return socket.destroy();
    const headers = Object.entries({
      ...rules.headersFor('/'),
      'Content-Length': '0',
      Connection: 'close',
    }).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.end(`HTTP/1.1 400 Bad Request\r\n${headers.join('')}\r\n`);
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
        reloadRules,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
