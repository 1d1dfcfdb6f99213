/**
 * Watches the folders an editor changes (content, templates, client scripts and
 * styles) with chokidar and hands every path that changed to a callback. An
 * editor's own scratch files (vim's swap files, emacs' lock files, backups) are
 * not the site's and are ignored; chokidar's `atomic` turns a file deleted and
 * written again at once into one change.
 */
import { watch } from 'chokidar';

export interface Watcher {
  close(): Promise<void>;
}

/** Editors' scratch files: `.home.yaml.swp`, `.#home.yaml`, `home.yaml~`, vim's `4913` probe, `*.tmp`. */
export const isEditorScratchFile = (file: string) => /(^|[\\/])(\.#[^\\/]*|#[^\\/]*#|4913)$|~$|\.sw[a-p]x?$|\.tmp$|\.crswap$/.test(file);

export async function watchFolders(folders: string[], onChange: (file: string) => void, onError: (error: unknown) => void): Promise<Watcher> {
  const watcher = watch(folders, { ignoreInitial: true, atomic: true, ignored: isEditorScratchFile });
  watcher.on('all', (event, file) => {
    if (event === 'add' || event === 'change' || event === 'unlink' || event === 'addDir' || event === 'unlinkDir') onChange(file);
  });
  await new Promise<void>((resolve, reject) => {
    watcher.once('ready', resolve);
    watcher.once('error', reject);
  });
  // A folder that vanishes for a moment (an editor replacing it) must not end the server.
  watcher.on('error', (error) => onError(error));
  return { close: () => watcher.close() };
}
