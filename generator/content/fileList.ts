/**
 * The files of a folder, listed with Node's synchronous calls: a build lists a few
 * small folders before anything else can start, and a glob library (or an
 * asynchronous call per folder) costs more to load and run than the listing itself.
 * Links count as what they lead to, as the content loader reads them; a broken link
 * is no file, and a link back to a folder above is not followed round again.
 */
import { readdirSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';

export interface FileListOptions {
  /** Also names starting with a dot (and what folders named so hold); false by default, as in a glob. */
  dot?: boolean;
}

/** Whether an entry is a file, or a folder, following a link. */
function kindOf(folder: string, entry: Dirent): 'file' | 'folder' | undefined {
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'folder';
  if (!entry.isSymbolicLink()) return undefined;
  try {
    const target = statSync(path.join(folder, entry.name));
    return target.isFile() ? 'file' : target.isDirectory() ? 'folder' : undefined;
  } catch {
    return undefined; // broken, a loop, or not ours to read: no file (the loader says why where one is needed)
  }
}

function entriesOf(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return []; // missing, not a folder, unreadable: nothing to list
  }
}

/** The files directly in `folder` whose names end with `suffix`, in the order the file system gives. */
export function filesIn(folder: string, suffix = '', options: FileListOptions = {}): string[] {
  return entriesOf(folder)
    .filter(
      (entry) =>
        entry.name.endsWith(suffix) &&
        (options.dot || !entry.name.startsWith('.')) &&
        kindOf(folder, entry) === 'file',
    )
    .map((entry) => entry.name);
}

/** Every file under `folder`, relative with forward slashes, sorted; none when it does not exist. */
export function filesUnder(folder: string, options: FileListOptions = {}): string[] {
  const files: string[] = [];
  /** The folders on the way down (device and inode), so that a link to one of them ends the walk there. */
  const walk = (absolute: string, relative: string, above: Set<string>) => {
    let info;
    try {
      info = statSync(absolute);
    } catch {
      return; // missing, a loop, unreadable
    }
    if (!info.isDirectory()) return;
    const id = `${info.dev}:${info.ino}`;
    if (above.has(id)) return;
    const within = new Set(above).add(id);
    for (const entry of entriesOf(absolute)) {
      if (!options.dot && entry.name.startsWith('.')) continue;
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      const kind = kindOf(absolute, entry);
      if (kind === 'file') files.push(name);
      else if (kind === 'folder') walk(path.join(absolute, entry.name), name, within);
    }
  };
  walk(folder, '', new Set());
  return files.sort();
}
