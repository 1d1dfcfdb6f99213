/**
 * `site preview`: serves the built folder on this machine the way a static host
 * does: folder indexes, a slash added to folder paths with a permanent redirect,
 * and the not-found page of the visitor's language with status 404.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

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

export interface PreviewOptions {
  dir: string;
  host?: string;
  port?: number;
}

export interface PreviewServer {
  url: string;
  close(): Promise<void>;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The not-found page of the language the path is under; Italian elsewhere. */
export function notFoundFileFor(urlPath: string): string {
  const language = /^\/(en|de|fr)(\/|$)/.exec(urlPath)?.[1];
  return language ? `${language}/404.html` : '404.html';
}

function send(response: ServerResponse, status: number, file: string) {
  response.writeHead(status, { 'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
}

async function handle(root: string, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://preview.invalid');
  let urlPath: string;
  try {
    urlPath = decodeURIComponent(url.pathname);
  } catch {
    urlPath = '/';
  }
  const target = path.join(root, urlPath);
  if (!target.startsWith(root)) {
    response.writeHead(400).end();
    return;
  }
  if (urlPath.endsWith('/')) {
    if (await isFile(path.join(target, 'index.html'))) return send(response, 200, path.join(target, 'index.html'));
  } else if (await isFile(target)) {
    return send(response, 200, target);
  } else if (await isFile(path.join(target, 'index.html'))) {
    response.writeHead(301, { Location: `${url.pathname}/${url.search}` }).end();
    return;
  }
  send(response, 404, path.join(root, notFoundFileFor(urlPath)));
}

export function startPreviewServer(options: PreviewOptions): Promise<PreviewServer> {
  const root = path.resolve(options.dir);
  const server = createServer((request, response) => {
    handle(root, request, response).catch(() => response.writeHead(500).end());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4173, options.host ?? '127.0.0.1', () => {
      const address = server.address() as AddressInfo;
      resolve({
        url: `http://${address.address}:${address.port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
