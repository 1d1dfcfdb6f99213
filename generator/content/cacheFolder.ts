/**
 * Keeping a cache folder within bounds without paying for it on every build: listing and
 * dating thousands of entries costs more than the build that stored one of them. A folder
 * is pruned at most once a day (the time of a marker file in it says when it last was):
 * the entries the running build used are kept, then every other entry older than the folder
 * allows is removed, then the oldest others until the folder fits its size.
 * Cache folders only: whatever is removed is made again when a build needs it.
 */
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface CacheBounds {
  /** An entry neither written nor used by a pruning build for this long is removed. */
  staleAfterMilliseconds: number;
  /** Then the oldest entries are removed until the folder holds at most this many bytes. */
  maxBytes: number;
}

/** Its time is that of the last pruning; named with a dot, so no entry is ever taken for it. */
export const pruneMarkerName = '.pruned';
const pruneEvery = 24 * 60 * 60 * 1000;
/** A file this young may be another build's entry being written: never removed for the size. */
const writingFor = 60 * 60 * 1000;

/**
 * Prunes `dir` when its last pruning is a day old or more (or it never was); `used` names
 * the files (in `dir`) the running build read or wrote. Returns how many files it removed.
 * Never throws: a cache that cannot be pruned only grows.
 */
export function pruneWhenDue(
  dir: string,
  used: Iterable<string>,
  bounds: CacheBounds,
  now = Date.now(),
): number {
  const marker = path.join(dir, pruneMarkerName);
  try {
    const last = statSync(marker, { throwIfNoEntry: false });
    if (last && now - last.mtimeMs < pruneEvery && last.mtimeMs <= now) return 0;
    // Dated first, so that another build starting meanwhile does not prune as well.
    writeFileSync(marker, '');
  } catch {
    return 0; // no folder yet, or one that cannot be written
  }
  // Counted as new, not re-dated on disk: a stored page is linked into the published output,
  // whose files' times must not change after the build.
  const usedNow = new Set([...used].map((name) => path.join(dir, name)));
  const entries: { file: string; bytes: number; time: number }[] = [];
  for (const entry of readdirSafe(dir)) {
    if (!entry.isFile() || entry.name === pruneMarkerName) continue;
    const file = path.join(dir, entry.name);
    const info = statSync(file, { throwIfNoEntry: false });
    if (info) entries.push({ file, bytes: info.size, time: usedNow.has(file) ? now : info.mtimeMs });
  }
  let removed = 0;
  const remove = (file: string) => {
    try {
      rmSync(file, { force: true });
      removed += 1;
    } catch {
      // Kept: the next pruning tries again.
    }
  };
  const kept = entries.filter((entry) => {
    if (now - entry.time <= bounds.staleAfterMilliseconds) return true;
    remove(entry.file);
    return false;
  });
  let bytes = kept.reduce((total, entry) => total + entry.bytes, 0);
  for (const entry of kept.sort((a, b) => a.time - b.time)) {
    if (bytes <= bounds.maxBytes) break;
    if (now - entry.time < writingFor) continue;
    remove(entry.file);
    bytes -= entry.bytes;
  }
  return removed;
}

function readdirSafe(dir: string) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}
