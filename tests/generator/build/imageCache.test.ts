/** The drawn-image cache: checksummed entries, pruning, and builds with, without and from it. */
import { readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildReport } from '../../../generator/build/pipeline.ts';
import {
  createDisabledImageCache,
  createImageCache,
  imageCacheKey,
} from '../../../generator/build/imageCache.ts';
import { createMemoryWriter } from '../../../generator/build/writer.ts';
import { realRouteTable } from '../../helpers/routeTable.ts';
import { warmImageCache } from '../../helpers/sharedBuild.ts';
import { makeTempDir, realContent } from '../../helpers/site.ts';

let workDir: string;
beforeAll(async () => {
  workDir = await makeTempDir('image-cache');
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const entries = async (dir: string) => (await readdir(dir)).filter((name) => name.endsWith('.img')).sort();

describe('image cache entries', () => {
  it('keys a drawing by every input, in order', () => {
    expect(imageCacheKey({ title: 'A', colour: '#ea384c' })).toBe(
      imageCacheKey({ title: 'A', colour: '#ea384c' }),
    );
    expect(imageCacheKey({ title: 'A', colour: '#ea384c' })).not.toBe(
      imageCacheKey({ title: 'A', colour: '#ea384d' }),
    );
    expect(imageCacheKey({ title: 'A' })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives back what was stored, and nothing for a key never stored', async () => {
    const dir = path.join(workDir, 'roundtrip');
    const bytes = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
    await createImageCache(dir).put('a'.repeat(64), bytes);
    const cache = createImageCache(dir);
    expect(await cache.get('a'.repeat(64))).toEqual(bytes);
    expect(await cache.get('b'.repeat(64))).toBeUndefined();
    expect(cache.stats).toMatchObject({ hits: 1, misses: 1, corrupt: 0 });
  });

  it('treats a truncated or altered entry as missing', async () => {
    const dir = path.join(workDir, 'damaged');
    const writer = createImageCache(dir);
    const bytes = new Uint8Array(Array.from({ length: 200 }, (_, index) => index));
    await writer.put('c'.repeat(64), bytes);
    await writer.put('d'.repeat(64), bytes);
    await writer.put('e'.repeat(64), bytes);
    await truncate(path.join(dir, `${'c'.repeat(64)}.img`), 120);
    const altered = await readFile(path.join(dir, `${'d'.repeat(64)}.img`));
    altered[100] ^= 0xff;
    await writeFile(path.join(dir, `${'d'.repeat(64)}.img`), altered);
    await truncate(path.join(dir, `${'e'.repeat(64)}.img`), 0);

    const cache = createImageCache(dir);
    expect(await cache.get('c'.repeat(64))).toBeUndefined();
    expect(await cache.get('d'.repeat(64))).toBeUndefined();
    expect(await cache.get('e'.repeat(64))).toBeUndefined();
    expect(cache.stats).toMatchObject({ hits: 0, misses: 3, corrupt: 3 });
  });

  it('prunes the entries a build neither read nor wrote, and keeps the rest', async () => {
    const dir = path.join(workDir, 'prune');
    const first = createImageCache(dir);
    for (const letter of 'fgh') await first.put(letter.repeat(64), new Uint8Array([1, 2, 3]));
    const second = createImageCache(dir);
    await second.get('f'.repeat(64));
    await second.put('i'.repeat(64), new Uint8Array([4]));
    await second.prune();
    expect(await entries(dir)).toEqual([`${'f'.repeat(64)}.img`, `${'i'.repeat(64)}.img`]);
    expect(second.stats.pruned).toBe(2);
  });

  it('disabled (--no-cache): reads nothing and writes nothing', async () => {
    const cache = createDisabledImageCache();
    await cache.put('j'.repeat(64), new Uint8Array([1]));
    expect(await cache.get('j'.repeat(64))).toBeUndefined();
  });
});

describe('builds and the image cache', () => {
  const runBuild = async (options: { cache?: boolean; cacheDir?: string }) => {
    const writer = createMemoryWriter();
    const report = await build({ contentDir: realContent, writer, ...options });
    return { report, files: writer.files };
  };
  const expectSameFiles = (a: Map<string, string | Uint8Array>, b: Map<string, string | Uint8Array>) => {
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [file, contents] of a)
      expect(Buffer.from(b.get(file)!).equals(Buffer.from(contents)), file).toBe(true);
  };

  let cacheDir: string;
  let poisonedDir: string;
  const stale = `${'0'.repeat(64)}.img`;
  let uncached: { report: BuildReport; files: Map<string, string | Uint8Array> };
  let fromCache: { report: BuildReport; files: Map<string, string | Uint8Array> };
  let distinctImages: number;
  beforeAll(async () => {
    // The cache as the run's shared build of the same content left it (a build with nothing changed),
    // plus one entry no build uses any more.
    cacheDir = await warmImageCache(path.join(workDir, 'build-cache'));
    await writeFile(path.join(cacheDir, stale), 'an image of a site as it once was');
    // Two images may be one entry (the same preview in two languages whose title is the same word).
    distinctImages = (await entries(cacheDir)).length - 1;
    fromCache = await runBuild({ cacheDir });
    // A cache whose entries are all valid but wrong, plus one stranger: --no-cache must read, write and prune none of it.
    poisonedDir = path.join(workDir, 'poisoned');
    const poisoned = createImageCache(poisonedDir);
    for (const name of await entries(cacheDir))
      await poisoned.put(name.slice(0, -'.img'.length), new Uint8Array([1, 2, 3]));
    await poisoned.put('1'.repeat(64), new Uint8Array([4]));
    uncached = await runBuild({ cache: false, cacheDir: poisonedDir });
  }, 300_000);

  it('--no-cache draws every image, and neither reads, writes nor prunes the cache', async () => {
    // Every image the site shows: social previews, icons, and each photo's encodings.
    expect(distinctImages).toBeGreaterThan(0);
    expect(uncached.report.imageCache.misses).toBeGreaterThanOrEqual(distinctImages);
    expect(uncached.report.imageCache).toMatchObject({ hits: 0, pruned: 0 });
    expect(await entries(poisonedDir)).toHaveLength(distinctImages + 1);
    expect(await readFile(path.join(poisonedDir, `${'1'.repeat(64)}.img`))).toHaveLength(33);
  });

  it('a build with nothing changed takes every image from the cache', () => {
    const images = uncached.report.imageCache.misses;
    expect(fromCache.report.imageCache).toMatchObject({ hits: images, misses: 0, corrupt: 0 });
  });

  it('prunes what the last build did not use, so the cache does not grow', async () => {
    expect(fromCache.report.imageCache.pruned).toBe(1);
    const left = await entries(cacheDir);
    expect(left).not.toContain(stale);
    expect(left).toHaveLength(distinctImages);
  });

  it('the output is byte-identical with and without the cache', () => {
    // At least a page per route of the content, besides the assets.
    expect(uncached.files.size).toBeGreaterThan(realRouteTable.routes.length);
    expectSameFiles(uncached.files, fromCache.files);
  });

  it('redraws a damaged entry instead of copying it, and repairs it', async () => {
    const [first, second] = await entries(cacheDir);
    await truncate(path.join(cacheDir, first), 1000);
    const altered = await readFile(path.join(cacheDir, second));
    altered[altered.length - 1] ^= 0x01;
    await writeFile(path.join(cacheDir, second), altered);
    const damaged = createImageCache(cacheDir);
    for (const name of [first, second])
      expect(await damaged.get(name.slice(0, -'.img'.length)), name).toBeUndefined();

    const repaired = await runBuild({ cacheDir });
    // Each damaged entry is a miss for every image drawn from it (cards alike share one entry).
    const { hits, misses, corrupt, pruned } = repaired.report.imageCache;
    expect(corrupt).toBeGreaterThanOrEqual(2);
    expect({ misses, pruned }).toEqual({ misses: corrupt, pruned: 0 });
    expect(hits + misses).toBe(uncached.report.imageCache.misses);
    expectSameFiles(uncached.files, repaired.files);
    // Repaired: both entries are whole again, so the next build takes them from the cache.
    const after = createImageCache(cacheDir);
    for (const name of [first, second])
      expect(await after.get(name.slice(0, -'.img'.length)), name).toBeDefined();
    expect(after.stats).toMatchObject({ hits: 2, corrupt: 0 });
  }, 180_000);
});
