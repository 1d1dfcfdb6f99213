/**
 * Social preview images: one 1200 x 630 PNG per page type and language, showing
 * the brand and the page's title, drawn with satori (layout and text to SVG) and
 * rasterised by resvg. The not-found and forwarding pages reuse their home's.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createElement as h, type ReactElement } from 'react';
import { pageMeta } from '../model/pageMeta.ts';
import type { Content } from '../content/load.ts';
import type { Translations } from './translations.ts';
import { imageCacheKey, type ImageCache } from './imageCache.ts';
import type { PageId, RouteTable } from '../model/routeTable.ts';
import type { Language } from '../model/languages.ts';
import { type OutputFile, socialImageSize, type SocialImages } from '../model/builtAssets.ts';

const require = createRequire(import.meta.url);
const rasterOptions = { fitTo: { mode: 'width' as const, value: socialImageSize.width } };

function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string })
    .version;
}

/** The drawing libraries' versions: a new satori or resvg may draw other pixels, so it keys the cache. */
export function drawingLibraryVersions(): { satori: string; resvg: string } {
  return { satori: packageVersion('satori'), resvg: packageVersion('@resvg/resvg-js') };
}

/**
 * satori and resvg are loaded only when an image has to be drawn: a build whose
 * images are all cached never pays for them.
 */
export async function loadDrawingLibraries() {
  const [{ default: satori }, { renderAsync }] = await Promise.all([
    import('satori'),
    import('@resvg/resvg-js'),
  ]);
  return { satori, renderAsync };
}

async function loadFonts() {
  const file = (weight: number) =>
    require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
  return [
    { name: 'Inter', data: await readFile(file(400)), weight: 400 as const, style: 'normal' as const },
    { name: 'Inter', data: await readFile(file(700)), weight: 700 as const, style: 'normal' as const },
  ];
}

function card(brand: string, title: string, tagline: string, colour: string) {
  return h(
    'div',
    { style: { width: 1200, height: 630, display: 'flex', background: '#ffffff', fontFamily: 'Inter' } },
    h('div', { style: { width: 32, height: 630, background: colour } }),
    h(
      'div',
      {
        style: {
          width: 1168,
          height: 630,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          padding: '56px 72px',
          boxSizing: 'border-box',
        },
      },
      h('div', { style: { display: 'flex', fontSize: 40, fontWeight: 700, color: colour } }, brand),
      h(
        'div',
        { style: { display: 'flex', fontSize: 76, fontWeight: 700, color: '#1a1a1a', lineHeight: 1.1 } },
        title,
      ),
      h('div', { style: { display: 'flex', fontSize: 28, color: '#555555', lineHeight: 1.35 } }, tagline),
    ),
  );
}

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
  const images = [...wanted].map(([name, { page, language }]) => {
    const translator = translations.translators[language];
    const element = card(
      content.site.brand,
      pageMeta(page, translator, content).title,
      translator.t('home.hero.subtitle'),
      content.site.theme.primary,
    );
    return { name, element, key: imageCacheKey({ ...keyBase, card: describe(element) }) };
  });

  const cached = await Promise.all(images.map((image) => cache.get(image.key)));
  const missing = images.filter((_, index) => cached[index] === undefined);
  const drawn = new Map<string, Uint8Array>();
  if (missing.length > 0) {
    const { satori, renderAsync } = await loadDrawingLibraries();
    // satori lays out on this thread while resvg rasterises the previous card on libuv's pool: both cores work.
    const rasterising: Promise<void>[] = [];
    for (const image of missing) {
      const svg = await satori(image.element, { ...socialImageSize, fonts });
      rasterising.push(
        renderAsync(svg, rasterOptions).then(async (rendered) => {
          const png = new Uint8Array(rendered.asPng());
          drawn.set(image.name, png);
          await cache.put(image.key, png);
        }),
      );
    }
    await Promise.all(rasterising);
  }
  const files: OutputFile[] = images.map((image, index) => ({
    path: `og/${image.name}.png`,
    contents: cached[index] ?? drawn.get(image.name)!,
  }));
  return {
    pathOf: (page, language) => `/og/${imagePage(page)}-${language}.png`,
    files,
  };
}
