/**
 * When each page's content last changed, as plain data for the sitemap's
 * `lastmod`. A build date would change on every build, which search engines
 * learn to ignore; the date of the newest content a page draws on changes only
 * when an editor changes that content.
 *
 * A file's date is the date of its last commit, so one checkout always gives the
 * same sitemap. A file git does not know, or one with uncommitted changes, gives
 * its modification time instead; so does every file when there is no git (a copy
 * of the content, a machine without git): the build never needs git.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder } from './fileList.ts';
import type { Route } from '../model/routeTable.ts';

/** Content file (relative to the content folder, forward slashes) to `YYYY-MM-DD`. */
export type ContentDates = Record<string, string>;

const day = (milliseconds: number) => new Date(milliseconds).toISOString().slice(0, 10);

/**
 * The git folder that knows `folder`: a `.git` folder in it or a folder above, or the one a `.git`
 * file names (a worktree, a submodule). None: git is not started at all, as starting a process
 * costs more than the rest of the dating.
 */
function gitDirOf(folder: string): string | undefined {
  for (let current = path.resolve(folder); ; current = path.dirname(current)) {
    const dotGit = path.join(current, '.git');
    const info = statSync(dotGit, { throwIfNoEntry: false });
    if (info?.isDirectory()) return dotGit;
    if (info?.isFile()) {
      const named = /^gitdir: (.+)$/m.exec(readText(dotGit) ?? '')?.[1];
      return named ? path.resolve(current, named.trim()) : undefined;
    }
    if (path.dirname(current) === current) return undefined;
  }
}

/** A file's mode (git tells a changed mode from a commit), or none. */
function modeOf(file: string): number | undefined {
  try {
    return statSync(file).mode;
  } catch {
    return undefined;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * What git's answers about the content depend on besides the content's bytes and modes: the commit
 * HEAD names, and the repository's configuration and index as their sizes and times show. Undefined
 * when it cannot be read without git (GIT_DIR set, a HEAD this does not follow): then git is asked.
 */
function repositoryState(gitDir: string): string | undefined {
  const head = readText(path.join(gitDir, 'HEAD'))?.trim();
  if (!head) return undefined;
  const commonDir = path.resolve(gitDir, readText(path.join(gitDir, 'commondir'))?.trim() || '.');
  let commit = /^[0-9a-f]{40,64}$/.test(head) ? head : undefined;
  const ref = /^ref: (refs\/\S+)$/.exec(head)?.[1];
  if (ref) {
    commit = [gitDir, commonDir]
      .map((dir) => readText(path.join(dir, ref))?.trim())
      .find((value) => value && /^[0-9a-f]{40,64}$/.test(value));
    commit ??= readText(path.join(commonDir, 'packed-refs'))
      ?.split('\n')
      .find((line) => line.endsWith(` ${ref}`))
      ?.split(' ')[0];
  }
  if (!commit) return undefined;
  const stamp = (file: string) => {
    const info = statSync(file, { throwIfNoEntry: false });
    return info ? `${info.size}:${info.mtimeMs}:${info.ino}` : 'none';
  };
  // A deepened or grafted history changes what git log says without moving HEAD.
  return [
    commit,
    stamp(path.join(gitDir, 'index')),
    stamp(path.join(commonDir, 'config')),
    stamp(path.join(commonDir, 'shallow')),
    stamp(path.join(commonDir, 'info/grafts')),
    stamp(path.join(commonDir, 'refs/replace')),
  ].join('\0');
}

/** Where the last answers of git were kept, and the content's bytes they were given for. */
export interface GitMemory {
  file: string;
  /** A digest of every content file's bytes (the up-to-date check's). */
  contentKey: string;
}

/** What git says of the content: each file's last commit time, and the files changed since HEAD. */
async function gitFacts(
  contentDir: string,
  files: string[],
  memory: GitMemory | undefined,
): Promise<{ committed: Record<string, number>; uncommitted: string[] }> {
  const none = { committed: {}, uncommitted: [] };
  const gitDir = process.env.GIT_DIR ? undefined : gitDirOf(contentDir);
  if (!gitDir && !process.env.GIT_DIR) return none;
  // The same commit, repository, content bytes and modes give the same answers: kept, not asked again.
  const state = memory && gitDir ? repositoryState(gitDir) : undefined;
  const key =
    state &&
    createHash('sha256')
      .update(`${state}\0${path.resolve(contentDir)}\0${memory!.contentKey}\0`)
      .update(files.map((file) => `${file}:${modeOf(path.join(contentDir, file))}`).join('\0'))
      .digest('hex');
  if (key) {
    try {
      const kept = JSON.parse(readFileSync(memory!.file, 'utf8')) as { key?: string; committed?: Record<string, number>; uncommitted?: string[] };
      if (kept.key === key && kept.committed && Array.isArray(kept.uncommitted))
        return { committed: kept.committed, uncommitted: kept.uncommitted };
    } catch {
      // Not kept yet, or damaged: git is asked.
    }
  }
  const [log, changed] = await Promise.all([
    git(contentDir, ['log', '--no-renames', '--format=%x00%ct', '--name-only', '--relative', '--', '.']),
    git(contentDir, ['diff', '--name-only', '--relative', 'HEAD', '--', '.']),
  ]);
  const facts = {
    committed: log === undefined ? {} : parseGitLog(log),
    uncommitted: (changed ?? '').split('\n').filter(Boolean),
  };
  if (key && log !== undefined && changed !== undefined) {
    try {
      mkdirSync(path.dirname(memory!.file), { recursive: true });
      const partial = `${memory!.file}.${process.pid}.tmp`;
      writeFileSync(partial, JSON.stringify({ key, ...facts }));
      renameSync(partial, memory!.file);
    } catch {
      // Kept nowhere: git is asked next time too.
    }
  }
  return facts;
}

function git(contentDir: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      'git',
      ['-c', 'core.quotePath=false', ...args],
      { cwd: contentDir, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => resolve(error ? undefined : stdout),
    );
  });
}

/** Each file's newest commit time, from one `git log` (newest commit first). */
export function parseGitLog(output: string): Record<string, number> {
  const newest: Record<string, number> = {};
  let time = 0;
  for (const line of output.split('\n')) {
    if (line.startsWith('\0')) time = Number(line.slice(1)) * 1000;
    else if (line && !(line in newest)) newest[line] = time;
  }
  return newest;
}

/**
 * `files`: the content folder's files, when the caller listed them already (dot files are not
 * dated); `memory`: where git's answers are kept for the next run with the same commit and bytes.
 */
export async function readContentDates(
  contentDir: string,
  files = filesUnder(contentDir),
  memory?: GitMemory,
): Promise<ContentDates> {
  const facts = await gitFacts(contentDir, files, memory);
  const committed = facts.committed;
  const uncommitted = new Set(facts.uncommitted);
  const dates: ContentDates = {};
  for (const file of files) {
    // A file gone since it was listed (an editor's temporary file) has no date.
    const time =
      file in committed && !uncommitted.has(file)
        ? committed[file]
        : statSync(path.join(contentDir, file), { throwIfNoEntry: false })?.mtimeMs;
    if (time !== undefined) dates[file] = day(time);
  }
  return dates;
}

/** Page path to the date of the newest content file it read; a page none of whose files is dated has none. */
export function pageLastModified(
  pages: { route: Route; sources: string[] }[],
  dates: ContentDates,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const { route, sources } of pages) {
    const known = sources.map((file) => dates[file]).filter(Boolean);
    if (known.length > 0) result[route.path] = known.sort().at(-1)!;
  }
  return result;
}
