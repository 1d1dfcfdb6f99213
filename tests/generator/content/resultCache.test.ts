/**
 * The result cache keeps a value under its key across processes (here: across cache
 * objects), stores only what was held and then saved, files it by code version, and
 * never trusts an entry whose bytes are damaged or cut short.
 */
import { readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResultCache } from '../../../generator/content/resultCache.ts';
import { makeTempDir } from '../../helpers/site.ts';

let dir: string;
beforeAll(async () => {
  dir = await makeTempDir('result-cache');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const value = { data: { plans: [{ id: 'piano-prova', price: 29.5 }] }, scalars: [{ segments: ['a', 0] }] };

describe('createResultCache', () => {
  it('gives back a saved value in another process, and nothing for another text, path, purpose or code version', async () => {
    const folder = path.join(dir, 'round-trip');
    const writing = createResultCache(folder, 'code-1');
    const key = writing.keyOf('content', '/site/content/plans.yaml', 'plans: []');
    writing.hold(key, value);
    expect(await createResultCache(folder, 'code-1').get(key)).toBeUndefined(); // held, not saved
    await writing.save();

    const reading = createResultCache(folder, 'code-1');
    expect(await reading.get(key)).toEqual(value);
    expect(reading.stats).toEqual({ hits: 1, misses: 0, corrupt: 0 });
    const keys = [
      reading.keyOf('content', '/site/content/plans.yaml', 'plans: [] '),
      reading.keyOf('content', '/site/content/zones.yaml', 'plans: []'),
      reading.keyOf('assets', '/site/content/plans.yaml', 'plans: []'),
      createResultCache(folder, 'code-2').keyOf('content', '/site/content/plans.yaml', 'plans: []'),
    ];
    expect(new Set([key, ...keys]).size).toBe(5);
    for (const other of keys) expect(await reading.get(other)).toBeUndefined();
  });

  it('keeps the value as it was when held, not as a later stage changed it', async () => {
    const folder = path.join(dir, 'snapshot');
    const cache = createResultCache(folder, 'code-1');
    const key = cache.keyOf('content', '/a.yaml', 'a: 1');
    const held = { texts: { a: 1 } as Record<string, number> };
    cache.hold(key, held);
    delete held.texts.a;
    await cache.save();
    expect(await createResultCache(folder, 'code-1').get(key)).toEqual({ texts: { a: 1 } });
  });

  it('ignores an entry cut short, with a byte changed, or filed under another key', async () => {
    const folder = path.join(dir, 'damaged');
    const cache = createResultCache(folder, 'code-1');
    const keys = ['a', 'b', 'c', 'd'].map((name) => cache.keyOf('content', `/${name}.yaml`, name));
    for (const key of keys) cache.hold(key, value);
    await cache.save();
    const [short, flipped, moved, intact] = keys.map((key) => path.join(folder, `${key}.bin`));
    await truncate(short, 40);
    const bytes = await readFile(flipped);
    bytes[bytes.length - 3] ^= 0x01;
    await writeFile(flipped, bytes);
    await writeFile(moved, await readFile(intact)); // an intact entry, under another key's name
    const reading = createResultCache(folder, 'code-1');
    for (const key of keys.slice(0, 3)) expect(await reading.get(key)).toBeUndefined();
    expect(reading.stats.corrupt).toBe(3);
    expect(await reading.get(keys[3])).toEqual(value);
    expect((await readdir(folder)).length).toBe(4);
  });
});
