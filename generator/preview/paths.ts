/**
 * How the preview reads a request: its path as nginx reads it, the file that path
 * names inside the served folder, and the host it was sent to.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The Host header's name: any letter case, with or without a port (`[::1]:4173`
 * included), and without the trailing dot of a fully qualified name
 * (`cockpit.example.com.` is the same host, as nginx reads it).
 */
export function hostName(header: string | undefined): string {
  const value = (header ?? '').trim().toLowerCase();
  return value.startsWith('[')
    ? value.slice(0, value.indexOf(']') + 1)
    : value.replace(/:\d*$/, '').replace(/\.$/, '');
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

/**
 * Whether a file may be served: it exists, is a regular file, and its real path
 * (every symlink followed) is inside the root's real path. A symlink in the
 * folder that points out of it serves nothing, as if the file did not exist.
 */
export async function isServableFile(root: string, file: string): Promise<boolean> {
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]);
    if (!realFile.startsWith(realRoot + path.sep)) return false;
    return (await stat(realFile)).isFile();
  } catch {
    return false;
  }
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
  return {
    urlPath: `/${inside}${folder ? '/' : ''}`,
    target,
    search: queryAt === -1 ? '' : requestUrl.slice(queryAt),
  };
}
