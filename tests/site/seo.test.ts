/** Head metadata, social images, structured data, sitemap and icons. */
import fg from 'fast-glob';
import { cp, rm, utimes } from 'node:fs/promises';
import path from 'node:path';
import { imageSize } from 'image-size';
import { formatTimeRange } from '../../templates/format.ts';
import { parse } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  realLanguages,
  realLoadedContent,
  realOrigin,
  realRouteTable,
  realText,
} from '../helpers/routeTable.ts';
import { buildInMemory, type MemoryBuild } from '../helpers/memoryBuild.ts';
import { sharedBuild } from '../helpers/sharedBuild.ts';
import { makeTempDir, realContent } from '../helpers/site.ts';

const origin = realOrigin;
const routeTable = realRouteTable;
/** The company's settings (content/site.yaml), which the structured data repeats. */
const settings = realLoadedContent.site;
/** The forward to the privacy section: one path of the first language, no page of its own. */
const privacyForward = realRouteTable.routes.find((route) => route.page === 'privacyRedirect')!;
let site: MemoryBuild;

beforeAll(async () => {
  site = await sharedBuild();
});

const page = (file: string) => parse(site.text(file));
/** The content's texts of a language as the templates read them: `{{name}}` filled in. */
const translateIn =
  (language: string) =>
  (key: string, values: Record<string, string | number> = {}) =>
    realText(language, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name]));
const meta = (document: ReturnType<typeof parse>, key: string) =>
  document.querySelector(`meta[property="${key}"]`)?.getAttribute('content') ??
  document.querySelector(`meta[name="${key}"]`)?.getAttribute('content');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.slice(1, 4)].map((code) => String.fromCharCode(code)).join('')).toBe('PNG');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function jsonLd(document: ReturnType<typeof parse>) {
  const blocks = document.querySelectorAll('script[type="application/ld+json"]');
  expect(blocks).toHaveLength(1);
  const data = JSON.parse(blocks[0].text);
  expect(data['@context']).toBe('https://schema.org');
  return data['@graph'] as Record<string, any>[];
}

