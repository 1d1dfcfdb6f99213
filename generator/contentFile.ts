/**
 * The one way to read a file of the content folder. A symbolic link may lead
 * anywhere (`texts/it/notFound.yaml -> /home/someone/.ssh/config`, an image linked
 * to a private file, `/dev/zero`): whatever the content holds is published, so a
 * file whose real path leaves the content folder is refused before a byte of it is
 * read, and the refusal names only the link, never what it leads to.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Content files are small (the largest real one is about 12 KB); one of many
 * megabytes is a mistake (a pasted export, a binary) that would stall the build.
 * The limit leaves room for a hundred times today's content (the bench's scale run).
 */
export const maxContentFileBytes = 8 * 1024 * 1024;

/** Why a content file was not read, as a code beside Node's own (`ENOENT`, `EISDIR`, `ELOOP`, …). */
export type ContentFileRefusal = 'OUTSIDE_CONTENT' | 'NOT_A_FILE' | 'TOO_BIG';

/** A content file refused by this module; its message names the file as the content has it, nothing of its target. */
export class ContentFileError extends Error {
  constructor(
    readonly code: ContentFileRefusal,
    readonly file: string,
    /** The file's size, for TOO_BIG. */
    readonly bytes?: number,
  ) {
    super(`${code}: ${file}`);
    this.name = 'ContentFileError';
  }
}

/** True when `real` is `root` itself or a path beneath it. */
function isInside(root: string, real: string): boolean {
  const relative = path.relative(root, real);
  return (
    relative === '' ||
    (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  );
}

/**
 * The real path of `file`, a path under `contentDir`, once it is known to stay inside the
 * content folder's own real path (the folder itself may be a link). Node's errors
 * (`ENOENT`, `ELOOP`, `EACCES`) pass through; a file outside is a ContentFileError.
 */
export async function realContentPath(contentDir: string, file: string): Promise<string> {
  const [root, real] = await Promise.all([realpath(contentDir), realpath(file)]);
  if (!isInside(root, real)) throw new ContentFileError('OUTSIDE_CONTENT', file);
  return real;
}

/**
 * The bytes of a regular file under the content folder, at most `maxBytes` of them.
 * Refused (ContentFileError): a real path outside the folder, anything but a regular
 * file (a folder, a device, a pipe that would never end), a file over the limit.
 */
export async function readContentFile(contentDir: string, file: string, maxBytes: number): Promise<Buffer> {
  const real = await realContentPath(contentDir, file);
  // stat before reading: opening a pipe would wait for a writer that never comes.
  const info = await stat(real);
  if (info.isDirectory()) throw Object.assign(new Error(`EISDIR: ${file}`), { code: 'EISDIR' });
  if (!info.isFile()) throw new ContentFileError('NOT_A_FILE', file);
  if (info.size > maxBytes) throw new ContentFileError('TOO_BIG', file, info.size);
  return readFile(real);
}
