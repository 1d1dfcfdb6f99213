/**
 * The one place output is written. The directory writer fills a temporary sibling
 * folder and swaps it in only when the whole build succeeded, so a failed build
 * leaves the previous output exactly as it was. Tests use the in-memory writer.
 *
 * Every output carries a mark file naming what wrote it: only a folder with that
 * mark (or an empty one) is ever replaced. The swap is two renames (the output
 * aside, the new one in); a process killed between them, or before it tidied up,
 * leaves marked sibling folders that the next command finishes or removes.
 * Between the two renames the output does not exist for a moment: Node offers no
 * atomic exchange of two folders (renameat2), and a symlinked output would not be
 * a folder every upload tool copies; docs/security.md says who is affected and what to do.
 *
 * The files of the output, and of an output set aside, are written, linked and removed
 * with Node's synchronous calls: a build writes a few hundred small files one after the
 * other, and each asynchronous call would cost a hop to a worker thread and back.
 */
import {
  constants,
  copyFileSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
  type Dirent,
} from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { SiteError } from '../errors/siteError.ts';
import type { OutputFile } from '../model/builtAssets.ts';

export interface OutputWriter {
  /** Where the output ends up, for the summary. */
  readonly destination: string;
  /** The folder whose output this one replaces, for what the last build published; none when nothing on disk is replaced. */
  readonly replaces?: string;
  /** Checks, before any work, that the destination may be replaced. */
  prepare(): Promise<void>;
  write(file: OutputFile): Promise<void>;
  /**
   * Writes a file the previous output holds unchanged by linking it (or, where links fail,
   * copying it) into the new output; the previous output is not touched. Optional: a writer
   * without it gets every file written.
   */
  reuse?(file: string, source: string, sha256?: string): Promise<void>;
  /**
   * Output path → SHA-256 of every file written or linked (the mark aside), for the build record:
   * it need not read the output back. Optional: without it the record hashes the folder.
   */
  digests?(): Record<string, string>;
  /** Makes everything written visible at once; returns warnings about what it could not tidy up. */
  commit(): Promise<string[]>;
  /** Throws away everything written; the destination is not touched. */
  abort(): Promise<void>;
}

export interface DirectoryWriterOptions {
  /** Folders the output must never replace or contain: the content, the project, the working directory. */
  protectedDirs?: string[];
}

/** The mark every build leaves in its output; a non-empty folder without it is never replaced. */
export const outputMarkFile = '.site-build.json';
const writtenBy = 'site build (b2b-mobile-site)';

interface OutputMark {
  writtenBy: string;
  /** False while the build is still writing into its staging folder. */
  complete: boolean;
  note: string;
}

function outputMark(complete: boolean): string {
  const mark: OutputMark = {
    writtenBy,
    complete,
    note: 'Every build replaces this whole folder: keep nothing else in it.',
  };
  return `${JSON.stringify(mark, null, 2)}\n`;
}

