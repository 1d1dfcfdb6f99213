/** Integration: the run's one strict build of the real content (tests/setup/buildOnce.ts), read from its folder. */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSteps } from '../../generator/build/pipeline.ts';
import { budgetProblems, measurePage, pageBudgets } from '../../generator/check/budgets.ts';
import { realLanguages, realLoadedContent, realOrigin, realRouteTable } from '../helpers/routeTable.ts';
import { sharedDist, sharedReport } from '../helpers/sharedBuild.ts';
import { readPage } from '../helpers/site.ts';

/** The header's entries in the spec's order (written out here, not read from the model the header reads). */
const headerNavigation = [
  'home',
  'about',
  'subscriptions',
  'coverage',
  'cockpit',
  'partnership',
  'legal',
  'contact',
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The CLI's own options (--base-url, --strict) and its summary are tested on a build of a copy in tests/bin/cli.test.ts.
const origin = realOrigin;
const routeTable = realRouteTable;
let outDir: string;

beforeAll(() => {
  outDir = sharedDist();
});

describe('full build of the real content', () => {
  it('runs the listed steps, each once and in order, so the progress line counts them right', async () => {
    const report = await sharedReport();
    expect(report.steps.map((step) => step.label)).toEqual([...buildSteps]);
  });

  it('writes every route of the table with its language, title, canonical and alternates', async () => {
    for (const route of routeTable.routes) {
      const page = await readPage(outDir, route.file);
      const html = page.querySelector('html')!;
      expect(html.getAttribute('lang'), route.path).toBe(route.language);
      const title = page.querySelector('title')?.text ?? '';
      expect(title.length, route.path).toBeGreaterThan(3);
      expect(title).not.toContain('⚠️');
      expect(
        page.querySelector('meta[name="description"]')?.getAttribute('content')?.length ?? 0,
      ).toBeGreaterThan(3);
      expect(page.querySelector('meta[charset]') ?? page.querySelector('meta[charSet]')).toBeTruthy();
      expect(page.querySelector('meta[name="viewport"]')).toBeTruthy();

      const canonical = page.querySelector('link[rel="canonical"]')?.getAttribute('href');
      expect(canonical, route.path).toBe(route.canonicalPath ? `${origin}${route.canonicalPath}` : undefined);

      const alternates = Object.fromEntries(
        page
          .querySelectorAll('link[rel="alternate"]')
          .map((link) => [
            link.getAttribute('hreflang') ?? link.getAttribute('hrefLang'),
            link.getAttribute('href'),
          ]),
      );
      const expected =
        Object.keys(route.alternates).length > 1
          ? {
              ...Object.fromEntries(
                Object.entries(route.alternates).map(([language, target]) => [
                  language,
                  `${origin}${target}`,
                ]),
              ),
              'x-default': `${origin}${route.alternates.it}`,
            }
          : {};
      expect(alternates, route.path).toEqual(expected);
    }
  });

  it('starts every page with a doctype and carries header, footer and cookie banner', async () => {
    for (const route of routeTable.routes) {
      const source = await readFile(path.join(outDir, route.file), 'utf8');
      expect(source.startsWith('<!doctype html>')).toBe(true);
      const page = await readPage(outDir, route.file);
      expect(page.querySelector('header.site-header'), route.path).toBeTruthy();
      expect(page.querySelector('footer.site-footer'), route.path).toBeTruthy();
      expect(
        page
          .querySelectorAll('[data-cookie-banner] button[data-consent]')
          .map((button) => button.getAttribute('data-consent')),
      ).toEqual(['all', 'essential', 'none']);
      expect(page.querySelectorAll('h1')).toHaveLength(1);
    }
  });

  it('marks the current page in the header and links each language button to the same page', async () => {
    // A page other than the home page in a language other than the default: the buttons must change language, not page.
    const language = realLanguages.codes.find((code) => code !== realLanguages.default)!;
    const about = routeTable.pathOf('about', language);
    const page = await readPage(outDir, routeTable.routes.find((route) => route.path === about)!.file);
    const current = page.querySelectorAll('.site-nav a[aria-current="page"]');
    expect(current.map((link) => link.getAttribute('href'))).toEqual([about]);
    const buttons = page
      .querySelectorAll('.site-header__languages a')
      .map((link) => [link.text.trim().slice(0, 2), link.getAttribute('href')]);
    expect(buttons).toEqual(
      realLanguages.buttons.map((code) => [code.toUpperCase(), routeTable.pathOf('about', code)]),
    );
    expect(page.querySelectorAll('.site-header__languages svg.flag')).toHaveLength(
      realLanguages.buttons.length,
    );
  });

  it('marks exactly the page itself as current, on every route', async () => {
    for (const route of routeTable.routes) {
      const page = await readPage(outDir, route.file);
      const current = page
        .querySelectorAll('.site-nav a[aria-current="page"]')
        .map((link) => link.getAttribute('href'));
      const entry = headerNavigation.find((candidate) => candidate === route.page);
      // /it/ and /legal/privacy/ are the home and legal pages under another path: their entry is still the page itself.
      expect(current, route.path).toEqual(entry ? [routeTable.pathOf(entry, route.language)] : []);
    }
  });

  it('links the header to the visitor’s own legal page and cockpit', async () => {
    for (const language of realLanguages.codes) {
      const home = routeTable.routes.find(
        (route) => route.page === 'home' && route.path === routeTable.pathOf('home', language),
      )!;
      const page = await readPage(outDir, home.file);
      const hrefs = page.querySelectorAll('.site-nav a').map((link) => link.getAttribute('href'));
      expect(hrefs, language).toEqual(headerNavigation.map((entry) => routeTable.pathOf(entry, language)));
    }
  });

  it('has only internal links that point at a built file', async () => {
    const files = new Set(routeTable.routes.map((route) => `/${route.file}`));
    for (const route of routeTable.routes) {
      const page = await readPage(outDir, route.file);
      for (const link of page.querySelectorAll('a[href^="/"]')) {
        const target = link.getAttribute('href')!.split('#')[0];
        const file = target.endsWith('/') ? `${target}index.html` : target;
        expect(files.has(file), `${route.path} links ${target}`).toBe(true);
      }
    }
  });

  it('writes the footer with its three columns, logos, copyright year and legal links', async () => {
    const language = realLanguages.codes.at(-1)!;
    const home = routeTable.routes.find((route) => route.path === routeTable.pathOf('home', language))!;
    const page = await readPage(outDir, home.file);
    const footer = page.querySelector('footer')!;
    expect(
      footer.querySelectorAll('.footer-column').map((column) => column.querySelectorAll('a').length),
    ).toEqual([3, 5, 2]);
    expect(
      footer.querySelector(`a[href="${routeTable.pathOf('subscriptions', language)}#tariff-zones"]`),
    ).toBeTruthy();
    expect(footer.querySelectorAll('svg.wordmark[role="img"][aria-label]').length).toBeGreaterThanOrEqual(2);
    expect(footer.text).toContain(`© ${new Date().getFullYear()}`);
    expect(footer.querySelectorAll('.legal-links a').map((link) => link.getAttribute('href'))).toEqual([
      routeTable.legalSectionPath('privacy', language),
      routeTable.pathOf('legal', language),
      routeTable.legalSectionPath('cookie', language),
    ]);
  });

  it('puts every part of the home page in every language', async () => {
    for (const language of realLanguages.codes) {
      const file = routeTable.routes.find(
        (route) => route.path === routeTable.pathOf('home', language),
      )!.file;
      const page = await readPage(outDir, file);
      // As many cards as the texts hold: an editor may add or remove one.
      const home = realLoadedContent.texts[language].home as {
        features: { items: unknown[] };
        about: { values: unknown[] };
      };
      expect(page.querySelectorAll('[data-count="features"] > li'), file).toHaveLength(
        home.features.items.length,
      );
      expect(page.querySelectorAll('[data-count="values"] > li'), file).toHaveLength(
        home.about.values.length,
      );
      const mail = page.querySelector('.cta-block a[href^="mailto:"]');
      expect(mail?.getAttribute('href')).toMatch(
        new RegExp(`^mailto:${escapeRegExp(realLoadedContent.site.email)}\\?subject=`),
      );
      expect(page.querySelector('.hero .notice')?.text.length).toBeGreaterThan(20);
    }
  });

  it('writes a sitemap of every indexable page with alternates, and robots.txt naming it', async () => {
    const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations.sort()).toEqual(
      routeTable.routes
        .filter((route) => route.indexable)
        .map((route) => `${origin}${route.path}`)
        .sort(),
    );
    expect(sitemap).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${origin}${routeTable.pathOf('about', realLanguages.default)}"/>`,
    );
    expect(sitemap).not.toContain('404');
    const robots = await readFile(path.join(outDir, 'robots.txt'), 'utf8');
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it('bundles one minified stylesheet and content-hashed module scripts, none render-blocking', async () => {
    const page = await readPage(outDir, 'index.html');
    const stylesheets = page
      .querySelectorAll('link[rel="stylesheet"]')
      .map((link) => link.getAttribute('href')!);
    expect(stylesheets).toHaveLength(1);
    expect(stylesheets[0]).toMatch(/^\/assets\/site\.[0-9a-f]{10}\.css$/);
    const css = await readFile(path.join(outDir, stylesheets[0]), 'utf8');
    expect(css).not.toMatch(/\n\s+/);
    expect(css).not.toContain('@import');
    expect(css).not.toMatch(/\{[^{}]*&/);
    for (const script of page.querySelectorAll('script[src]')) {
      expect(script.getAttribute('type')).toBe('module');
      expect(script.getAttribute('src')).toMatch(/^\/assets\/[\w-]+\.[A-Z0-9]{8}\.js$/);
      expect((await stat(path.join(outDir, script.getAttribute('src')!))).size).toBeGreaterThan(0);
    }
  });

  it('gives every page self-contained scripts, so none waits for a chunk it imports', async () => {
    for (const route of routeTable.routes) {
      const page = await readPage(outDir, route.file);
      for (const script of page.querySelectorAll('script[src]')) {
        const code = await readFile(path.join(outDir, script.getAttribute('src')!), 'utf8');
        expect(code, `${route.path} ${script.getAttribute('src')}`).not.toMatch(
          /(?:^|[;}\s])(?:import\s*[\w{*"]|import\()|\bfrom\s*"\.\//,
        );
      }
    }
  });

  it('keeps every page within the budgets of site check (gzip HTML, CSS, script at most 3 KB; sized images), no script render-blocking', async () => {
    for (const route of routeTable.routes) {
      const page = await readPage(outDir, route.file);
      for (const script of page.querySelectorAll('script[src]'))
        expect(script.getAttribute('type'), route.path).toBe('module');
      const weight = await measurePage(outDir, route.file);
      expect(weight.script, route.path).toBeGreaterThan(0);
      expect(weight.script, route.path).toBeLessThanOrEqual(pageBudgets.script);
      expect(budgetProblems(weight), route.path).toEqual([]);
    }
  });
});