describe('head metadata', () => {
  it('gives every page Open Graph and Twitter tags with a 1200 x 630 preview image', () => {
    for (const route of routeTable.routes) {
      const document = page(route.file);
      const title = document.querySelector('title')!.text;
      expect(meta(document, 'og:title'), route.path).toBe(title);
      expect(meta(document, 'og:description')).toBe(meta(document, 'description'));
      expect(meta(document, 'og:type')).toBe('website');
      expect(meta(document, 'og:url')).toBe(`${origin}${route.canonicalPath ?? route.path}`);
      expect(meta(document, 'og:locale')).toBe(`${route.language}_CH`);
      const alternates = document
        .querySelectorAll('meta[property="og:locale:alternate"]')
        .map((element) => element.getAttribute('content'));
      const otherLanguages = Object.keys(route.alternates).filter((language) => language !== route.language);
      expect(alternates).toEqual(
        Object.keys(route.alternates).length > 1 ? otherLanguages.map((language) => `${language}_CH`) : [],
      );
      expect(meta(document, 'og:image:width')).toBe('1200');
      expect(meta(document, 'og:image:height')).toBe('630');
      expect(meta(document, 'twitter:card')).toBe('summary_large_image');
      expect(meta(document, 'twitter:title')).toBe(title);
      const image = meta(document, 'og:image')!;
      expect(meta(document, 'twitter:image')).toBe(image);
      expect(image.startsWith(`${origin}/og/`)).toBe(true);
      const bytes = site.bytes(image.slice(origin.length + 1));
      // A page with a hero photo shows it in its preview, as JPEG; the others a drawn PNG card.
      const type = meta(document, 'og:image:type');
      expect(type, route.path).toBe(image.endsWith('.jpg') ? 'image/jpeg' : 'image/png');
      if (type === 'image/png') expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
      else expect(imageSize(bytes), route.path).toMatchObject({ type: 'jpg', width: 1200, height: 630 });
    }
  });

  it('shows the hero photo in the previews of the pages that have one', () => {
    for (const language of ['it', 'en', 'de', 'fr'])
      for (const pageId of ['partnership', 'coverage'])
        expect(site.paths, `${pageId}-${language}`).toContain(`og/${pageId}-${language}.jpg`);
  });

  it('draws one preview image per page type and language', () => {
    const images = site.paths.filter((file) => file.startsWith('og/'));
    for (const language of routeTable.languages.codes)
      for (const type of ['about', 'cockpit'] as const) {
        expect(images).toContain(`og/${type}-${language}.png`);
        const file = routeTable.routes.find(
          (route) => route.path === routeTable.pathOf(type, language),
        )!.file;
        expect(page(file).querySelector('meta[property="og:image"]')!.getAttribute('content')).toBe(
          `${origin}/og/${type}-${language}.png`,
        );
      }
    expect(new Set(images.map((file) => file.replace(/-\w\w\.png$/, ''))).size).toBeGreaterThanOrEqual(9);
  });

  it('keeps not-found and forwarding pages out of search results and the sitemap', () => {
    for (const route of routeTable.routes) {
      const robots = page(route.file).querySelector('meta[name="robots"]')?.getAttribute('content');
      // The not-found pages and the forwards (the privacy path, a former slug) only.
      expect(robots, route.path).toBe(route.noindex ? 'noindex' : undefined);
      if (route.noindex)
        expect(route.page === 'notFound' || route.redirectTo !== undefined, route.path).toBe(true);
    }
    const sitemap = site.text('sitemap.xml');
    expect(sitemap).not.toContain('404.html');
    expect(sitemap).not.toContain(`${origin}${privacyForward.path}<`);
  });

  it('forwards the privacy path without rules: a refresh and a canonical link', () => {
    const document = page(privacyForward.file);
    expect(
      document.querySelector('meta[http-equiv="refresh"]')?.getAttribute('content') ??
        document.querySelector('meta[httpEquiv="refresh"]')?.getAttribute('content'),
    ).toBe(`0; url=${privacyForward.redirectTo}`);
    // The final canonical: the legal alias it forwards to is itself canonicalised to the legal page.
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${origin}${routeTable.pathOf('legal', routeTable.languages.default)}`,
    );
  });

  it('points every canonical at a page that is its own canonical: no chains', () => {
    for (const route of routeTable.routes.filter((candidate) => candidate.canonicalPath)) {
      const target = routeTable.routes.find((candidate) => candidate.path === route.canonicalPath);
      expect(target, route.path).toBeDefined();
      expect(target!.canonicalPath, `${route.path} -> ${route.canonicalPath}`).toBe(route.canonicalPath);
      expect(target!.indexable, route.canonicalPath).toBe(true);
    }
  });
});

describe('sitemap', () => {
  it('lists every indexable page with its alternates in every language and x-default, exactly as the route table', () => {
    const xml = site.text('sitemap.xml');
    const entries = [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map((match) => match[1]);
    expect(entries).toHaveLength(routeTable.routes.filter((route) => route.indexable).length);
    for (const route of routeTable.routes.filter((candidate) => candidate.indexable)) {
      const entry = entries.find((candidate) => candidate.includes(`<loc>${origin}${route.path}</loc>`));
      expect(entry, route.path).toBeDefined();
      expect(entry).toMatch(/<lastmod>\d{4}-\d\d-\d\d<\/lastmod>/);
      const links = Object.fromEntries(
        [...entry!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((match) => [match[1], match[2]]),
      );
      if (Object.keys(route.alternates).length > 1) {
        expect(links).toEqual({
          ...Object.fromEntries(
            Object.entries(route.alternates).map(([language, path]) => [language, `${origin}${path}`]),
          ),
          'x-default': `${origin}${route.alternates.it}`,
        });
      } else {
        expect(links).toEqual({});
      }
    }
  });
});

describe('sitemap lastmod', () => {
  it('is the date of the newest content file each page reads, not the build date', async () => {
    // A copy outside git, so file times date the content: everything old, then a few files newer.
    const workDir = await makeTempDir('lastmod');
    try {
      const content = path.join(workDir, 'content');
      await cp(realContent, content, { recursive: true });
      const old = new Date('2024-01-15T12:00:00Z');
      for (const file of await fg('**/*', { cwd: content })) await utimes(path.join(content, file), old, old);
      const touch = (file: string, day: string) =>
        utimes(path.join(content, file), new Date(`${day}T12:00:00Z`), new Date(`${day}T12:00:00Z`));
      await touch('zones.yaml', '2025-02-01');
      await touch('images/vision.jpg', '2025-03-01');
      await touch('texts/it/legal.yaml', '2025-04-01');
      const [first, second, third] = routeTable.languages.codes;
      const last = routeTable.languages.codes.at(-1)!;
      await touch(`texts/${last}/home.yaml`, '2025-05-01');
      const built = await buildInMemory(content);
      const xml = built.text('sitemap.xml');
      const lastmod = (urlPath: string) =>
        new RegExp(`<loc>${origin}${urlPath}</loc><lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];
      // The subscriptions pages show the zones, in every language.
      const at = (
        pageId: 'subscriptions' | 'about' | 'legal' | 'home' | 'cookiePolicy' | 'coverage',
        language: string,
      ) => lastmod(routeTable.pathOf(pageId, language));
      expect([at('subscriptions', first), at('subscriptions', third)]).toEqual(['2025-02-01', '2025-02-01']);
      // The about pages show the vision image.
      expect([at('about', first), at('about', second)]).toEqual(['2025-03-01', '2025-03-01']);
      // Italian legal texts: the legal pages, the cookie policy (its link to the privacy text), and every language that falls back to them.
      expect([at('legal', first), at('legal', second), at('cookiePolicy', first)]).toEqual([
        '2025-04-01',
        '2025-04-01',
        '2025-04-01',
      ]);
      // A text of one language dates only that language's page.
      expect([at('home', last), at('home', second), at('home', first)]).toEqual([
        '2025-05-01',
        '2024-01-15',
        '2024-01-15',
      ]);
      expect(at('coverage', first)).toBe('2024-01-15');
      for (const route of routeTable.routes.filter((candidate) => candidate.indexable))
        expect(lastmod(route.path), route.path).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });
});