/** The folder's mark, or undefined when it has none (or one that some other program wrote). */
async function readMark(folder: string): Promise<OutputMark | undefined> {
  try {
    const mark = JSON.parse(await readFile(path.join(folder, outputMarkFile), 'utf8')) as Partial<OutputMark>;
    return mark.writtenBy === writtenBy
      ? { writtenBy, complete: mark.complete === true, note: String(mark.note) }
      : undefined;
  } catch {
    return undefined;
  }
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function outputError(destination: string, message: string, hint: string, cause?: unknown): SiteError {
  return new SiteError({ code: 'OUTPUT_FAILED', message, location: { file: destination }, hint, cause });
}

/**
 * Replacing the output deletes the folder it names, so a mistyped `--out` (`.`,
 * the content folder, a home directory) must be refused before anything is built.
 */
export async function assertReplaceableOutput(destination: string, protectedDirs: string[]): Promise<void> {
  const guarded = [
    ...protectedDirs.map((dir) => path.resolve(dir)),
    os.homedir(),
    path.parse(destination).root,
  ];
  const endangered = guarded.find((dir) => isInside(dir, destination));
  if (endangered) {
    throw outputError(
      destination,
      `Refusing to replace ${destination}: it holds ${endangered}`,
      'Choose an output folder of its own, such as dist.',
    );
  }
  let entries: string[];
  try {
    if (!(await stat(destination)).isDirectory()) {
      throw outputError(
        destination,
        `The output ${destination} is a file, not a folder`,
        'Choose a folder for the output, such as dist.',
      );
    }
    entries = await readdir(destination);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code === 'ENOTDIR')
      throw outputError(
        destination,
        `The output ${destination} lies inside a file, not a folder`,
        'Choose a folder for the output, such as dist.',
      );
    throw error;
  }
  if (entries.length > 0 && !(await readMark(destination))?.complete) {
    throw outputError(
      destination,
      `Refusing to replace ${destination}: it is not empty and is not an earlier build (it has no ${outputMarkFile}, the mark every build leaves in its output)`,
      'Choose a new or empty folder. An earlier build made before builds were marked has no mark either: check that it holds nothing else, then delete it yourself.',
    );
  }
}

/** A sibling of the output that a build made: `dist.tmp-<pid>-<ms>` (staging) or `dist.old-<pid>-<ms>` (the output set aside). */
interface Leftover {
  name: string;
  folder: string;
  kind: 'tmp' | 'old';
  pid: number;
  started: number;
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function leftoversOf(destination: string): Promise<Leftover[]> {
  const parent = path.dirname(destination);
  const prefix = `${path.basename(destination)}.`;
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const match = name.startsWith(prefix) ? /^(tmp|old)-(\d+)-(\d+)$/.exec(name.slice(prefix.length)) : null;
    return match
      ? [
          {
            name,
            folder: path.join(parent, name),
            kind: match[1] as Leftover['kind'],
            pid: Number(match[2]),
            started: Number(match[3]),
          },
        ]
      : [];
  });
}

/**
 * Removes a marked folder, its mark last: a removal cut short leaves a folder the
 * next command still recognises as its own (and as incomplete) and removes.
 */
async function removeMarked(folder: string): Promise<void> {
  // Marked incomplete first, so that what is left of it is never taken for an output to restore.
  writeFileSync(path.join(folder, outputMarkFile), outputMark(false));
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name !== outputMarkFile) removeEntry(folder, entry);
  }
  await rm(folder, { recursive: true, force: true });
}

/** Removes a file, a link or a folder with what it holds: one call per entry, as the listing says what each is. */
function removeEntry(folder: string, entry: Dirent): void {
  const target = path.join(folder, entry.name);
  try {
    if (!entry.isDirectory()) return unlinkSync(target);
    for (const inner of readdirSync(target, { withFileTypes: true })) removeEntry(target, inner);
    rmdirSync(target);
  } catch {
    // Changed since it was listed (or a file system that refuses these calls): the general removal.
    rmSync(target, { recursive: true, force: true });
  }
}

const exists = (target: string) =>
  stat(target).then(
    () => true,
    () => false,
  );

/**
 * Finishes what a killed build left, before anything reads or replaces the
 * output: with no output folder, the newest complete staging folder of a dead
 * process is moved in (the build had succeeded), or else the newest output it
 * had set aside is put back; then every other staging or set-aside folder of a
 * dead process is removed. Folders of running processes are another build's
 * work in progress and are left alone, and so is any folder without the mark.
 * Returns what it did, for the user.
 */
