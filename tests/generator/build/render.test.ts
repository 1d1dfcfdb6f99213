/** The render stage: every route a complete document in its language, with the files it read; the brand mark. */
import path from 'node:path';
import { parse } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAssets } from '../../../generator/build/assets.ts';
import { renderAppIcon, renderPage, renderPages, type RenderInput } from '../../../generator/build/render.ts';
import {
  assetInputOf,
  defaultClientDir,
  routeTableOf,
  translationsOf,
} from '../../../generator/build/stages.ts';
import { loadContent, textFileOf } from '../../../generator/content/load.ts';
import { realContent } from '../../helpers/site.ts';

let input: RenderInput;

beforeAll(async () => {
  const content = await loadContent(realContent);
  const routeTable = routeTableOf(content);
  const assets = await buildAssets(
    assetInputOf(content, routeTable, { contentDir: realContent, clientDir: defaultClientDir }),
  );
  input = {
    content,
    routeTable,
    translations: translationsOf(content),
    assets,
    origin: 'https://render.example',
    year: 2031,
    socialImages: { pathOf: (page, language) => `/social/${page}-${language}.png`, files: [] },
    icons: { links: [{ rel: 'icon', href: '/test-icon.svg' }], manifest: '/test.webmanifest', files: [] },
  };
});

describe('the render stage', () => {
  it('renders each route into its file, a document in the route language with its canonical URL and assets', () => {
    for (const route of input.routeTable.routes.filter((candidate) => candidate.page !== 'moved')) {
      const page = renderPage(route, input);
      expect(page.path).toBe(route.file);
      expect(page.contents.startsWith('<!doctype html>'), route.file).toBe(true);
      const html = parse(page.contents);
      expect(html.querySelector('html')?.getAttribute('lang'), route.file).toBe(route.language);
      expect(page.contents).toContain(input.assets.stylesheet);
      expect(page.contents).toContain('/test-icon.svg');
      expect(page.contents).toContain(`© 2031`);
    }
  });

  it('lists the content files a page read: its texts in its language, and the settings', () => {
    const home = input.routeTable.routes.find((route) => route.page === 'home')!;
    const page = renderPage(home, input);
    expect(page.sources).toContain(textFileOf(home.language, 'home'));
    expect(page.sources).toContain('site.yaml');
    expect(page.sources.every((source) => !path.isAbsolute(source))).toBe(true);
  });

  it('hands every page to the writer in route order and reports its size', async () => {
    const written: string[] = [];
    const pages = await renderPages(input, async (page) => {
      written.push(page.path);
    });
    expect(written).toEqual(input.routeTable.routes.map((route) => route.file));
    expect(pages.every((page) => page.bytes > 0)).toBe(true);
  });

  it('draws the brand mark in the colour it is given', () => {
    const svg = renderAppIcon('#123456');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('#123456');
    expect(renderAppIcon('#654321')).not.toContain('#123456');
  });
});
