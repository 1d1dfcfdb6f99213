/** Language choice, the language buttons and the first-visit redirect. */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseHtml } from 'node-html-parser';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realRouteTable } from '../helpers/routeTable.ts';
import { hasChromium, serveWithoutRules, startSite, type SiteUnderTest } from '../helpers/browser.ts';

let site: SiteUnderTest;

/** A page's path in a language, from the route table: the tests name pages, never today's slugs. */
const pathOf = (page: Parameters<typeof realRouteTable.pathOf>[0], language: string) =>
  realRouteTable.pathOf(page, language);
const italianAbout = pathOf('about', 'it');

beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => site?.close());

type Page = import('playwright-core').Page;

/**
 * One context and page per browser language (and per user agent), shared by the tests that
 * need that language: a new context costs several times a navigation. Each test starts from
 * empty storage instead, which is all a fresh context gave it (the consent init script stores
 * the default consent again on the next load, as it did in a fresh context).
 */
const pages = new Map<string, Promise<Page>>();
function pageFor(key: string, options: Parameters<SiteUnderTest['context']>[0] = {}): Promise<Page> {
  let page = pages.get(key);
  if (!page) {
    page = site.context(options).then((context) => context.newPage());
    pages.set(key, page);
  }
  return page;
}

/** A page of the given browser language with empty storage, loaded at `pagePath` of the site. */
async function open(pagePath: string, locale = 'it-CH', options: { userAgent?: string } = {}): Promise<Page> {
  const page = await pageFor(options.userAgent ? `${locale} ${options.userAgent}` : locale, {
    locale,
    ...options,
  });
  if (page.url() !== 'about:blank') {
    // Back from another origin (the cockpit host): a plain file of the site, to reach its storage.
    if (!page.url().startsWith(site.url)) await page.goto(`${site.url}/robots.txt`);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  }
  await page.goto(`${site.url}${pagePath}`);
  return page;
}

const storage = (page: Page) =>
  page.evaluate(() => ({
    lang: localStorage.getItem('lang'),
    redirectDone: sessionStorage.getItem('lang_redirect_done'),
    history: history.length,
    htmlLang: document.documentElement.lang,
    navigatorLanguage: navigator.language,
  }));