export async function recoverOutput(destination: string): Promise<string[]> {
  const done: string[] = [];
  const stale = (await leftoversOf(destination))
    .filter((leftover) => !isRunning(leftover.pid))
    .sort((a, b) => b.started - a.started);
  const marks = new Map(
    await Promise.all(stale.map(async (leftover) => [leftover, await readMark(leftover.folder)] as const)),
  );
  const base = path.basename(destination);
  if (stale.length > 0 && !(await exists(destination))) {
    const finished = stale.find((leftover) => leftover.kind === 'tmp' && marks.get(leftover)?.complete);
    const previous = stale.find((leftover) => leftover.kind === 'old' && marks.get(leftover)?.complete);
    const restored = finished ?? previous;
    if (restored) {
      await rename(restored.folder, destination);
      stale.splice(stale.indexOf(restored), 1);
      done.push(
        restored === finished
          ? `An earlier build was interrupted while swapping its output in: its complete output ${restored.name} is now ${base}.`
          : `An earlier build was interrupted while replacing ${base}: the previous output ${restored.name} is back in place.`,
      );
    }
  }
  for (const leftover of stale) {
    if (marks.get(leftover)) {
      await removeMarked(leftover.folder);
      done.push(`Removed ${leftover.name}, left by an interrupted build.`);
    } else {
      // Killed between creating the staging folder and marking it: empty, so rmdir is safe; anything else is not ours.
      const removed = await rmdir(leftover.folder).then(
        () => true,
        () => false,
      );
      if (removed) done.push(`Removed ${leftover.name}, left empty by an interrupted build.`);
    }
  }
  return done;
}

/**
 * Links `target` to `source`; false where the file system cannot (no hard links, a protected
 * link, the output swapped meanwhile by another build): the caller then writes the bytes.
 */
function linked(source: string, target: string): boolean {
  try {
    linkSync(source, target);
    return true;
  } catch {
    return false;
  }
}

/** What a file system error means for the output, in plain words; Node's own message otherwise. */
function writeFailureReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const reasons: Record<string, string> = {
    EROFS: 'the file system there is read-only',
    EACCES: 'no permission to write there',
    EPERM: 'no permission to write there',
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
    // What a file system that takes no new folders (/proc, some read-only mounts) answers.
    ENOENT: 'the file system there does not take new folders',
  };
  return code && reasons[code] ? `${reasons[code]} (${code})` : (error as Error).message;
}

/**
 * `mkdir -p`, one folder at a time, after checking that the nearest existing one is writable.
 * Node's recursive mkdir says ENOENT on a read-only file system, and never returns where a
 * file system refuses new folders with ENOENT (it retries the parent for ever, as on /proc).
 */
async function makeFolders(folder: string): Promise<void> {
  const missing: string[] = [];
  let existing = folder;
  while (!(await exists(existing))) {
    missing.unshift(existing);
    if (path.dirname(existing) === existing) break;
    existing = path.dirname(existing);
  }
  if (missing.length === 0) return;
  await access(existing, constants.W_OK);
  for (const dir of missing)
    await mkdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
}

