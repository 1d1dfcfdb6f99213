/**
 * The one place output is written. The directory writer fills a temporary sibling
 * folder and swaps it in only when the whole build succeeded, so a failed build
 * leaves the previous output exactly as it was. Tests use the in-memory writer.
 */
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SiteError } from './errors.ts';

export interface OutputFile {
  /** Relative to the output folder, with forward slashes: `en/about/index.html`. */
  path: string;
  contents: string | Uint8Array;
}

export interface OutputWriter {
  /** Where the output ends up, for the summary. */
  readonly destination: string;
  /** Checks, before any work, that the destination may be replaced. */
  prepare(): Promise<void>;
  write(file: OutputFile): Promise<void>;
  /** Makes everything written visible at once; returns warnings about what it could not tidy up. */
  commit(): Promise<string[]>;
  /** Throws away everything written; the destination is not touched. */
  abort(): Promise<void>;
}

export interface DirectoryWriterOptions {
  /** Folders the output must never replace or contain: the content, the project, the working directory. */
  protectedDirs?: string[];
}

/** Files every build writes; a non-empty folder without them is not an earlier build and is never replaced. */
export const buildMarkers = ['index.html', 'sitemap.xml'] as const;

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
  const guarded = [...protectedDirs.map((dir) => path.resolve(dir)), os.homedir(), path.parse(destination).root];
  const endangered = guarded.find((dir) => isInside(dir, destination));
  if (endangered) {
    throw outputError(destination, `Refusing to replace ${destination}: it holds ${endangered}`, 'Choose an output folder of its own, such as dist.');
  }
  let entries: string[];
  try {
    if (!(await stat(destination)).isDirectory()) {
      throw outputError(destination, `The output ${destination} is a file, not a folder`, 'Choose a folder for the output, such as dist.');
    }
    entries = await readdir(destination);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code === 'ENOTDIR') throw outputError(destination, `The output ${destination} lies inside a file, not a folder`, 'Choose a folder for the output, such as dist.');
    throw error;
  }
  if (entries.length > 0 && !buildMarkers.every((marker) => entries.includes(marker))) {
    throw outputError(
      destination,
      `Refusing to replace ${destination}: it is not empty and does not look like an earlier build (no ${buildMarkers.join(' and ')})`,
      'Choose a new or empty folder, or remove this one yourself if it really is disposable.',
    );
  }
}

export function createDirectoryWriter(outDir: string, options: DirectoryWriterOptions = {}): OutputWriter {
  const destination = path.resolve(outDir);
  const stamp = `${process.pid}-${Date.now()}`;
  const staging = `${destination}.tmp-${stamp}`;
  const previous = `${destination}.old-${stamp}`;
  const failed = (action: string, error: unknown) =>
    outputError(destination, `Could not ${action}: ${(error as Error).message}`, 'Check that the output folder’s parent exists, is writable and has free space.', error);

  return {
    destination,
    prepare: () => assertReplaceableOutput(destination, options.protectedDirs ?? []),
    async write(file) {
      const target = path.join(staging, file.path);
      if (!target.startsWith(staging + path.sep)) throw new Error(`Refusing to write outside the output folder: ${file.path}`);
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, file.contents);
      } catch (error) {
        throw failed(`write ${file.path}`, error);
      }
    },
    async commit() {
      await assertReplaceableOutput(destination, options.protectedDirs ?? []);
      let hadPrevious = true;
      try {
        // A build with no files still replaces the output with an empty folder.
        await mkdir(staging, { recursive: true });
      } catch (error) {
        throw failed('create the output folder', error);
      }
      try {
        await rename(destination, previous);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw failed('set the previous output aside', error);
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
      if (!hadPrevious) return [];
      try {
        await rm(previous, { recursive: true, force: true });
        return [];
      } catch (error) {
        // The new output is in place: a leftover copy of the old one is worth a warning, not a failed build.
        return [`The previous output could not be removed from ${previous} (${(error as Error).message}); delete it by hand.`];
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
