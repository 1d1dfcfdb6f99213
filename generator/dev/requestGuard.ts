/**
 * Who `site dev` answers. A web page the editor visits can reach a server on this
 * machine through a host name of its own that resolves to 127.0.0.1 (DNS
 * rebinding): the browser then sends that name as `Host`. So dev answers only the
 * names it is known by (the address it printed, localhost, 127.0.0.1, [::1] and the
 * --host given, each with its port) and refuses any other with a bare 403. Its own
 * endpoints under /__site/ only read: any method but GET and HEAD is a 405. The
 * editor's endpoints (/__site/editor/) write, and check their methods, token and
 * Origin themselves.
 */
import path from 'node:path';
import type { PreviewHandler } from '../preview/handlers.ts';
import type { OverlayProblem } from './overlay.ts';

export const devPathPrefix = '/__site/';
const editorPathPrefix = '/__site/editor/';

/** The `Host` values dev answers, lower case, each with the port: `127.0.0.1:4173`, `localhost:4173`, … */
export function allowedHosts(url: string, host: string | undefined): Set<string> {
  const { hostname, port } = new URL(url);
  const names = [hostname, 'localhost', '127.0.0.1', '[::1]'];
  if (host) names.push(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
  return new Set(names.map((name) => `${name.toLowerCase()}:${port}`));
}

/**
 * The first handler of dev: a request for another host name gets 403 and nothing else,
 * and /__site/ takes only GET and HEAD. `allowed` is read per request: the port is
 * known only once the server listens.
 */
export function requestGuard(allowed: () => ReadonlySet<string>): PreviewHandler {
  return ({ request, response, urlPath }) => {
    const host = (request.headers.host ?? '').toLowerCase();
    if (!allowed().has(host)) {
      response.writeHead(403, { 'Content-Length': '0', Connection: 'close' }).end();
      return true;
    }
    const readOnly = urlPath.startsWith(devPathPrefix) && !urlPath.startsWith(editorPathPrefix);
    if (readOnly && request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Length': '0' }).end();
      return true;
    }
    return false;
  };
}

/**
 * Problems as dev shows them to a browser: each file and stack path relative to the
 * project (the folder that holds the content folder, or the generator's own folder
 * for a template), never the absolute paths of this machine.
 */
export function projectRelativeProblems(
  problems: OverlayProblem[],
  projectFolders: readonly string[],
): OverlayProblem[] {
  const roots = projectFolders.map((folder) => path.resolve(folder));
  const relative = (file: string) => {
    const absolute = path.resolve(file);
    for (const root of roots) {
      const inside = path.relative(root, absolute);
      if (!inside.startsWith('..') && !path.isAbsolute(inside)) return inside.split(path.sep).join('/');
    }
    return path.basename(absolute);
  };
  const withoutRoots = (text: string) =>
    roots.reduce((result, root) => result.replaceAll(`${root}${path.sep}`, ''), text);
  return problems.map((problem) => ({
    ...problem,
    ...(problem.file === undefined ? {} : { file: relative(problem.file) }),
    ...(problem.stack === undefined ? {} : { stack: withoutRoots(problem.stack) }),
    message: withoutRoots(problem.message),
  }));
}
