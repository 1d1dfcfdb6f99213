/**
 * A content-addressed cache for drawn images (social previews, icons): drawing
 * them is most of a build, and they almost never change. An entry's name is a
 * hash of everything that decides its bytes (texts, colours, size, font bytes,
 * the drawing libraries' versions), so a changed input simply misses.
 *
 * Each entry stores the SHA-256 of its bytes ahead of them: a truncated or
 * corrupted entry fails the check, counts as a miss and is drawn anew, never
 * copied into the output. Entries the last build did not use are pruned, so the
 * folder holds one site's images, not every image ever drawn.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ImageCacheStats {
  hits: number;
  misses: number;
  /** Entries found but failing their checksum (redrawn). */
  corrupt: number;
  /** Entries removed by the last prune. */
  pruned: number;
}

export interface ImageCache {
  /** The stored bytes for a key; undefined when missing, truncated or corrupt. */
  get(key: string): Promise<Uint8Array | undefined>;
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Removes every entry this cache object neither read nor wrote. */
  prune(): Promise<void>;
  readonly stats: ImageCacheStats;
}

const entryExtension = '.img';
const temporaryExtension = '.tmp';
const checksumLength = 32;
const dayInMilliseconds = 24 * 60 * 60 * 1000;

/** The key of a drawing: a hash of its inputs, written as JSON (so key order is the caller's). */
export function imageCacheKey(inputs: unknown): string {
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex');
}

function checksum(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest();
}

export function createImageCache(dir: string): ImageCache {
  const used = new Set<string>();
  const stats: ImageCacheStats = { hits: 0, misses: 0, corrupt: 0, pruned: 0 };
  const fileOf = (key: string) => path.join(dir, `${key}${entryExtension}`);
  let ready: Promise<unknown> | undefined;
  return {
    stats,
    async get(key) {
      used.add(key);
      let stored: Buffer;
      try {
        // Synchronous: a warm build reads some eighty entries one after the other, and an
        // asynchronous read costs a hop to a worker thread and back for each.
        stored = readFileSync(fileOf(key));
      } catch {
        stats.misses++;
        return undefined;
      }
      const bytes = stored.subarray(checksumLength);
      if (stored.length <= checksumLength || !checksum(bytes).equals(stored.subarray(0, checksumLength))) {
        stats.corrupt++;
        stats.misses++;
        return undefined;
      }
      stats.hits++;
      return new Uint8Array(bytes);
    },
    async put(key, bytes) {
      used.add(key);
      // Written aside and renamed: a build running at the same time never reads half an entry.
      const temporary = `${fileOf(key)}.${Date.now()}.${process.pid}-${Math.random().toString(36).slice(2)}${temporaryExtension}`;
      try {
        ready ??= mkdir(dir, { recursive: true });
        await ready;
        await writeFile(temporary, Buffer.concat([checksum(bytes), bytes]));
        await rename(temporary, fileOf(key));
      } catch {
        // A cache that cannot be written (read-only, full disk) costs the next build a redraw, never this build.
        await rm(temporary, { force: true }).catch(() => {});
      }
    },
    async prune() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return;
      }
      const unused = names.filter((name) => {
        if (name.endsWith(entryExtension)) return !used.has(name.slice(0, -entryExtension.length));
        // A build running at the same time may be writing this one; a day-old one was interrupted.
        if (name.endsWith(temporaryExtension))
          return Date.now() - Number(name.split('.')[2]) > dayInMilliseconds;
        return false;
      });
      await Promise.all(unused.map((name) => rm(path.join(dir, name), { force: true })));
      stats.pruned = unused.length;
    },
  };
}

/** `--no-cache`: every image is drawn, nothing is read or written. */
export function createDisabledImageCache(): ImageCache {
  const stats: ImageCacheStats = { hits: 0, misses: 0, corrupt: 0, pruned: 0 };
  return {
    stats,
    async get() {
      stats.misses++;
      return undefined;
    },
    async put() {},
    async prune() {},
  };
}
