/**
 * The editor's HTTP endpoints, only in `site dev`:
 *
 *   GET  /__site/editor/text?key=…   a text in every language
 *   POST /__site/editor/save         {key, values: {language: text}, versions}
 *   POST /__site/editor/list         {key, action: add|remove|up|down, versions}
 *   POST /__site/editor/confirm      {key, language, versions}: the translation is current
 *
 * and the panel's script and styles (same-origin files: the pages' CSP stays as
 * strict as in production). Every request to an endpoint must come from a page
 * this server served, to this server: a Host that names this server (an address
 * and its port: a DNS-rebinding page's name is refused), no foreign Origin (a
 * POST must carry its own), the session's token that only served pages carry,
 * JSON of at most `maxBodyBytes`, and a key, never a path. Anything else gets
 * 403, 400, 405, 413 or 415 and writes nothing.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { PreviewHandler } from '../../preview/handlers.ts';
import type { SaveResult, TextEditor } from './editor.ts';
import { EditorRequestError } from './texts.ts';

export const editorScriptPath = '/__site/editor.js';
export const editorStylesPath = '/__site/editor.css';
const endpointPrefix = '/__site/editor/';
export const tokenHeader = 'x-site-token';
/** Four languages of the longest text a build accepts fit many times over. */
export const maxBodyBytes = 64 * 1024;

export const createSessionToken = () => randomBytes(24).toString('base64url');

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** The page as dev serves it with the editor: its script, which carries the session's token. */
export function withEditorScript(html: string, token: string): string {
  const tag = `<script type="module" src="${editorScriptPath}" data-site-token="${escapeAttribute(token)}"></script>`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : `${html}${tag}`;
}

/**
 * A Host header that names this server: an IP address (or localhost) and its
 * port. A name that resolves here only by DNS rebinding is refused.
 */
export function isOwnHost(hostHeader: string | undefined, port: number): boolean {
  if (!hostHeader) return false;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+):(\d+)$/i.exec(hostHeader.trim());
  if (!match || Number(match[2]) !== port) return false;
  const name = match[1].replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || isIP(name) !== 0;
}

const sameToken = (given: string | string[] | undefined, token: string) => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

async function readBody(request: IncomingMessage): Promise<string> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBodyBytes)
    throw new EditorRequestError(413, `The request is over ${maxBodyBytes / 1024} KB`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes)
      throw new EditorRequestError(413, `The request is over ${maxBodyBytes / 1024} KB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const methods: Record<string, string> = { text: 'GET', save: 'POST', list: 'POST', confirm: 'POST' };

export interface EditorEndpointsOptions {
  editor: TextEditor;
  token: string;
  /** The port the server listens on, once known. */
  port: () => number;
  script: () => string;
  styles: () => string;
}

export function editorEndpoints(options: EditorEndpointsOptions): PreviewHandler {
  const { editor, token } = options;
  return async ({ request, response, urlPath, search, headers }) => {
    const send = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      // Nothing is read from the request after an early answer: the connection closes.
      response
        .writeHead(status, {
          ...headers,
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-store',
          ...(status >= 400 && request.method === 'POST' ? { Connection: 'close' } : {}),
          ...extra,
        })
        .end(JSON.stringify(body));
      return true;
    };
    const file = (type: string, body: string) => {
      response.writeHead(200, { ...headers, 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body);
      return true;
    };
    if (urlPath === editorScriptPath) return file('text/javascript; charset=utf-8', options.script());
    if (urlPath === editorStylesPath) return file('text/css; charset=utf-8', options.styles());
    if (!urlPath.startsWith(endpointPrefix)) return false;

    const refuse = (status: number, message: string) => send(status, { error: message });
    if (!isOwnHost(request.headers.host, options.port()))
      return refuse(403, 'This server answers only requests to its own address');
    const origin = request.headers.origin;
    const ownOrigin = `http://${request.headers.host}`;
    if (origin !== undefined && origin !== ownOrigin)
      return refuse(403, 'Requests from other sites are refused');
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite !== undefined && fetchSite !== 'same-origin')
      return refuse(403, 'Requests from other sites are refused');
    const action = urlPath.slice(endpointPrefix.length);
    const method = methods[action];
    if (!method) return refuse(404, 'No such editor endpoint');
    if (request.method !== method) return send(405, { error: 'Method not allowed' }, { Allow: method });
    if (!sameToken(request.headers[tokenHeader], token))
      return refuse(403, 'The session token is missing or wrong: reload the page');
    try {
      if (method === 'GET') {
        const key = new URLSearchParams(search).get('key');
        return send(200, await editor.read(key));
      }
      if (origin === undefined) return refuse(403, 'A change must say where it comes from (Origin)');
      if (!/^application\/json\b/i.test(request.headers['content-type'] ?? ''))
        return refuse(415, 'Expected JSON');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(request)) as Record<string, unknown>;
      } catch (error) {
        if (error instanceof EditorRequestError) throw error;
        return refuse(400, 'The request is not valid JSON');
      }
      if (body === null || typeof body !== 'object') return refuse(400, 'Expected a JSON object');
      const result: SaveResult =
        action === 'save'
          ? await editor.save({ key: body.key, values: body.values, versions: body.versions })
          : action === 'confirm'
            ? await editor.confirm({ key: body.key, language: body.language, versions: body.versions })
            : await editor.changeList({ key: body.key, action: body.action, versions: body.versions });
      const status = { saved: 200, confirmed: 200, unchanged: 200, invalid: 422, conflict: 409 }[
        result.outcome
      ];
      return send(status, result);
    } catch (error) {
      if (error instanceof EditorRequestError)
        return send(error.status, { error: error.message, hint: error.hint });
      throw error;
    }
  };
}
