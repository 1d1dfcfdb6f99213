/**
 * Results of earlier builds, kept between them: parsing YAML and checking it against
 * its schema is most of loading the content, bundling the scripts and styles starts
 * esbuild and lightningcss, and most inputs do not change from one build to the next.
 *
 * An entry holds one result (a content file's validated data and every scalar with
 * its position; the texts and records the translation summary reads; the bundled
 * assets), filed under a key of everything that decides it: the generator's code
 * version (its sources, schemas, client folder and packages), what the result is
 * for, a path and the text it was made from. Only results are stored, never
 * problems: a file with a mistake is parsed again and reported exactly as a first
 * build reports it, and the checks across files run on every build. Each entry
 * carries the SHA-256 of its bytes: a damaged or truncated one is ignored and made
 * again, never trusted.
 *
 * Entries are read and written with Node's synchronous calls: a build reads a hundred
 * small ones one after the other, and each asynchronous call would cost a hop to a
 * worker thread and back for a read of a few microseconds. The folder is pruned at
 * most once a day (cacheFolder.ts).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { pruneWhenDue, type CacheBounds } from './cacheFolder.ts';

/** Bumped when an entry's meaning changes. */
const entryVersion = 1;
/** Entries no build used for a week go, then the oldest beyond the size; an unchanged file then costs one parse. */
const bounds: CacheBounds = { staleAfterMilliseconds: 7 * 24 * 60 * 60 * 1000, maxBytes: 256 * 1024 * 1024 };

export interface ResultCache {
  /** The key of one result: what it is for (`content`, `translation entries`, `assets`), a path and the text it comes from. */
  keyOf(purpose: string, absolutePath: string, source: string): string;
  /** The stored result, or undefined (none, or damaged: then counted as corrupt). */
  get(key: string): Promise<unknown>;
  /** Kept (as bytes, taken now: later stages may change the value they get) until `save`. */
  hold(key: string, value: unknown): void;
  /** Stores the held results: called once they are known to be results, not problems. */
  save(): Promise<void>;
  /** At the end of a build: removes old entries, at most once a day, keeping those this build used. */
  prune(): void;
  readonly stats: { hits: number; misses: number; corrupt: number };
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest();

export function createResultCache(dir: string, codeVersion: string): ResultCache {
  const held = new Map<string, Buffer>();
  /** Keys read or stored by this build: kept when the folder is pruned. */
  const used = new Set<string>();
  const stats = { hits: 0, misses: 0, corrupt: 0 };
  const fileOf = (key: string) => path.join(dir, `${key}.bin`);
  return {
    stats,
    keyOf(purpose, absolutePath, source) {
      return createHash('sha256')
        .update(`${entryVersion}\0${codeVersion}\0${purpose}\0${absolutePath}\0`)
        .update(source)
        .digest('hex')
        .slice(0, 40);
    },
    async get(key) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(fileOf(key));
      } catch {
        stats.misses += 1;
        return undefined;
      }
      const payload = bytes.subarray(32);
      try {
        if (bytes.length <= 32 || !sha256(payload).equals(bytes.subarray(0, 32))) throw new Error('damaged');
        const entry = deserialize(payload) as { key: string; value: unknown };
        if (entry.key !== key) throw new Error('not this entry');
        stats.hits += 1;
        used.add(key);
        return entry.value;
      } catch {
        stats.corrupt += 1;
        return undefined;
      }
    },
    hold(key, value) {
      try {
        const payload = serialize({ key, value });
        held.set(key, Buffer.concat([sha256(payload), payload]));
      } catch {
        // A value v8 cannot copy: that file is simply read every time.
      }
    },
    async save() {
      try {
        store();
      } catch {
        // A cache that cannot be written only makes the next build slower: never a failed build.
      }
    },
    prune() {
      pruneWhenDue(
        dir,
        [...used].map((key) => `${key}.bin`),
        bounds,
      );
    },
  };

  function store() {
    if (held.size === 0) return;
    mkdirSync(dir, { recursive: true });
    for (const [key, bytes] of held) {
      const partial = `${fileOf(key)}.${process.pid}.tmp`;
      writeFileSync(partial, bytes);
      renameSync(partial, fileOf(key));
      used.add(key);
    }
    held.clear();
  }
}