export function createDirectoryWriter(outDir: string, options: DirectoryWriterOptions = {}): OutputWriter {
  const destination = path.resolve(outDir);
  const stamp = `${process.pid}-${Date.now()}`;
  const staging = `${destination}.tmp-${stamp}`;
  const previous = `${destination}.old-${stamp}`;
  const failed = (action: string, error: unknown) =>
    outputError(
      destination,
      `Could not ${action}: ${writeFailureReason(error)}`,
      'Check that the output folder’s parent exists, is writable and has free space.',
      error,
    );

  let recovered: string[] = [];
  /**
   * Whether the output in place holds `file` with exactly these bytes: then it is linked into the
   * staging folder instead of written, as a new file costs the file system (a new inode, and
   * freeing the old one with the previous output) several times what reading and comparing it does.
   */
  const unchangedInOutput = (file: OutputFile, current: string) => {
    const contents = typeof file.contents === 'string' ? Buffer.from(file.contents) : file.contents;
    const info = lstatSync(current, { throwIfNoEntry: false });
    if (!info?.isFile() || info.size !== contents.byteLength) return false;
    try {
      return readFileSync(current).equals(contents);
    } catch {
      return false;
    }
  };
  const digests = new Map<string, string>();
  const sha256Of = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
  /** Folders of the staging folder made already: each is made once, not once per file. */
  const made = new Set<string>();
  const folderFor = (target: string) => {
    const folder = path.dirname(target);
    if (made.has(folder)) return;
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  };

  return {
    destination,
    replaces: destination,
    async prepare() {
      // The checks come first: recovery renames and removes siblings of a folder that must be ours to touch.
      await assertReplaceableOutput(destination, options.protectedDirs ?? []);
      recovered = await recoverOutput(destination);
      await assertReplaceableOutput(destination, options.protectedDirs ?? []);
      try {
        await makeFolders(staging);
        await writeFile(path.join(staging, outputMarkFile), outputMark(false));
      } catch (error) {
        throw failed('create the output folder', error);
      }
    },
    async write(file) {
      const target = path.join(staging, file.path);
      if (!target.startsWith(staging + path.sep))
        throw new Error(`Refusing to write outside the output folder: ${file.path}`);
      if (file.path === outputMarkFile) throw new Error(`${outputMarkFile} is the writer's own mark`);
      try {
        folderFor(target);
        const current = path.join(destination, file.path);
        if (!unchangedInOutput(file, current) || !linked(current, target))
          writeFileSync(target, file.contents);
        digests.set(file.path, sha256Of(file.contents));
      } catch (error) {
        throw failed(`write ${file.path}`, error);
      }
    },
    async reuse(file, source, sha256) {
      const target = path.join(staging, file);
      if (!target.startsWith(staging + path.sep) || file === outputMarkFile)
        throw new Error(`Refusing to reuse ${file} outside the output folder`);
      try {
        folderFor(target);
        if (!linked(source, target)) copyFileSync(source, target);
        digests.set(file, sha256 ?? sha256Of(readFileSync(target)));
      } catch (error) {
        throw failed(`write ${file}`, error);
      }
    },
    digests() {
      return Object.fromEntries([...digests].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    },
    async commit() {
      await assertReplaceableOutput(destination, options.protectedDirs ?? []);
      let hadPrevious = true;
      try {
        // A build with no files still replaces the output, with a folder holding only its mark.
        await makeFolders(staging);
        // Marked complete before the swap: a build killed within it left a finished output, which the next command moves in.
        await writeFile(path.join(staging, outputMarkFile), outputMark(true));
      } catch (error) {
        throw failed('create the output folder', error);
      }
      try {
        await rename(destination, previous);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
          throw failed('set the previous output aside', error);
        hadPrevious = false;
      }
      try {
        await rename(staging, destination);
      } catch (error) {
        // Put the previous output back: a failed swap must lose nothing.
        if (hadPrevious) {
          try {
            await rename(previous, destination);
          } catch {
            throw outputError(
              destination,
              `Could not move the new output into place (${(error as Error).message}), nor the previous output back`,
              `The previous output is in ${previous} and the new one in ${staging}; rename one of them to ${path.basename(destination)}.`,
              error,
            );
          }
        }
        throw failed('move the new output into place', error);
      }
      if (!hadPrevious) return recovered;
      try {
        await removeMarked(previous);
        return recovered;
      } catch (error) {
        // The new output is in place: a leftover copy of the old one is worth a warning, not a failed build.
        return [
          ...recovered,
          `The previous output could not be removed from ${previous} (${(error as Error).message}); delete it by hand.`,
        ];
      }
    },
    async abort() {
      try {
        await rm(staging, { recursive: true, force: true });
      } catch (error) {
        // Nothing was staged where the path cannot exist (a file in the way); the original error matters.
        if ((error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw error;
      }
    },
  };
}

export interface MemoryWriter extends OutputWriter {
  /** Committed files by path; empty until commit. */
  readonly files: Map<string, string | Uint8Array>;
}

export function createMemoryWriter(): MemoryWriter {
  const pending = new Map<string, string | Uint8Array>();
  const files = new Map<string, string | Uint8Array>();
  return {
    destination: '(memory)',
    files,
    async prepare() {},
    async write(file) {
      pending.set(file.path, file.contents);
    },
    async commit() {
      files.clear();
      for (const [key, value] of pending) files.set(key, value);
      return [];
    },
    async abort() {
      pending.clear();
    },
  };
}