describe.skipIf(!hasChromium)('first-visit redirect', () => {
  for (const [locale, expected] of [
    ['en-US', '/en/'],
    ['de-CH', '/de/'],
    ['fr-FR', '/fr/'],
    ['it-CH', '/'],
    ['es-ES', '/'],
  ] as const) {
    it(`sends a ${locale} browser to ${expected} and sets the session flag`, async () => {
      const page = await open('/', locale);
      await page.waitForLoadState('load');
      expect(new URL(page.url()).pathname).toBe(expected);
      const state = await storage(page);
      expect(state.redirectDone).toBe('true');
      expect(state.navigatorLanguage).toBe(locale);
    });
  }

  it('leaves a search-engine bot on the Italian page', async () => {
    const page = await open('/', 'en-US', {
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await storage(page)).redirectDone).toBe('true');
  });

  it('redirects without waiting for the stylesheet', async () => {
    const page = await open(italianAbout, 'en-US');
    // The stylesheet requested by / never arrives (held until the test ends); /en/ gets its own.
    const held: import('playwright-core').Route[] = [];
    const holdForHome = (route: import('playwright-core').Route) =>
      new URL(route.request().headers().referer ?? '').pathname === '/'
        ? void held.push(route)
        : route.continue();
    await page.route('**/assets/site.*.css', holdForHome);
    try {
      await page.goto(`${site.url}/`, { waitUntil: 'commit' });
      await page.waitForURL((url) => url.pathname === '/en/', { waitUntil: 'commit', timeout: 5_000 });
    } finally {
      await page.unroute('**/assets/site.*.css', holdForHome);
      for (const route of held) await route.abort().catch(() => {});
    }
  });

  it('redirects only once per session', async () => {
    const page = await open('/', 'de-CH');
    expect(new URL(page.url()).pathname).toBe('/de/');
    await page.evaluate(() => localStorage.removeItem('lang'));
    await page.goto(`${site.url}/`);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('redirects only on /', async () => {
    const page = await open(italianAbout, 'en-US');
    expect(new URL(page.url()).pathname).toBe(italianAbout);
    expect((await storage(page)).redirectDone).toBeNull();
  });

  it('follows a stored language instead of the browser language', async () => {
    const page = await open('/it/', 'fr-FR');
    expect((await storage(page)).lang).toBe('it');
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${site.url}/`);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.evaluate(() => {
      localStorage.setItem('lang', 'de');
      sessionStorage.clear();
    });
    await page.goto(`${site.url}/`);
    expect(new URL(page.url()).pathname).toBe('/de/');
  });

  it('sends only the first / of a session to a stored language, so the Italian home stays reachable', async () => {
    // A shared /en/ link stores English; the Italian home must not become unreachable.
    const page = await open('/en/', 'it-CH');
    expect((await storage(page)).lang).toBe('en');
    await page.goto(`${site.url}/`);
    expect(new URL(page.url()).pathname).toBe('/en/');
    await page.goto(`${site.url}/`);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto(`${site.url}${italianAbout}`);
    await page.locator('.site-nav a[href="/"]').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`${site.url}${italianAbout}`);
    await page.locator('.site-header a.brand').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await storage(page)).htmlLang).toBe('it');
  });

  it('stays Italian after choosing IT, also on a later / of the session', async () => {
    const page = await open('/en/', 'en-US');
    await page.locator('.site-header__languages a[data-language="it"]').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await storage(page)).lang).toBe('it');
    await page.goto(`${site.url}/`);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('stores the language of /it/, /en/, /de/ and /fr/', async () => {
    for (const language of ['en', 'de', 'fr', 'it']) {
      const page = await open(`/${language}/`, 'it-CH');
      const state = await storage(page);
      expect(state.lang, language).toBe(language);
      expect(state.htmlLang, language).toBe(language);
    }
  });
});

describe.skipIf(!hasChromium)('cockpit host without host rules', () => {
  const cockpitHost: string = parseYaml(readFileSync('content/site.yaml', 'utf8')).cockpitHost;
  const served = new Set<Page>();

  /** `/` of the cockpit host, served by a plain static host that has no rule for it. */
  const openCockpitHome = async (locale: string) => {
    // The browser language's shared page; the cockpit host is an origin it has never visited, so its storage is empty.
    const page = await pageFor(locale, { locale });
    if (!served.has(page)) {
      await serveWithoutRules(page, `http://${cockpitHost}`, site.dir);
      served.add(page);
    }
    await page.goto(`http://${cockpitHost}/`);
    await page.waitForURL((url) => url.pathname !== '/');
    await page.waitForLoadState('load');
    return page;
  };

  for (const locale of ['en-US', 'it-CH']) {
    it(`forwards / to the cockpit landing page and stops there (${locale} browser)`, async () => {
      const page = await openCockpitHome(locale);
      expect(page.url()).toBe(`http://${cockpitHost}${pathOf('cockpit', 'it')}`);
      // Give a second location.replace (the language redirect) time to show up.
      await page.waitForTimeout(300);
      expect(page.url()).toBe(`http://${cockpitHost}${pathOf('cockpit', 'it')}`);
    });
  }
});

describe.skipIf(!hasChromium)('language buttons', () => {
  it('switch the about page from the header, storing the choice and replacing the history entry', async () => {
    const page = await open(italianAbout);
    await page.evaluate(() => sessionStorage.setItem('lang_redirect_done', 'true'));
    const before = await storage(page);
    // The page is shared with other tests: its history must be below the browser's cap of 50, or a pushed entry would not show.
    expect(before.history).toBeLessThan(50);
    await page.locator('.site-header__languages a[data-language="de"]').click();
    await page.waitForURL((url) => url.pathname === pathOf('about', 'de'));
    const after = await storage(page);
    expect(after.lang).toBe('de');
    expect(after.redirectDone).toBeNull();
    expect(after.history).toBe(before.history);
    expect(after.htmlLang).toBe('de');
  });

  it('switch the subscriptions page from the footer', async () => {
    const page = await open(pathOf('subscriptions', 'en'));
    await page.locator('.site-footer a[data-language="fr"]').click();
    await page.waitForURL((url) => url.pathname === pathOf('subscriptions', 'fr'));
    expect((await storage(page)).lang).toBe('fr');
  });

  it('switch the contact page from the mobile menu', async () => {
    const page = await pageFor('it-CH', { locale: 'it-CH' });
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 740 });
    try {
      await open(pathOf('contact', 'fr'));
      await page.locator('[data-menu-toggle]').click();
      await page.locator('#mobile-menu a[data-language="it"]').click();
      await page.waitForURL((url) => url.pathname === pathOf('contact', 'it'));
      expect((await storage(page)).lang).toBe('it');
    } finally {
      if (desktop) await page.setViewportSize(desktop);
    }
  });

  it('keep an unknown path and swap only its prefix', async () => {
    const page = await open('/de/gibt-es-nicht');
    await page.locator('.site-header__languages a[data-language="en"]').click();
    await page.waitForURL((url) => url.pathname === '/en/gibt-es-nicht');
    await page.locator('.site-header__languages a[data-language="it"]').click();
    await page.waitForURL((url) => url.pathname === '/gibt-es-nicht');
  });

  it('keep the query and the hash, on a page and on the not-found page', async () => {
    const subscriptions = (language: string) => pathOf('subscriptions', language);
    const page = await open(`${subscriptions('it')}?ref=footer#tariff-zones`);
    await page.locator('.site-header__languages a[data-language="en"]').click();
    await page.waitForURL((url) => url.pathname === subscriptions('en'));
    expect(page.url()).toBe(`${site.url}${subscriptions('en')}?ref=footer#tariff-zones`);
    await page.locator('.site-footer a[data-language="de"]').click();
    await page.waitForURL((url) => url.pathname === subscriptions('de'));
    expect(page.url()).toBe(`${site.url}${subscriptions('de')}?ref=footer#tariff-zones`);

    await page.goto(`${site.url}/de/nicht-da?q=1#abschnitt`);
    await page.locator('.site-header__languages a[data-language="fr"]').click();
    await page.waitForURL((url) => url.pathname === '/fr/nicht-da');
    expect(page.url()).toBe(`${site.url}/fr/nicht-da?q=1#abschnitt`);
  });

  it('can keep the hash because every page has the same ids in every language', async () => {
    const routes = realRouteTable.routes;
    const idsOf = async (file: string) =>
      parseHtml(await readFile(path.join(site.dir, file), 'utf8'))
        .querySelectorAll('[id]')
        .map((element) => element.id)
        .sort();
    let compared = 0;
    for (const route of routes) {
      const ids = await idsOf(route.file);
      for (const target of Object.values(route.languageLinks)) {
        const other = routes.find((candidate) => candidate.path === target);
        if (!other || other === route || other.page !== route.page) continue;
        expect(await idsOf(other.file), `${route.path} -> ${other.path}`).toEqual(ids);
        compared++;
      }
    }
    // Any content has a home page in every language, each linking to the others.
    const languages = realRouteTable.languages.codes.length;
    expect(compared).toBeGreaterThanOrEqual(languages * (languages - 1));
  });

  it('work without script, as plain links from the route table', async () => {
    const page = await site.open(realRouteTable.legalSectionPath('tariffs', 'it'), {
      javaScriptEnabled: false,
    });
    await page.locator('.site-header__languages a[data-language="fr"]').click();
    await page.waitForURL((url) => url.pathname === realRouteTable.legalSectionPath('tariffs', 'fr'));
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
  });
});
