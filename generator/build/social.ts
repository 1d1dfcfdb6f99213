/**
 * Social preview images: one 1200 x 630 PNG per page type and language, showing
 * the brand and the page's title, drawn with satori (layout and text to SVG) and
 * rasterised by resvg. The not-found and forwarding pages reuse their home's. A
 * page with a hero photo (images/socialPhoto.ts) shows the photo, cropped around
 * its focus, under the brand and title, as a JPEG.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readSourceImage } from './pictures.ts';
import { createElement as h, type ReactElement } from 'react';
import { pageMeta } from '../model/pageMeta.ts';
import type { Content } from '../content/load.ts';
import type { Translations } from './translations.ts';
import { imageCacheKey, type ImageCache } from './imageCache.ts';
import { cropPhoto, layOver, heroPhotoOf, photoPreviewVersion, previewJpeg } from '../images/socialPhoto.ts';
import type { PageId, RouteTable } from '../model/routeTable.ts';
import type { Language } from '../model/languages.ts';
import { createCardEncoder, fromRows, opaqueRgb, type RawPicture } from '../images/cardPixels.ts';
import { type OutputFile, socialImageSize, type SocialImages } from '../model/builtAssets.ts';

const require = createRequire(import.meta.url);
/**
 * resvg at each SVG's own size (a whole card's, or the part of one that svgCutTo cuts out).
 * satori turns every text into paths, so the SVG has no text for resvg to lay out: it need not
 * scan the system's fonts, which was half of its time.
 */
const rasterOptions = {
  fitTo: { mode: 'original' as const },
  font: { loadSystemFonts: false },
};

function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string })
    .version;
}

/** The drawing libraries' versions: a new satori or resvg may draw other pixels, so it keys the cache. */
export function drawingLibraryVersions(): { satori: string; resvg: string } {
  return { satori: packageVersion('satori'), resvg: packageVersion('@resvg/resvg-js') };
}

/**
 * resvg, loaded only when an image has to be drawn: a build whose images are all
 * cached never pays for it.
 */
export function loadRasteriser() {
  return (require('@resvg/resvg-js') as typeof import('@resvg/resvg-js')).renderAsync;
}

/**
 * satori, loaded only when a card has to be laid out. The compiled CLI loads it from a bundle
 * of its own with its own V8 code cache (bin/compile.js): in the CLI's bundle every start would
 * read it, and the code cache of the builds that draw nothing would carry it.
 */
async function loadSatori() {
  const loaded = await import('satori');
  // satori's ES module build, as Node imports it, has satori as its default export. The compiled CLI
  // requires its CommonJS build, whose exports object is then the default, with satori as its own.
  const commonJs = loaded.default as unknown as { default?: typeof loaded.default };
  return typeof commonJs.default === 'function' ? commonJs.default : loaded.default;
}

async function loadFonts() {
  const file = (weight: number) =>
    require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
  return [
    { name: 'Inter', data: await readFile(file(400)), weight: 400 as const, style: 'normal' as const },
    { name: 'Inter', data: await readFile(file(700)), weight: 700 as const, style: 'normal' as const },
  ];
}

/**
 * A page's card without its title: the brand at the top, the tagline at the bottom and,
 * between them, an empty slot where the title goes. The brand and the tagline are the
 * same on every page of a language, so this is laid out once per language; the slot's
 * place tells where `space-between` puts the title: centred between the two.
 */
function cardFrame(brand: string, tagline: string, colour: string) {
  return cardShell(
    colour,
    { background: '#ffffff' },
    { justifyContent: 'space-between' },
    h(
      'div',
      { key: 'brand', style: { display: 'flex', fontSize: 40, fontWeight: 700, color: colour } },
      brand,
    ),
    h('div', { key: 'title', style: { display: 'flex' } }),
    h(
      'div',
      { key: 'tagline', style: { display: 'flex', fontSize: 28, color: '#555555', lineHeight: 1.35 } },
      tagline,
    ),
  );
}

/** The width of the bar in the page's colour down the left of every card. */
const barWidth = 32;

/**
 * Every card's layout: 1200 × 630, the page's colour as a bar down the left, and beside it a
 * padded column of `children` (where it puts them, and what is behind it, is the card's).
 */
