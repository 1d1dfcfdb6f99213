/**
 * The one place output is written. The directory writer fills a temporary sibling
 * folder and swaps it in only when the whole build succeeded, so a failed build
 * leaves the previous output exactly as it was. Tests use the in-memory writer.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutputFile {
  /** Relative to the output folder, with forward slashes: `en/about/index.html`. */
  path: string;
  contents: string | Uint8Array;
}

export interface OutputWriter {
  /** Where the output ends up, for the summary. */
  readonly destination: string;
  write(file: OutputFile): Promise<void>;
  /** Makes everything written visible at once. */
  commit(): Promise<void>;
  /** Throws away everything written; the destination is not touched. */
  abort(): Promise<void>;
}

export function createDirectoryWriter(outDir: string): OutputWriter {
  const destination = path.resolve(outDir);
  const stamp = `${process.pid}-${Date.now()}`;
  const staging = `${destination}.tmp-${stamp}`;
  return {
    destination,
    async write(file) {
      const target = path.join(staging, file.path);
      if (!target.startsWith(staging + path.sep)) throw new Error(`Refusing to write outside the output folder: ${file.path}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.contents);
    },
    async commit() {
      await mkdir(staging, { recursive: true });
      const previous = `${destination}.old-${stamp}`;
      let hadPrevious = true;
      try {
        await rename(destination, previous);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        hadPrevious = false;
      }
      await rename(staging, destination);
      if (hadPrevious) await rm(previous, { recursive: true, force: true });
    },
    async abort() {
      await rm(staging, { recursive: true, force: true });
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
    async write(file) {
      pending.set(file.path, file.contents);
    },
    async commit() {
      files.clear();
      for (const [key, value] of pending) files.set(key, value);
    },
    async abort() {
      pending.clear();
    },
  };
}
