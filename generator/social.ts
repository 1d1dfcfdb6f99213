/**
 * Social preview images: one 1200 x 630 PNG per page type and language, showing
 * the brand and the page's title, drawn with satori (layout and text to SVG) and
 * rasterised by resvg. The not-found and forwarding pages reuse their home's.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { createElement as h } from 'react';
import satori from 'satori';
import { pageMeta } from '../templates/meta.ts';
import type { Content } from './content.ts';
import type { Translations } from './i18n.ts';
import type { PageId, RouteTable } from './routes.ts';
import type { Language } from './schema.ts';
import type { OutputFile } from './writer.ts';

export const socialImageSize = { width: 1200, height: 630 } as const;

export interface SocialImages {
  /** URL path of the preview image of a page in a language. */
  pathOf(page: PageId, language: Language): string;
  files: OutputFile[];
}

const require = createRequire(import.meta.url);

async function loadFonts() {
  const file = (weight: number) => require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
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
      { style: { width: 1168, height: 630, display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: '56px 72px', boxSizing: 'border-box' } },
      h('div', { style: { display: 'flex', fontSize: 40, fontWeight: 700, color: colour } }, brand),
      h('div', { style: { display: 'flex', fontSize: 76, fontWeight: 700, color: '#1a1a1a', lineHeight: 1.1 } }, title),
      h('div', { style: { display: 'flex', fontSize: 28, color: '#555555', lineHeight: 1.35 } }, tagline),
    ),
  );
}

function imagePage(page: PageId): PageId {
  return page === 'notFound' || page === 'privacyRedirect' || page === 'moved' ? 'home' : page;
}

export async function buildSocialImages(routeTable: RouteTable, translations: Translations, content: Content): Promise<SocialImages> {
  const fonts = await loadFonts();
  const wanted = new Map<string, { page: PageId; language: Language }>();
  for (const route of routeTable.routes) {
    const page = imagePage(route.page);
    wanted.set(`${page}-${route.language}`, { page, language: route.language });
  }
  const files: OutputFile[] = [];
  for (const [name, { page, language }] of wanted) {
    const translator = translations.translators[language];
    const { title } = pageMeta(page, translator, content);
    const tagline = translator.t('home.hero.subtitle');
    const svg = await satori(card(content.site.brand, title, tagline, content.site.theme.primary), { ...socialImageSize, fonts });
    const png = new Resvg(svg, { fitTo: { mode: 'width', value: socialImageSize.width } }).render().asPng();
    files.push({ path: `og/${name}.png`, contents: new Uint8Array(png) });
  }
  return {
    pathOf: (page, language) => `/og/${imagePage(page)}-${language}.png`,
    files,
  };
}
