/**
 * The preview's handlers on a tiny built folder: which one answers a request, with what status, headers
 * and body. Each test serves the folder with the handler list it is about, and nothing else.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentTypeOf,
  requestContext,
  siteHandlers,
  staticFiles,
  type PreviewHandler,
} from '../../../generator/preview/handlers.ts';
import { readSiteRules, type SiteRules } from '../../../generator/preview/hostFileRules.ts';
import { resolveRequest } from '../../../generator/preview/paths.ts';
import { makeTempDir } from '../../helpers/site.ts';

/** A home page, a folder page, an image, a not-found page, a forced and an ordinary rule, and the security header. */
const builtFolder: Record<string, string> = {
  'index.html': '<p>home</p>',
  'en/index.html': '<p>english home</p>',
  'a b/index.html': '<p>a folder with a space</p>',
  'forced/index.html': '<p>the file a forced rule hides</p>',
  'cockpit.html': '<p>cockpit</p>',
  'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  '404.html': '<p>not found page</p>',
  'nginx.conf': 'server {}',
  _redirects: ['/forced /cockpit.html 200!', '/en/ /de/ 301', '/old /en/ 301', '/lost /gone.html 200'].join(
    '\n',
  ),
  _headers: '/*\n  X-Frame-Options: DENY\n',
};

let root: string;
let rules: SiteRules;
const servers: Server[] = [];

beforeAll(async () => {
  root = await makeTempDir('preview-handlers');
  for (const [file, text] of Object.entries(builtFolder)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  rules = await readSiteRules(root);
});
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

/** Serves the folder with these handlers; a request none answers gets 599. */
async function serveWith(handlers: PreviewHandler[]): Promise<string> {
  const server = createServer(async (request, response) => {
    const resolved = resolveRequest(root, request.url ?? '/')!;
    const context = requestContext(resolved, request, response, root, rules);
    for (const handler of handlers) if (await handler(context)) return;
    response.writeHead(599).end('no handler answered');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const get = async (url: string, init: RequestInit = {}) => {
  const response = await fetch(url, { redirect: 'manual', ...init });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    location: response.headers.get('location'),
    frame: response.headers.get('x-frame-options'),
    body: await response.text(),
  };
};

describe('contentTypeOf', () => {
  it('names a file’s type by its extension, and anything unknown as bytes', () => {
    expect(contentTypeOf('/x/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('site.webmanifest')).toBe('application/manifest+json');
    expect(contentTypeOf('photo.avif')).toBe('image/avif');
    expect(contentTypeOf('archive.tar')).toBe('application/octet-stream');
  });
});

describe('staticFiles alone', () => {
  it('serves a file, a folder’s index.html at the folder with its slash, and lets a miss through', async () => {
    const url = await serveWith([staticFiles]);
    expect(await get(`${url}/logo.svg`)).toMatchObject({ status: 200, type: 'image/svg+xml', frame: 'DENY' });
    expect(await get(`${url}/en/`)).toMatchObject({ status: 200, body: '<p>english home</p>' });
    expect(await get(`${url}/nowhere/`)).toMatchObject({ status: 599 });
  });

  it('sends a folder path without its slash to the path with it, keeping the query and encoding the path', async () => {
    const url = await serveWith([staticFiles]);
    expect(await get(`${url}/en?utm=x`)).toMatchObject({
      status: 301,
      location: '/en/?utm=x',
      frame: 'DENY',
    });
    expect(await get(`${url}/a%20b`)).toMatchObject({ status: 301, location: '/a%20b/' });
  });
});

describe('the site’s handlers, in the order a host answers', () => {
  let url: string;
  beforeAll(async () => {
    url = await serveWith(siteHandlers(rules));
  });

  it('refuses any method but GET and HEAD with 405, Allow and the security headers', async () => {
    expect(await get(`${url}/`, { method: 'POST', body: 'x' })).toMatchObject({
      status: 405,
      frame: 'DENY',
      body: 'Method not allowed\n',
    });
    expect((await fetch(`${url}/`, { method: 'DELETE' })).headers.get('allow')).toBe('GET, HEAD');
    expect((await get(`${url}/`, { method: 'HEAD' })).status).toBe(200);
  });

  it('hides the host configuration in any letter case, as the not-found page', async () => {
    for (const hidden of ['/nginx.conf', '/NGINX.CONF', '/_redirects', '/_headers'])
      expect(await get(`${url}${hidden}`), hidden).toMatchObject({
        status: 404,
        body: '<p>not found page</p>',
      });
  });

  it('applies a forced rule even where a file exists, and an ordinary rule only where none does', async () => {
    expect(await get(`${url}/forced/`)).toMatchObject({ status: 200, body: '<p>cockpit</p>' });
    expect(await get(`${url}/en/`)).toMatchObject({ status: 200, body: '<p>english home</p>' });
    expect(await get(`${url}/old/`)).toMatchObject({ status: 301, location: '/en/', frame: 'DENY' });
  });

  it('answers a rule whose target is gone with a plain 404, and anything else with the not-found page', async () => {
    expect(await get(`${url}/lost`)).toMatchObject({
      status: 404,
      type: 'text/plain; charset=utf-8',
      body: 'Not found\n',
    });
    expect(await get(`${url}/nowhere/`)).toMatchObject({
      status: 404,
      type: 'text/html; charset=utf-8',
      body: '<p>not found page</p>',
      frame: 'DENY',
    });
  });
});