function cardShell(
  colour: string,
  card: { background?: string },
  column: { justifyContent: string; alignItems?: string },
  ...children: ReturnType<typeof h>[]
) {
  return h(
    'div',
    { style: { width: 1200, height: 630, display: 'flex', ...card, fontFamily: 'Inter' } },
    h('div', { style: { width: barWidth, height: 630, background: colour } }),
    h(
      'div',
      {
        style: {
          width: 1200 - barWidth,
          height: 630,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: column.justifyContent,
          ...(column.alignItems ? { alignItems: column.alignItems } : {}),
          padding: '56px 72px',
          boxSizing: 'border-box',
        },
      },
      ...children,
    ),
  );
}

/** The largest font size on a card: a title's. */
const titleFontSize = 76;

/** A page's title as the card shows it. */
function cardTitle(title: string) {
  return h(
    'div',
    {
      key: 'title',
      style: { display: 'flex', fontSize: titleFontSize, fontWeight: 700, color: '#1a1a1a', lineHeight: 1.1 },
    },
    title,
  );
}

/** A laid-out node's box, in the card's pixels (not whole ones). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where the title goes: between the bottom of the brand and the top of the tagline, as wide as both. */
type Slot = Box;

/**
 * How a card is drawn (the frame laid out and rasterised once per language; per page, the title laid
 * out, the part of the card it reaches rasterised on its own and laid over the frame's); part of its cache key.
 */
const cardDrawing = 'frame per language, the part of it a title reaches laid over it per page';

/**
 * The PNG settings of a card: zlib level 4, no alpha (a card is opaque). Level 6 took a quarter
 * longer for a tenth fewer bytes, level 9 four times as long for a sixth fewer; a card is fetched
 * by the sites a page is shared on, not by every visitor.
 */
const cardPng = { compressionLevel: 4 } as const;

/** The SVG between its `<svg …>` and `</svg>`. */
function svgBody(svg: string): string {
  return svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));
}

/**
 * A card-sized SVG with the title alone in its slot, on a clear background: the part svgCutTo
 * cuts out of it is rasterised and laid over the frame's pixels. resvg parses the title's paths
 * only, not the frame's too (some 50 KB, mostly the tagline's), for every card.
 */
function titleInSlot(slot: Slot, titleSvg: string): string {
  const { width, height } = socialImageSize;
  return `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg"><g transform="translate(${slot.left} ${slot.top})">${svgBody(titleSvg)}</g></svg>`;
}

/**
 * The shade over a photo that keeps the brand and title readable (dark at the bottom, clear at
 * the top), beside the page's colour bar. Written as SVG rather than laid out by satori: satori
 * draws a CSS gradient as an SVG pattern, which resvg rasterises three times slower than the same
 * gradient filling a rectangle. It is the same on every page, so it is rasterised once.
 */
function photoShade(colour: string): string {
  const { width, height } = socialImageSize;
  return [
    `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">`,
    '<linearGradient id="shade" x1="0" y1="1" x2="0" y2="0">',
    '<stop offset="0" stop-opacity="0.78"/><stop offset="0.55" stop-opacity="0.35"/><stop offset="1" stop-opacity="0"/>',
    '</linearGradient>',
    `<rect width="${barWidth}" height="${height}" fill="${colour}"/>`,
    `<rect x="${barWidth}" width="${width - barWidth}" height="${height}" fill="url(#shade)"/>`,
    '</svg>',
  ].join('');
}

/**
 * Brand and title at the bottom of a photo's card (over its shade); the rest transparent. Each text's
 * box is as wide as the text (not stretched across the column): their ink is drawn in those columns.
 */
function photoTexts(brand: string, title: string, colour: string) {
  return cardShell(
    colour,
    {},
    { justifyContent: 'flex-end', alignItems: 'flex-start' },
    h(
      'div',
      { key: 'brand', style: { display: 'flex', fontSize: 36, fontWeight: 700, color: '#ffffff' } },
      brand,
    ),
    h(
      'div',
      {
        key: 'title',
        style: {
          display: 'flex',
          fontSize: 72,
          fontWeight: 700,
          color: '#ffffff',
          lineHeight: 1.1,
          marginTop: 16,
        },
      },
      title,
    ),
  );
}

