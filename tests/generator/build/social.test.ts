/** The social preview images: one PNG of 1200 x 630 per page type and language, drawn once, then taken from the cache. */
import { describe, expect, it } from 'vitest';
import { createImageCache } from '../../../generator/build/imageCache.ts';
import { buildSocialImages } from '../../../generator/build/social.ts';
import { routeTableOf, translationsOf } from '../../../generator/build/stages.ts';
import { loadContent } from '../../../generator/content/load.ts';
import { socialImageSize } from '../../../generator/model/builtAssets.ts';
import { makeTempDir, realContent } from '../../helpers/site.ts';

/** Width and height from a PNG's header (IHDR). */
function pngSize(bytes: Uint8Array) {
  const view = Buffer.from(bytes);
  expect(view.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

describe('social preview images', () => {
  it('draws every page and language at 1200 x 630, and takes them from the cache the second time', async () => {
    const content = await loadContent(realContent);
    const routeTable = routeTableOf(content);
    const cache = createImageCache(await makeTempDir('social-cache'));
    const first = await buildSocialImages(routeTable, translationsOf(content), content, cache);
    expect(cache.stats.misses).toBe(first.files.length);
    for (const route of routeTable.routes) {
      const path = first.pathOf(route.page, route.language);
      const file = first.files.find((candidate) => `/${candidate.path}` === path);
      expect(file, `${route.page} ${route.language}`).toBeDefined();
      expect(pngSize(file!.contents as Uint8Array)).toEqual(socialImageSize);
    }
    const second = await buildSocialImages(routeTable, translationsOf(content), content, cache);
    expect(cache.stats.hits).toBe(first.files.length);
    expect(second.files.map((file) => Buffer.from(file.contents))).toEqual(
      first.files.map((file) => Buffer.from(file.contents)),
    );
  });
});
