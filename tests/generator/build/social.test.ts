/**
 * The social preview images: one of 1200 x 630 per page type and language (a PNG, or a
 * JPEG for a page with a hero photo), drawn once, then taken from the cache.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createImageCache } from '../../../generator/build/imageCache.ts';
import { buildSocialImages } from '../../../generator/build/social.ts';
import { routeTableOf, translationsOf } from '../../../generator/build/stages.ts';
import { loadContent } from '../../../generator/content/load.ts';
import { socialImageSize } from '../../../generator/model/builtAssets.ts';
import { makeTempDir, realContent } from '../../helpers/site.ts';

/** Width and height, read from the image's own header; its format must be what its name says. */
async function previewSize(file: { path: string; contents: string | Uint8Array }) {
  const { format, width, height } = await sharp(Buffer.from(file.contents)).metadata();
  expect(format).toBe(file.path.endsWith('.jpg') ? 'jpeg' : 'png');
  return { width, height };
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
      expect(await previewSize(file!)).toEqual(socialImageSize);
    }
    const second = await buildSocialImages(routeTable, translationsOf(content), content, cache);
    expect(cache.stats.hits).toBe(first.files.length);
    expect(second.files.map((file) => Buffer.from(file.contents))).toEqual(
      first.files.map((file) => Buffer.from(file.contents)),
    );
  });
});
