/**
 * Watches the folders an editor changes (content, templates, client scripts and
 * styles) with chokidar and hands every path that changed to a callback. An
 * editor's own scratch files (vim's swap files, emacs' lock files, backups) are
 * not the site's and are ignored; chokidar's `atomic` turns a file deleted and
 * written again at once into one change.
 */
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { watch } from 'chokidar';

export interface Watcher {
  close(): Promise<void>;
}

/** Editors' scratch files: `.home.yaml.swp`, `.#home.yaml`, `home.yaml~`, vim's `4913` probe, `*.tmp`. */
export const isEditorScratchFile = (file: string) => /(^|[\\/])(\.#[^\\/]*|#[^\\/]*#|4913)$|~$|\.sw[a-p]x?$|\.tmp$|\.crswap$/.test(file);

/**
 * chokidar passes on one change of a file per 50 ms and drops the others in that time
 * (`_throttle` in its index.js), with nothing reported once they end. A save that
 * follows the last one that closely, after the rebuild has read the file, would be lost:
 * so a file that changed is looked at again once the time has passed, and reported
 * again if its modification time moved. Not its size: chokidar sees a save's truncation
 * (size 0) and reports that, while the write lands in the same clock tick.
 */
const chokidarChangeThrottleMs = 50;

export async function watchFolders(folders: string[], onChange: (file: string) => void, onError: (error: unknown) => void): Promise<Watcher> {
  // alwaysStat: each change comes with the file's modification time as chokidar saw it.
  const watcher = watch(folders, { ignoreInitial: true, atomic: true, alwaysStat: true, ignored: isEditorScratchFile });
  const rechecks = new Map<string, NodeJS.Timeout>();
  const recheckLater = (file: string, seen: Stats | undefined) => {
    clearTimeout(rechecks.get(file));
    const timer = setTimeout(async () => {
      rechecks.delete(file);
      // A file removed since is reported by chokidar itself (removals are not dropped).
      const now = await stat(file).catch(() => undefined);
      if (now && now.mtimeMs !== seen?.mtimeMs) onChange(file);
    }, chokidarChangeThrottleMs + 10);
    timer.unref();
    rechecks.set(file, timer);
  };
  watcher.on('all', (event, file, stats) => {
    if (event === 'add' || event === 'change' || event === 'unlink' || event === 'addDir' || event === 'unlinkDir') onChange(file);
    if (event === 'change') recheckLater(file, stats);
  });
  await new Promise<void>((resolve, reject) => {
    watcher.once('ready', resolve);
    watcher.once('error', reject);
  });
  // A folder that vanishes for a moment (an editor replacing it) must not end the server.
  watcher.on('error', (error) => onError(error));
  return {
    close: () => {
      for (const timer of rechecks.values()) clearTimeout(timer);
      return watcher.close();
    },
  };
}
