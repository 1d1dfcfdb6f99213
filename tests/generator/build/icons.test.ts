/** Favicon, app icons and manifest from a tiny brand mark: each size drawn once, then taken from the cache. */
import { imageSize } from 'image-size';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIcons } from '../../../generator/build/icons.ts';
import { createImageCache } from '../../../generator/build/imageCache.ts';
import type { SiteSettings } from '../../../generator/content/schemas/siteSchema.ts';
import type { SiteIcons } from '../../../generator/model/builtAssets.ts';
import { makeTempDir } from '../../helpers/site.ts';

/** A square mark filled with the brand colour. */
const redSquare =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#c8102e"/></svg>';
const settings = {
  brand: 'Tiny Mobile',
  theme: { primary: '#c8102e', background: '#fafafa' },
} as unknown as SiteSettings;

const fileOf = (icons: SiteIcons, name: string) => icons.files.find((file) => file.path === name)!.contents;

let cacheDir: string;
let icons: SiteIcons;
beforeAll(async () => {
  cacheDir = await makeTempDir('icons-cache');
  icons = await buildIcons(settings, 'Mobile for small firms', createImageCache(cacheDir), redSquare);
});

describe('buildIcons', () => {
  it('writes the mark as the SVG favicon, four PNGs and the manifest', () => {
    expect(icons.files.map((file) => file.path)).toEqual([
      'favicon.svg',
      'icon-192.png',
      'icon-512.png',
      'apple-touch-icon.png',
      'favicon-32.png',
      'site.webmanifest',
    ]);
    expect(fileOf(icons, 'favicon.svg')).toBe(redSquare);
  });

  it('draws each PNG at its size, in the mark’s colour', () => {
    const sizes = {
      'icon-192.png': 192,
      'icon-512.png': 512,
      'apple-touch-icon.png': 180,
      'favicon-32.png': 32,
    };
    for (const [name, size] of Object.entries(sizes)) {
      const bytes = fileOf(icons, name) as Uint8Array;
      expect(imageSize(bytes), name).toMatchObject({ type: 'png', width: size, height: size });
    }
    const favicon = PNG.sync.read(Buffer.from(fileOf(icons, 'favicon-32.png') as Uint8Array));
    const centre = (16 * 32 + 16) * 4;
    expect([...favicon.data.subarray(centre, centre + 4)]).toEqual([0xc8, 0x10, 0x2e, 0xff]);
  });

  it('names the site and its colours in the manifest, which lists the icons the files hold', () => {
    const manifest = JSON.parse(String(fileOf(icons, 'site.webmanifest')));
    expect(manifest).toMatchObject({
      name: 'Tiny Mobile',
      short_name: 'Tiny Mobile',
      description: 'Mobile for small firms',
      theme_color: '#c8102e',
      background_color: '#fafafa',
      start_url: '/',
    });
    for (const icon of manifest.icons) expect(icons.files.map((file) => `/${file.path}`)).toContain(icon.src);
    expect(icons.manifest).toBe('/site.webmanifest');
    expect(icons.links.map((link) => link.href)).toEqual([
      '/favicon.svg',
      '/favicon-32.png',
      '/apple-touch-icon.png',
    ]);
  });

  it('takes every PNG from the cache the second time, and draws again for another mark', async () => {
    const cache = createImageCache(cacheDir);
    const again = await buildIcons(settings, 'Mobile for small firms', cache, redSquare);
    expect(cache.stats).toMatchObject({ hits: 4, misses: 0 });
    expect(fileOf(again, 'icon-512.png')).toEqual(fileOf(icons, 'icon-512.png'));

    const blueSquare = redSquare.replace('#c8102e', '#0033a0');
    await buildIcons(settings, 'Mobile for small firms', cache, blueSquare);
    expect(cache.stats).toMatchObject({ hits: 4, misses: 4 });
  });
});
