/**
 * Reading a content file as text: missing, a folder, a loop, not UTF-8 or too big
 * are each said in plain words.
 */
import { readFile, stat } from 'node:fs/promises';
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

/** Reads a content file as UTF-8 text, or reports why it cannot be (missing, a folder, a loop, not UTF-8, too big). */
export async function readContentText(
  absolute: string,
  relativePath: string,
  problems: ProblemList,
): Promise<string | undefined> {
  let bytes: Buffer;
  try {
    const info = await stat(absolute);
    if (info.isFile() && info.size > maxContentFileBytes) {
      problems.add(
        'CONTENT_SCHEMA',
        `File is ${(info.size / 1024 / 1024).toFixed(1)} MB; content files are at most ${maxContentFileBytes / 1024 / 1024} MB`,
        absolute,
        undefined,
        'A content file holds texts and numbers; check that nothing was pasted into it by mistake.',
      );
      return undefined;
    }
    bytes = await readFile(absolute);
  } catch (error) {
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
