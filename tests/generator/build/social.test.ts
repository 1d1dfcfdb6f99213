/**
 * The social preview images: one of 1200 x 630 per page type and language (a PNG, or a
 * JPEG for a page with a hero photo), drawn once, then taken from the cache.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  createDisabledImageCache,
  createImageCache,
  type ImageCache,
} from '../../../generator/build/imageCache.ts';
import {
  areaAround,
  buildSocialImages,
  frameRows,
  inkAreaOf,
  svgCutTo,
  loadRasteriser,
} from '../../../generator/build/social.ts';
import { routeTableOf, translationsOf } from '../../../generator/build/stages.ts';
import { loadContent } from '../../../generator/content/load.ts';
import { socialImageSize } from '../../../generator/model/builtAssets.ts';
import { fromRows, type RawPicture } from '../../../generator/images/cardPixels.ts';
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

  it('draws cards alike once, and writes the same bytes under each name', async () => {
    const content = await loadContent(realContent);
    // A fixture: the partnership page (its card shows the brand, its title and its hero photo)
    // titled alike in Italian and English, and otherwise in German.
    const texts = content.texts as unknown as Record<string, { partnership: { meta: { title: string } } }>;
    texts.en.partnership.meta.title = texts.it.partnership.meta.title = 'Titolo di prova';
    texts.de.partnership.meta.title = 'Probetitel';
    let drawn = 0;
    const disabled = createDisabledImageCache();
    const counting: ImageCache = { ...disabled, stats: disabled.stats, put: async () => void drawn++ };
    const images = await buildSocialImages(routeTableOf(content), translationsOf(content), content, counting);
    const bytesOf = (name: string) =>
      Buffer.from(images.files.find((file) => file.path === `og/${name}.jpg`)!.contents);
    expect(bytesOf('partnership-en')).toEqual(bytesOf('partnership-it'));
    expect(bytesOf('partnership-en')).not.toEqual(bytesOf('partnership-de'));
    const distinct = new Set(images.files.map((file) => Buffer.from(file.contents).toString('base64')));
    expect(drawn).toBe(distinct.size);
    expect(drawn).toBeLessThan(images.files.length);
  });

  it('centres a title between the brand and the tagline, however many lines it takes', async () => {
    const content = await loadContent(realContent);
    // A fixture: two pages of one language (one tagline), a title of one line and one of three.
    const texts = content.texts as unknown as Record<string, Record<string, { meta: { title: string } }>>;
    texts.en.about.meta.title = 'Hobbies';
    texts.en.esim.meta.title = 'Hobbies hobbies hobbies hobbies hobbies hobbies hobbies hobbies';
    const images = await buildSocialImages(
      routeTableOf(content),
      translationsOf(content),
      content,
      createDisabledImageCache(),
    );
    /**
     * Where the title's ink is (#1a1a1a; the brand and the tagline are lighter): its first and last
     * row and column, and the first column of the brand's ink (the page's colour, right of the bar).
     */
    const titleInk = async (name: string) => {
      const file = images.files.find((candidate) => candidate.path === `og/${name}.png`)!;
      const { data, info } = await sharp(Buffer.from(file.contents))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const rows: number[] = [];
      const columns: number[] = [];
      let brandLeft = info.width;
      for (let y = 0; y < info.height; y++)
        for (let x = 0; x < info.width; x++) {
          const at = (y * info.width + x) * info.channels;
          const [red, green, blue] = [data[at], data[at + 1], data[at + 2]];
          if (red < 40 && green < 40 && blue < 40) {
            rows.push(y);
            columns.push(x);
          } else if (x > 40 && y < 120 && red > 150 && green < 100) brandLeft = Math.min(brandLeft, x);
        }
      return {
        top: rows[0],
        bottom: rows.at(-1)!,
        height: rows.at(-1)! - rows[0],
        left: Math.min(...columns),
        right: Math.max(...columns),
        brandLeft,
      };
    };
    const short = await titleInk('about-en');
    const long = await titleInk('esim-en');
    expect(long.height).toBeGreaterThan(2.5 * short.height);
    expect(Math.abs((long.top + long.bottom) / 2 - (short.top + short.bottom) / 2)).toBeLessThan(12);
    // In the brand's column, and all of it drawn: the long title reaches across the card, the short one not.
    for (const title of [short, long]) expect(Math.abs(title.left - title.brandLeft)).toBeLessThan(8);
    expect(long.right - long.left).toBeGreaterThan(2.5 * (short.right - short.left));
    expect(long.right).toBeGreaterThan(800);
  });
});

