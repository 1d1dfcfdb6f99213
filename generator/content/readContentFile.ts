/**
 * The one way to read a file of the content folder, and reading one as text.
 * A symbolic link may lead anywhere (`texts/it/notFound.yaml -> /home/someone/.ssh/config`,
 * an image linked to a private file, `/dev/zero`): whatever the content holds is
 * published, so a file whose real path leaves the content folder is refused before
 * a byte of it is read, and the refusal names only the link, never what it leads to.
 * Missing, a folder, a loop, not UTF-8 or too big are each said in plain words.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ProblemList } from './parsedFile.ts';

/** Why a file could not be read, in plain words; undefined for a plain missing file. */
export function unreadableReason(code: string | undefined): string | undefined {
  switch (code) {
    case 'EISDIR':
      return 'is a folder, where a file is needed';
    case 'ELOOP':
      return 'is a symbolic link that leads back to itself (a loop)';
    case 'ENOTDIR':
      return 'cannot be reached: a part of its path is a file, where a folder is needed';
    case 'EACCES':
    case 'EPERM':
      return 'cannot be read: no permission';
    case 'NOT_A_FILE':
      return 'is not a plain file (a device or a pipe)';
    default:
      return undefined;
  }
}

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

/**
 * `readContentFile` with synchronous calls, for the YAML files: a build reads a hundred
 * small ones, and an asynchronous call costs more than such a read (a hop to a worker thread and back).
 */
export function readContentFileSync(contentDir: string, file: string, maxBytes: number): Buffer {
  const real = realpathSync.native(file);
  if (!isInside(realpathSync.native(contentDir), real)) throw new ContentFileError('OUTSIDE_CONTENT', file);
  // stat before reading: opening a pipe would wait for a writer that never comes.
  const info = statSync(real);
  if (info.isDirectory()) throw Object.assign(new Error(`EISDIR: ${file}`), { code: 'EISDIR' });
  if (!info.isFile()) throw new ContentFileError('NOT_A_FILE', file);
  if (info.size > maxBytes) throw new ContentFileError('TOO_BIG', file, info.size);
  return readFileSync(real);
}

/** A file (or image) whose real path leaves the content folder: named, never read. */
export const outsideMessage = 'This file is a link that leads outside the content folder; it was not read';

/** Reads a content file as UTF-8 text, or reports why it cannot be (missing, a folder, a loop, not UTF-8, too big). */
export async function readContentText(
  contentDir: string,
  absolute: string,
  relativePath: string,
  problems: ProblemList,
): Promise<string | undefined> {
  let bytes: Buffer;
  try {
    bytes = readContentFileSync(contentDir, absolute, maxContentFileBytes);
  } catch (error) {
    if (error instanceof ContentFileError && error.code === 'TOO_BIG') {
      problems.add(
        'CONTENT_SCHEMA',
        `File is ${(error.bytes! / 1024 / 1024).toFixed(1)} MB; content files are at most ${maxContentFileBytes / 1024 / 1024} MB`,
        absolute,
        undefined,
        'A content file holds texts and numbers; check that nothing was pasted into it by mistake.',
      );
      return undefined;
    }
    if (error instanceof ContentFileError && error.code === 'OUTSIDE_CONTENT') {
      problems.add('CONTENT_OUTSIDE', outsideMessage, absolute);
      return undefined;
    }
    const code = (error as NodeJS.ErrnoException).code;
    const reason = unreadableReason(code);
    if (reason)
      problems.add(
        'CONTENT_MISSING_FILE',
        `Required content file ${reason}`,
        absolute,
        undefined,
        `${relativePath} must be a plain YAML file.`,
      );
    else
      problems.add(
        'CONTENT_MISSING_FILE',
        'Required content file is missing',
        absolute,
        undefined,
        `Create ${relativePath} under the content folder.`,
      );
    return undefined;
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    problems.add(
      'CONTENT_YAML_SYNTAX',
      'File is saved as UTF-16; content files must be UTF-8',
      absolute,
      { line: 1, col: 1 },
      'Save the file as UTF-8 (in VS Code: click the encoding in the status bar, "Save with Encoding", UTF-8).',
    );
    return undefined;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Point at the first byte that is not UTF-8: usually an accented letter saved as Latin-1.
    const valid = new TextDecoder('utf-8').decode(bytes).split('\uFFFD')[0];
    const lines = valid.split('\n');
    problems.add(
      'CONTENT_YAML_SYNTAX',
      'File is not UTF-8 (an accented letter saved as Latin-1 or Windows-1252?)',
      absolute,
      { line: lines.length, col: lines.at(-1)!.length + 1 },
      'Save the file as UTF-8 (in VS Code: "Save with Encoding", UTF-8) and check the letters at this place.',
    );
    return undefined;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const bareCr = /\r(?!\n)/.exec(text);
  if (bareCr) {
    const before = text.slice(0, bareCr.index).split(/\r\n|\n/);
    problems.add(
      'CONTENT_YAML_SYNTAX',
      'File ends its lines with a lone carriage return (old Mac line ends)',
      absolute,
      { line: before.length, col: before.at(-1)!.length + 1 },
      'Save the file with LF line ends (in VS Code: click "CR" or "CRLF" in the status bar and choose LF).',
    );
    return undefined;
  }
  return text;
}