/** A part of a card, in whole pixels. */
export interface Area {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * How far a text's ink may reach past its box, as a share of its font size: accents above
 * capitals and descenders overhang a tight line height, and a letter's side may reach past its
 * advance. Pixels this far around a text are drawn with it. (A word too long for its line widens
 * the box, which is as wide as its text.)
 */
const inkReach = 0.5;

/** The whole pixels from `box`'s edges widened by `reach`, within the card. */
export function areaAround(
  box: { left: number; top: number; right: number; bottom: number },
  reach: number,
): Area {
  const { width, height } = socialImageSize;
  const left = Math.max(0, Math.floor(box.left - reach));
  const top = Math.max(0, Math.floor(box.top - reach));
  const right = Math.min(width, Math.max(left + 1, Math.ceil(box.right + reach)));
  const bottom = Math.min(height, Math.max(top + 1, Math.ceil(box.bottom + reach)));
  return { left, top, width: right - left, height: bottom - top };
}

/** The part of the card the ink of the texts in `boxes` can reach; the whole card when there are none. */
export function inkAreaOf(boxes: readonly Box[]): Area {
  if (boxes.length === 0) return { left: 0, top: 0, ...socialImageSize };
  return areaAround(
    {
      left: Math.min(...boxes.map((box) => box.left)),
      top: Math.min(...boxes.map((box) => box.top)),
      right: Math.max(...boxes.map((box) => box.left + box.width)),
      bottom: Math.max(...boxes.map((box) => box.top + box.height)),
    },
    inkReach * titleFontSize,
  );
}

/**
 * Which rows of a card frame resvg draws: the rows the ink of each text in `texts` can reach, as
 * strips as wide as the card, and the first row no text reaches, which stands for every other row. A
 * frame is a white card with the bar down its left and its texts, so every row no text reaches is
 * the same (a frame with a background that changes down the card could not be drawn this way).
 * Texts that reach every row leave no blank row: the whole frame is one strip.
 */
export function frameRows(texts: readonly Box[]): { strips: Area[]; blankRow?: Area } {
  const { width, height } = socialImageSize;
  const strips = texts.map((box) => inkAreaOf([{ left: 0, top: box.top, width, height: box.height }]));
  const reached = (row: number) => strips.some((strip) => row >= strip.top && row < strip.top + strip.height);
  let blank = 0;
  while (blank < height && reached(blank)) blank += 1;
  return blank < height
    ? { strips, blankRow: { left: 0, top: blank, width, height: 1 } }
    : { strips: [{ left: 0, top: 0, width, height }] };
}

/**
 * A card's SVG cut to `area`: resvg draws that part alone, the pixels it draws there for the
 * whole card (the view moves by whole pixels, so every edge falls on the same pixels).
 */
export function svgCutTo(svg: string, area: Area): string {
  return `<svg width="${area.width}" height="${area.height}" viewBox="${area.left} ${area.top} ${area.width} ${area.height}" xmlns="http://www.w3.org/2000/svg">${svgBody(svg)}</svg>`;
}

/** The extension of a page's preview: a page with a hero photo gets a JPEG, whatever its hero file is. */
const previewExtension = (page: PageId) => (heroPhotoOf[page] ? 'jpg' : 'png');

/** A card as plain data (element types, props, children): the layout and every text and colour in it. */
function describe(node: unknown): unknown {
  if (node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map(describe);
  const element = node as ReactElement<Record<string, unknown>>;
  if ('type' in element && 'props' in element) {
    const { children, ...props } = element.props;
    return { type: element.type, props, children: describe(children) };
  }
  return node;
}

function imagePage(page: PageId): PageId {
  return page === 'notFound' || page === 'privacyRedirect' || page === 'moved' ? 'home' : page;
}

export async function buildSocialImages(
  routeTable: RouteTable,
  translations: Translations,
  content: Content,
  cache: ImageCache,
): Promise<SocialImages> {
  const fonts = await loadFonts();
  const fontsHash = createHash('sha256');
  for (const font of fonts) fontsHash.update(font.data);
  const keyBase = {
    kind: 'social-preview',
    size: socialImageSize,
    raster: rasterOptions,
    fonts: fontsHash.digest('hex'),
    libraries: drawingLibraryVersions(),
  };

  const wanted = new Map<string, { page: PageId; language: Language }>();
  for (const route of routeTable.routes) {
    const page = imagePage(route.page);
    wanted.set(`${page}-${route.language}`, { page, language: route.language });
  }
  // Hero photos (never an SVG: that page gets its card, as JPEG), read once each.
  const photos = new Map<PageId, { bytes: Uint8Array; focus: { x: number; y: number }; digest: string }>();
  for (const [page, key] of Object.entries(heroPhotoOf) as [
    PageId,
    NonNullable<(typeof heroPhotoOf)[PageId]>,
  ][]) {
    const hero = content.images[key];
    if (!hero || hero.file.toLowerCase().endsWith('.svg')) continue;
    const bytes = await readSourceImage(path.dirname(hero.path), hero.path);
    photos.set(page, { bytes, focus: hero.focus, digest: createHash('sha256').update(bytes).digest('hex') });
  }
  const images = [...wanted].map(([name, { page, language }]) => {
    const translator = translations.translators[language];
    const title = pageMeta(page, translator, content).title;
    const photo = photos.get(page);
    const element = photo
      ? {
          shade: photoShade(content.site.theme.primary),
          texts: photoTexts(content.site.brand, title, content.site.theme.primary),
        }
      : undefined;
    const frame = cardFrame(
      content.site.brand,
      translator.t('home.hero.subtitle'),
      content.site.theme.primary,
    );
    const asJpeg = previewExtension(page) === 'jpg';
    return {
      name,
      page,
      language,
      title,
      element,
      photo,
      asJpeg,
      key: imageCacheKey({
        ...keyBase,
        card: element
          ? { shade: element.shade, texts: describe(element.texts) }
          : { drawing: cardDrawing, frame: describe(frame), title: describe(cardTitle(title)), png: cardPng },
        ...(asJpeg
          ? { photo: photo && { digest: photo.digest, focus: photo.focus }, ...photoPreviewVersion }
          : {}),
      }),
    };
  });

  const cached = await Promise.all(images.map((image) => cache.get(image.key)));
  // Cards alike (the same texts, colours and photo: one key) are drawn once and written under each name.
  const missing = new Map<string, (typeof images)[number]>();
  images.forEach((image, index) => {
    if (cached[index] === undefined && !missing.has(image.key)) missing.set(image.key, image);
  });
  const drawn = new Map<string, Promise<Uint8Array>>();
  if (missing.size > 0) {
    const satori = await loadSatori();
    const renderAsync = loadRasteriser();
    const encodeCard = createCardEncoder();
    /** An SVG as resvg draws it, at its own size: RGBA, premultiplied. */
    const raster = async (svg: string): Promise<RawPicture> => {
      const rendered = await renderAsync(svg, rasterOptions);
      return { data: rendered.pixels, width: rendered.width, height: rendered.height, channels: 4 };
    };
    /** A frame's pixels as RGB (it is opaque: its background is white), drawn in the rows frameRows plans. */
    const framePixels = async (svg: string, texts: Box[]): Promise<RawPicture> => {
      const { width, height } = socialImageSize;
      const { strips, blankRow } = frameRows(texts);
      const [rows, blank] = await Promise.all([
        Promise.all(strips.map((strip) => raster(svgCutTo(svg, strip)))),
        blankRow && raster(svgCutTo(svg, blankRow)),
      ]);
      const placed = rows.map((picture, index) => ({ picture, top: strips[index].top }));
      return opaqueRgb(fromRows(width, height, placed, blank));
    };
    // Each hero photo is decoded, cropped and shaded once, for its page's preview in every language.
    let shade: Promise<RawPicture> | undefined;
    const shadedPhotos = new Map<PageId, Promise<RawPicture>>();
    const shadedPhotoOf = (image: (typeof images)[number]) => {
      if (!shadedPhotos.has(image.page)) {
        const photo = image.photo!;
        const crop = cropPhoto(photo.bytes, photo.focus, socialImageSize);
        crop.catch(() => {}); // awaited below
        shade ??= raster(image.element!.shade);
        shadedPhotos.set(
          image.page,
          Promise.all([crop, shade]).then(([cropped, overlay]) => layOver(cropped, overlay)),
        );
      }
      return shadedPhotos.get(image.page)!;
    };
    // Each language's card frame is laid out and rasterised once, for every page's card without a photo.
    const frames = new Map<Language, Promise<{ slot: Slot; pixels: Promise<RawPicture> }>>();
    const frameOf = (language: Language) => {
      if (!frames.has(language))
        frames.set(
          language,
          (async () => {
            const placed = new Map<string, Box>();
            const translator = translations.translators[language];
            const frame = cardFrame(
              content.site.brand,
              translator.t('home.hero.subtitle'),
              content.site.theme.primary,
            );
            const svg = await satori(frame, {
              ...socialImageSize,
              fonts,
              onNodeDetected: (node) => {
                if (node.key !== undefined && node.key !== null) placed.set(String(node.key), node);
              },
            });
            const brand = placed.get('brand')!;
            const tagline = placed.get('tagline')!;
            const top = brand.top + brand.height;
            const pixels = framePixels(svg, [brand, tagline]);
            pixels.catch(() => {}); // awaited with each card
            return { slot: { left: brand.left, top, width: brand.width, height: tagline.top - top }, pixels };
          })(),
        );
      return frames.get(language)!;
    };
    // A title in its slot, centred as the frame's `space-between` would centre it, and the title's box in the slot.
    const drawTitle = async (title: string, slot: Slot) => {
      let box: Box | undefined;
      const svg = await satori(
        h(
          'div',
          {
            style: {
              width: slot.width,
              height: slot.height,
              display: 'flex',
              flexDirection: 'column',
              justifyContent: 'center',
              // The title's box as wide as its text (not stretched to the slot): its ink is drawn
              // in that box's columns alone. The text wraps at the slot's width all the same.
              alignItems: 'flex-start',
              fontFamily: 'Inter',
            },
          },
          cardTitle(title),
        ),
        {
          width: slot.width,
          height: slot.height,
          fonts,
          onNodeDetected: (node) => {
            if (node.key === 'title') box = node;
          },
        },
      );
      return { svg, box: box! };
    };
    // satori lays out on this thread while resvg rasterises the previous card on libuv's pool: both cores work.
    for (const image of missing.values()) {
      let bytes: Promise<Uint8Array>;
      if (image.element && image.photo) {
        // The photo, shaded, under the part of the card the brand's and title's ink can reach.
        const textBoxes: Box[] = [];
        const svg = await satori(image.element.texts, {
          ...socialImageSize,
          fonts,
          onNodeDetected: (node) => {
            if (node.key === 'brand' || node.key === 'title') textBoxes.push(node);
          },
        });
        const area = inkAreaOf(textBoxes);
        const shaded = shadedPhotoOf(image);
        bytes = raster(svgCutTo(svg, area)).then(async (textPixels) =>
          encodeCard(await shaded, textPixels, area, (card) => card.jpeg(previewJpeg)),
        );
      } else {
        // The frame's pixels, with the part the title's ink can reach laid over them, as a photo's texts are.
        const frame = await frameOf(image.language);
        const title = await drawTitle(image.title, frame.slot);
        const area = inkAreaOf([
          { ...title.box, left: frame.slot.left + title.box.left, top: frame.slot.top + title.box.top },
        ]);
        bytes = raster(svgCutTo(titleInSlot(frame.slot, title.svg), area)).then(async (titlePixels) =>
          encodeCard(await frame.pixels, titlePixels, area, (card) =>
            image.asJpeg ? card.jpeg(previewJpeg) : card.png(cardPng),
          ),
        );
      }
      const stored = bytes.then(async (drawnBytes) => {
        await cache.put(image.key, drawnBytes);
        return drawnBytes;
      });
      // Awaited below, with every other card; a failure fails the build there, not as an unhandled rejection here.
      stored.catch(() => {});
      drawn.set(image.key, stored);
    }
  }
  const contents = await Promise.all(images.map((image, index) => cached[index] ?? drawn.get(image.key)!));
  const files: OutputFile[] = images.map((image, index) => ({
    path: `og/${image.name}.${image.asJpeg ? 'jpg' : 'png'}`,
    contents: contents[index],
  }));
  return {
    pathOf: (page, language) => `/og/${imagePage(page)}-${language}.${previewExtension(imagePage(page))}`,
    files,
  };
}