describe('drawing a part of a card', () => {
  it('keeps the area around a text within the card, in whole pixels', () => {
    expect(areaAround({ left: 104.3, top: 100.4, right: 300.2, bottom: 180.6 }, 10)).toEqual({
      left: 94,
      top: 90,
      width: 217,
      height: 101,
    });
    expect(areaAround({ left: -5, top: -5, right: 40, bottom: 40 }, 38)).toEqual({
      left: 0,
      top: 0,
      width: 78,
      height: 78,
    });
    expect(areaAround({ left: 1150, top: 600, right: 1200, bottom: 630 }, 38)).toEqual({
      left: 1112,
      top: 562,
      width: 88,
      height: 68,
    });
  });

  const { width, height } = socialImageSize;

  it('plans a frame as the rows its texts reach and the first row they do not, or whole', () => {
    const brand = { left: 104, top: 56, width: 180.5, height: 48.4 };
    const tagline = { left: 104, top: 500.2, width: 900, height: 75.6 };
    const { strips, blankRow } = frameRows([brand, tagline]);
    expect(strips).toEqual([
      inkAreaOf([{ ...brand, left: 0, width }]),
      inkAreaOf([{ ...tagline, left: 0, width }]),
    ]);
    expect(strips.map((strip) => [strip.left, strip.width])).toEqual([
      [0, width],
      [0, width],
    ]);
    expect(blankRow).toEqual({ left: 0, top: 0, width, height: 1 });
    // The first row no text reaches, not always the first row: a brand at row 10 reaches row 0 and,
    // with its ink's reach (half the title's 76 px), every row down to 10 + 48.4 + 38.
    expect(frameRows([{ ...brand, top: 10 }, tagline]).blankRow?.top).toBe(Math.ceil(10 + 48.4 + 38));
    // Texts that reach every row: the whole frame, and no blank row.
    expect(
      frameRows([
        { ...brand, top: 0, height: 300 },
        { ...tagline, top: 280, height: 350 },
      ]),
    ).toEqual({
      strips: [{ left: 0, top: 0, width, height }],
    });
    // No text at all: the whole card is where ink may be.
    expect(inkAreaOf([])).toEqual({ left: 0, top: 0, width, height });
  });

  /** A card-sized drawing: a white background, the bar in the page's colour, then `shapes`. */
  const cardSvg = (...shapes: string[]) =>
    [
      `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">`,
      `<rect width="${width}" height="${height}" fill="#ffffff"/><rect width="32" height="${height}" fill="#c8102e"/>`,
      ...shapes,
      '</svg>',
    ].join('');
  /** An SVG as resvg draws it at its own size (premultiplied RGBA), as social.ts has it drawn. */
  const rgba = async (svg: string): Promise<RawPicture> => {
    const rendered = await loadRasteriser()(svg, {
      fitTo: { mode: 'original' as const },
      font: { loadSystemFonts: false },
    });
    return { data: rendered.pixels, width: rendered.width, height: rendered.height, channels: 4 };
  };

  it('rasterises a part of a card as the same pixels as the whole card has there', async () => {
    // Text whose accents and descenders reach past their line box, at a fractional position (as
    // satori places a centred title).
    const whole = cardSvg(
      '<path fill="#1a1a1a" d="M104.3 250.7 L900.6 231.2 Q950.2 300.5 880.1 390.9 L120.4 402.3 Z"/>',
      '<circle cx="500.5" cy="240.25" r="30.3" fill="#555555"/>',
    );
    const all = await rgba(whole);
    const area = areaAround({ left: 104.3, top: 231.2, right: 950.2, bottom: 402.3 }, 38);
    const part = await rgba(svgCutTo(whole, area));
    expect([part.width, part.height]).toEqual([area.width, area.height]);
    const allPixels = Buffer.from(all.data);
    const expected = Buffer.concat(
      Array.from({ length: area.height }, (_, row) => {
        const start = ((area.top + row) * width + area.left) * 4;
        return allPixels.subarray(start, start + area.width * 4);
      }),
    );
    expect(Buffer.from(part.data)).toEqual(expected);
  });

  it('puts a frame together from the rows its texts reach and one blank row: the whole frame\u2019s pixels', async () => {
    // A frame as satori draws one: a brand at the top and a tagline at the bottom.
    const whole = cardSvg(
      '<path fill="#c8102e" d="M104.3 60.2 L300.6 58.9 Q320.1 90.5 290.4 104.8 L110.2 103.6 Z"/>',
      '<path fill="#555555" d="M104.1 520.4 L1100.7 518.2 L1090.3 571.9 L106.6 574.1 Z"/>',
    );
    const strips = [
      areaAround({ left: 0, top: 58.9, right: width, bottom: 104.8 }, 38),
      areaAround({ left: 0, top: 518.2, right: width, bottom: 574.1 }, 38),
    ];
    const rows = await Promise.all(strips.map((area) => rgba(svgCutTo(whole, area))));
    const blank = await rgba(svgCutTo(whole, { left: 0, top: 0, width, height: 1 }));
    const put = fromRows(
      width,
      height,
      rows.map((picture, index) => ({ picture, top: strips[index].top })),
      blank,
    );
    expect(Buffer.from(put.data).equals(Buffer.from((await rgba(whole)).data))).toBe(true);
  });
});
