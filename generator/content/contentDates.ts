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
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { filesUnder } from '../fileList.ts';
import type { Route } from '../model/routeTable.ts';

/** Content file (relative to the content folder, forward slashes) to `YYYY-MM-DD`. */
export type ContentDates = Record<string, string>;

const day = (milliseconds: number) => new Date(milliseconds).toISOString().slice(0, 10);

/**
 * Whether git could know the folder: a `.git` in it or a folder above (or GIT_DIR set). Without
 * one, git is not started at all: starting a process costs more than the rest of the dating.
 */
function mayBeInGit(folder: string): boolean {
  if (process.env.GIT_DIR) return true;
  for (let current = path.resolve(folder); ; current = path.dirname(current)) {
    if (existsSync(path.join(current, '.git'))) return true;
    if (path.dirname(current) === current) return false;
  }
}

function git(contentDir: string, args: string[]): Promise<string | undefined> {
  if (!mayBeInGit(contentDir)) return Promise.resolve(undefined);
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

/** `files`: the content folder's files, when the caller listed them already (dot files are not dated). */
export async function readContentDates(contentDir: string, files = filesUnder(contentDir)): Promise<ContentDates> {
  const [log, changed] = await Promise.all([
    git(contentDir, ['log', '--format=%x00%ct', '--name-only', '--relative', '--', '.']),
    git(contentDir, ['diff', '--name-only', '--relative', 'HEAD', '--', '.']),
  ]);
  const committed = log === undefined ? {} : parseGitLog(log);
  const uncommitted = new Set((changed ?? '').split('\n').filter(Boolean));
  const dates: ContentDates = {};
  for (const file of files) {
    const time =
      file in committed && !uncommitted.has(file)
        ? committed[file]
        : statSync(path.join(contentDir, file)).mtimeMs;
    dates[file] = day(time);
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
