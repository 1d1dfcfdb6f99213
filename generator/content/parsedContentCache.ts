/**
 * Parsed, validated content kept between builds: parsing YAML and checking it
 * against its schema is most of loading the content, and most files do not change
 * from one build to the next.
 *
 * An entry holds what loading one file gives (its validated data and every scalar
 * with its position), filed under a key of everything that decides it: the
 * generator's code version (schemas and messages are code), the file's path and its
 * bytes. Only a load without any problem stores its entries, so a file with a
 * mistake is always parsed again and reported exactly as a first build reports it;
 * the checks across files still run on every load. Each entry carries the SHA-256
 * of its bytes: a damaged or truncated one is ignored and made again, never trusted.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { ScalarEntry } from './parsedFile.ts';

/** Bumped when an entry's meaning changes. */
const entryVersion = 1;
/** Entries older than this are removed when a build stores new ones; an unchanged file then costs one parse. */
const staleAfterMilliseconds = 7 * 24 * 60 * 60 * 1000;

export interface CachedContentFile {
  data: unknown;
  scalars: ScalarEntry[];
}

export interface ParsedContentCache {
  /** The key of one file's load: its path, the schema path prefix and its text. */
  keyOf(absolutePath: string, prefix: readonly (string | number)[], source: string): string;
  get(key: string): Promise<CachedContentFile | undefined>;
  /** Kept (as bytes, taken now: later stages change the data they get) until `save`. */
  hold(key: string, entry: CachedContentFile): void;
  /** Stores the held entries: called only after a load without problems. */
  save(): Promise<void>;
  readonly stats: { hits: number; misses: number; corrupt: number };
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest();

export function createParsedContentCache(dir: string, codeVersion: string): ParsedContentCache {
  const held = new Map<string, Buffer>();
  const stats = { hits: 0, misses: 0, corrupt: 0 };
  const fileOf = (key: string) => path.join(dir, `${key}.bin`);
  return {
    stats,
    keyOf(absolutePath, prefix, source) {
      return createHash('sha256')
        .update(`${entryVersion}\0${codeVersion}\0${absolutePath}\0${JSON.stringify(prefix)}\0`)
        .update(source)
        .digest('hex')
        .slice(0, 40);
    },
    async get(key) {
      const bytes = await readFile(fileOf(key)).catch(() => undefined);
      if (!bytes) {
        stats.misses += 1;
        return undefined;
      }
      const payload = bytes.subarray(32);
      try {
        if (bytes.length <= 32 || !sha256(payload).equals(bytes.subarray(0, 32))) throw new Error('damaged');
        const entry = deserialize(payload) as { key: string } & CachedContentFile;
        if (entry.key !== key || !Array.isArray(entry.scalars)) throw new Error('not this entry');
        stats.hits += 1;
        return { data: entry.data, scalars: entry.scalars };
      } catch {
        stats.corrupt += 1;
        return undefined;
      }
    },
    hold(key, entry) {
      try {
        const payload = serialize({ key, data: entry.data, scalars: entry.scalars });
        held.set(key, Buffer.concat([sha256(payload), payload]));
      } catch {
        // A value v8 cannot copy: that file is simply parsed every time.
      }
    },
    async save() {
      if (held.size === 0) return;
      await mkdir(dir, { recursive: true });
      for (const [key, bytes] of held) {
        const partial = `${fileOf(key)}.${process.pid}.tmp`;
        await writeFile(partial, bytes);
        await rename(partial, fileOf(key));
      }
      held.clear();
      const now = Date.now();
      for (const name of await readdir(dir)) {
        const file = path.join(dir, name);
        const info = await stat(file).catch(() => undefined);
        if (info && now - info.mtimeMs > staleAfterMilliseconds) await rm(file, { force: true });
      }
    },
  };
}