describe('structured data', () => {
  it('puts Organization and WebSite on every page, with values the page shows', () => {
    for (const route of routeTable.routes) {
      const document = page(route.file);
      const graph = jsonLd(document);
      const organization = graph.find((node) => node['@type'] === 'Organization')!;
      const website = graph.find((node) => node['@type'] === 'WebSite')!;
      expect(organization).toMatchObject({
        name: settings.brand,
        url: `${origin}/`,
        email: settings.email,
        telephone: settings.phones.hotline,
      });
      expect(organization.address).toMatchObject({
        '@type': 'PostalAddress',
        streetAddress: settings.address.street,
        postalCode: settings.address.postalCode,
        addressLocality: settings.address.city,
        addressCountry: settings.address.country,
      });
      // One @id, one node: the WebSite is the same on every page, in all four languages.
      expect(website).toEqual({
        '@type': 'WebSite',
        '@id': `${origin}/#website`,
        name: settings.brand,
        url: `${origin}/`,
        inLanguage: realLanguages.codes,
        publisher: { '@id': organization['@id'] },
      });
      const text = document.querySelector('body')!.text;
      for (const value of [
        organization.name,
        organization.email,
        organization.telephone,
        organization.address.streetAddress,
        organization.address.postalCode,
        organization.address.addressLocality,
      ]) {
        expect(text, `${route.path}: ${value}`).toContain(value);
      }
    }
  });

  it('adds LocalBusiness with the settings’ opening hours on home and contact only', () => {
    for (const route of routeTable.routes) {
      const business = jsonLd(page(route.file)).find((node) => node['@type'] === 'LocalBusiness');
      if (route.page !== 'home' && route.page !== 'contact') {
        expect(business, route.path).toBeUndefined();
        continue;
      }
      expect(business!.openingHoursSpecification).toEqual(
        settings.openingHours.map((hours) => ({
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: hours.days,
          opens: hours.opens,
          closes: hours.closes,
        })),
      );
      expect(business!.address.addressLocality).toBe(settings.address.city);
      // The footer writes the same hours as the language writes a time (French: 8 h – 18 h; the
      // patterns' own output is tests/templates/format.test.ts's). Spaces compared as spaces.
      const spaced = (text: string) => text.replace(/\s+/gu, ' ');
      const footer = spaced(page(route.file).querySelector('footer')!.text);
      for (const hours of settings.openingHours)
        expect(footer, route.path).toContain(
          spaced(formatTimeRange(hours.opens, hours.closes, translateIn(route.language))),
        );
    }
  });

  it('adds an FAQPage on the contact page whose questions and answers are on the page', () => {
    // As many questions as the reference texts hold (every language has as many).
    const questions = (
      realLoadedContent.texts[realLanguages.default].contact as { faq: { items: unknown[] } }
    ).faq.items.length;
    expect(questions).toBeGreaterThan(0);
    for (const file of routeTable.routes
      .filter((route) => route.page === 'contact')
      .map((route) => route.file)) {
      const document = page(file);
      const faq = jsonLd(document).find((node) => node['@type'] === 'FAQPage')!;
      expect(faq.mainEntity.length, file).toBe(questions);
      const section = document.querySelector('#faq')!;
      for (const question of faq.mainEntity) {
        expect(question['@type']).toBe('Question');
        expect(section.text).toContain(question.name);
        expect(section.text).toContain(question.acceptedAnswer.text);
      }
    }
    const others = routeTable.routes.filter((route) => route.page !== 'contact');
    for (const route of others)
      expect(
        jsonLd(page(route.file)).some((node) => node['@type'] === 'FAQPage'),
        route.path,
      ).toBe(false);
  });
});

describe('icons and manifest', () => {
  it('links a favicon set and a manifest in the brand colours', () => {
    const document = page('index.html');
    expect(document.querySelector('link[rel="icon"][type="image/svg+xml"]')?.getAttribute('href')).toBe(
      '/favicon.svg',
    );
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/site.webmanifest');
    const manifest = JSON.parse(site.text('site.webmanifest'));
    expect(manifest).toMatchObject({
      name: settings.brand,
      theme_color: settings.theme.primary,
      background_color: '#ffffff',
      start_url: '/',
    });
    for (const icon of manifest.icons.filter((entry: { type: string }) => entry.type === 'image/png')) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(site.bytes(icon.src.slice(1)))).toEqual({ width, height });
    }
    expect(site.text('favicon.svg')).toContain(settings.theme.primary);
  });
});
