/**
 * Loading through the result cache gives the content a load without it gives, and
 * a mistake found across files is reported at the same place whether the file that
 * holds it was parsed now or taken from the cache (its document is parsed then).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { loadContent } from '../../../generator/content/load.ts';
import { createResultCache } from '../../../generator/content/resultCache.ts';
import { isSiteError, type SiteError } from '../../../generator/errors/siteError.ts';
import { copyRealContent, makeTempDir } from '../../helpers/site.ts';

let dir: string;
let contentDir: string;
beforeAll(async () => {
  dir = await makeTempDir('validated-file');
  contentDir = await copyRealContent(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const cacheOf = () => createResultCache(path.join(dir, 'results'), 'code');

async function problemsOf(load: Promise<unknown>): Promise<SiteError['problems']> {
  const error = await load.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(isSiteError(error)).toBe(true);
  return (error as SiteError).problems;
}

describe('loadValidatedFile through loadContent', () => {
  it('gives the same content from the cache as from the files', async () => {
    const parsed = await loadContent(contentDir, { cache: cacheOf() });
    const cache = cacheOf();
    const cached = await loadContent(contentDir, { cache });
    expect(cache.stats.misses).toBe(0);
    expect(cache.stats.hits).toBeGreaterThan(0);
    // As text: every value and the order of every key (the languages' lookup function aside).
    expect(JSON.stringify(cached)).toBe(JSON.stringify(parsed));
    expect(JSON.stringify(cached)).toBe(JSON.stringify(await loadContent(contentDir)));
  });

  it('locates a mistake in an unchanged file exactly as a load without the cache does', async () => {
    await loadContent(contentDir, { cache: cacheOf() });
    // A key the reference language loses: every other language's file (unchanged, cached) has one too many.
    const reference = path.join(contentDir, 'texts/it/about.yaml');
    const document = parseDocument(await readFile(reference, 'utf8'));
    document.deleteIn(['hero', 'eyebrow']);
    await writeFile(reference, document.toString());
    const cache = cacheOf();
    const cached = await problemsOf(loadContent(contentDir, { cache }));
    expect(cache.stats.hits).toBeGreaterThan(0);
    const uncached = await problemsOf(loadContent(contentDir));
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.map((problem) => [problem.message, problem.location])).toEqual(
      uncached.map((problem) => [problem.message, problem.location]),
    );
    expect(cached.some((problem) => (problem.location?.line ?? 0) > 1)).toBe(true);
  });

  it('stores nothing from a load with a problem', async () => {
    const cache = cacheOf();
    await problemsOf(loadContent(contentDir, { cache }));
    const again = cacheOf();
    await problemsOf(loadContent(contentDir, { cache: again }));
    // The file with the mistake was parsed both times: it never reached the cache.
    expect(again.stats.misses).toBeGreaterThan(0);
  });
});
