/**
 * Watches the folders an editor changes (content, templates, client scripts and
 * styles) with chokidar and hands every path that changed to a callback. An
 * editor's own scratch files (vim's swap files, emacs' lock files, backups) are
 * not the site's and are ignored; chokidar's `atomic` turns a file deleted and
 * written again at once into one change.
 */
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { watch } from 'chokidar';
import fg from 'fast-glob';

export interface Watcher {
  close(): Promise<void>;
}

/** Editors' scratch files: `.home.yaml.swp`, `.#home.yaml`, `home.yaml~`, vim's `4913` probe, `*.tmp`. */
export const isEditorScratchFile = (file: string) =>
  /(^|[\\/])(\.#[^\\/]*|#[^\\/]*#|4913)$|~$|\.sw[a-p]x?$|\.tmp$|\.crswap$/.test(file);

/**
 * chokidar passes on one change of a file per 50 ms and one removal per 100 ms, and drops
 * the others in that time (`_throttle` in its index.js), with nothing reported once it
 * ends. A save that follows the last one that closely, after the rebuild has read the
 * file, would be lost: so each file is looked at again once that time has passed, and
 * reported again if it is not as chokidar last saw it.
 */
const lookAgainAfterMs = 110;

/**
 * Whether a file differs from what chokidar reported. Not by a size of 0: chokidar often
 * sees a save's truncation and reports that, while the write lands in the same clock tick.
 */
function movedSince(seen: Stats | undefined, now: Stats | undefined): boolean {
  if (!seen || !now) return seen !== now;
  return now.mtimeMs !== seen.mtimeMs || now.ino !== seen.ino || (seen.size > 0 && now.size !== seen.size);
}

/**
 * chokidar stops watching a folder that is removed or moved away and never sees it come
 * back (`mv content away && mv away content`, a fresh copy after `rm -rf`): the watched
 * folders themselves are looked at this often, and one that is back is watched again.
 */
const folderCheckMs = 500;

/**
 * A folder that came back may still be filling (a copy in progress) while chokidar scans it
 * again, and a file written during that scan is reported by nobody. So for this long after it
 * came back, the folder's files (names, sizes, times) are compared at every look, and any
 * difference reads the whole folder again.
 */
const settleMs = 3000;

/** What a folder holds, as names, sizes and modification times; '' while it does not exist. */
async function folderSignature(folder: string): Promise<string> {
  const entries = await fg('**/*', { cwd: folder, stats: true, onlyFiles: true, dot: true }).catch(() => []);
  return entries
    .map((entry) => `${entry.path}:${entry.stats?.size}:${entry.stats?.mtimeMs}`)
    .sort()
    .join('\n');
}

/** A folder's identity (its inode), undefined while it does not exist. */
const folderIdentity = async (folder: string) => (await stat(folder).catch(() => undefined))?.ino;

export async function watchFolders(
  folders: string[],
  /** `stats`: the file as chokidar saw it, for an addition or change. */
  onChange: (file: string, stats?: Stats) => void,
  onError: (error: unknown) => void,
): Promise<Watcher> {
  // alwaysStat: each addition and change comes with the file as chokidar saw it.
  const watcher = watch(folders, {
    ignoreInitial: true,
    atomic: true,
    alwaysStat: true,
    ignored: isEditorScratchFile,
  });
  let closed = false;
  const lookingAgain = new Map<string, NodeJS.Timeout>();
  const lookAgain = (file: string, seen: Stats | undefined) => {
    clearTimeout(lookingAgain.get(file));
    const timer = setTimeout(async () => {
      lookingAgain.delete(file);
      const now = await stat(file).catch(() => undefined);
      if (!closed && movedSince(seen, now)) onChange(file);
    }, lookAgainAfterMs);
    timer.unref();
    lookingAgain.set(file, timer);
  };
  const roots = new Map<string, number | undefined>();
  for (const folder of folders) roots.set(path.resolve(folder), await folderIdentity(folder));
  watcher.on('all', (event, file, stats) => {
    // A watched folder gone: chokidar watches it no more, so it is watched again once it is back.
    if (event === 'unlinkDir' && roots.has(path.resolve(file))) roots.set(path.resolve(file), undefined);
    if (event === 'addDir' || event === 'unlinkDir') onChange(file);
    if (event === 'add' || event === 'change' || event === 'unlink') {
      onChange(file, event === 'unlink' ? undefined : stats);
      lookAgain(file, event === 'unlink' ? undefined : stats);
    }
  });
  await new Promise<void>((resolve, reject) => {
    watcher.once('ready', resolve);
    watcher.once('error', reject);
  });
  // A folder that vanishes for a moment (an editor replacing it) must not end the server.
  watcher.on('error', (error) => onError(error));
  let checking = false;
  const settling = new Map<string, { signature: string; until: number }>();
  const folderCheck = setInterval(async () => {
    if (checking || closed) return;
    checking = true;
    try {
      for (const [folder, seen] of roots) {
        const now = await folderIdentity(folder);
        if (now === seen || closed) continue;
        roots.set(folder, now);
        if (now !== undefined) {
          watcher.unwatch(folder).add(folder);
          settling.set(folder, { signature: await folderSignature(folder), until: Date.now() + settleMs });
        }
        // The whole folder changed: everything in it is read again.
        onChange(folder);
      }
      for (const [folder, last] of settling) {
        const signature = await folderSignature(folder);
        if (closed) break;
        if (signature !== last.signature) {
          settling.set(folder, { signature, until: Date.now() + settleMs });
          onChange(folder);
        } else if (Date.now() > last.until) settling.delete(folder);
      }
    } finally {
      checking = false;
    }
  }, folderCheckMs);
  folderCheck.unref();
  return {
    close: () => {
      closed = true;
      clearInterval(folderCheck);
      for (const timer of lookingAgain.values()) clearTimeout(timer);
      return watcher.close();
    },
  };
}
