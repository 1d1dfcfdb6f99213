/**
 * A cache folder is pruned at most once a day: entries the running build used stay, entries no
 * build used for longer than allowed go, then the oldest others until the folder fits its size.
 */
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneMarkerName, pruneWhenDue } from '../../../generator/content/cacheFolder.ts';
import { makeTempDir } from '../../helpers/site.ts';

const day = 24 * 60 * 60 * 1000;
const now = Date.parse('2026-03-10T12:00:00Z');
let dir: string;

beforeAll(async () => {
  dir = await makeTempDir('cache-folder');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A folder of entries, each `bytes` long and dated `daysAgo` before `now`. */
function folderWith(name: string, entries: Record<string, { daysAgo: number; bytes?: number }>): string {
  const folder = path.join(dir, name);
  mkdirSync(folder, { recursive: true });
  for (const [file, { daysAgo, bytes = 10 }] of Object.entries(entries)) {
    writeFileSync(path.join(folder, file), 'x'.repeat(bytes));
    const time = (now - daysAgo * day) / 1000;
    utimesSync(path.join(folder, file), time, time);
  }
  return folder;
}

const entriesOf = (folder: string) =>
  readdirSync(folder)
    .filter((name) => name !== pruneMarkerName)
    .sort();
const bounds = { staleAfterMilliseconds: 7 * day, maxBytes: 1000 };

describe('pruneWhenDue', () => {
  it('removes what no build used for longer than allowed, and keeps what this build used, however old', () => {
    const folder = folderWith('stale', {
      'old.bin': { daysAgo: 8 },
      'used.bin': { daysAgo: 30 },
      'recent.bin': { daysAgo: 2 },
    });
    expect(pruneWhenDue(folder, ['used.bin', 'gone.bin'], bounds, now)).toBe(1);
    expect(entriesOf(folder)).toEqual(['recent.bin', 'used.bin']);
    // Not re-dated on disk: a stored page is linked into the published output, whose times must stay.
    expect(statSync(path.join(folder, 'used.bin')).mtimeMs).toBe(now - 30 * day);
  });

  it('prunes at most once a day, and again when the last pruning is a day old', () => {
    const folder = folderWith('daily', { 'a.bin': { daysAgo: 1 } });
    expect(pruneWhenDue(folder, [], bounds, now)).toBe(0);
    expect(existsSync(path.join(folder, pruneMarkerName))).toBe(true);
    writeFileSync(path.join(folder, 'b.bin'), '');
    const old = (now - 9 * day) / 1000;
    utimesSync(path.join(folder, 'a.bin'), old, old);
    utimesSync(path.join(folder, 'b.bin'), old, old);
    const marker = path.join(folder, pruneMarkerName);
    utimesSync(marker, now / 1000, now / 1000);
    expect(pruneWhenDue(folder, [], bounds, now + day / 2)).toBe(0);
    expect(entriesOf(folder)).toEqual(['a.bin', 'b.bin']);
    expect(pruneWhenDue(folder, [], bounds, now + day)).toBe(2);
    expect(entriesOf(folder)).toEqual([]);
  });

  it('then removes the oldest entries until the folder fits, never one this build used or one just written', () => {
    const folder = folderWith('size', {
      'oldest.bin': { daysAgo: 5, bytes: 400 },
      'older.bin': { daysAgo: 4, bytes: 400 },
      'used.bin': { daysAgo: 6, bytes: 400 },
      'new.bin': { daysAgo: 0, bytes: 400 },
    });
    expect(pruneWhenDue(folder, ['used.bin'], bounds, now)).toBe(2);
    expect(entriesOf(folder)).toEqual(['new.bin', 'used.bin']);
  });

  it('does nothing, and throws nothing, for a folder that does not exist', () => {
    expect(pruneWhenDue(path.join(dir, 'none'), ['a.bin'], bounds, now)).toBe(0);
    expect(existsSync(path.join(dir, 'none'))).toBe(false);
  });
});
