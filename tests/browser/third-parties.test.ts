/**
 * Nothing leaves the site before the visitor's consent: on every page type the
 * network log holds only the site's own origin, before any choice and with
 * "essential" or "none", also after scrolling to the bottom (where the maps
 * are). The maps wait behind a placeholder that says what they show and whose
 * they are; they load on their button, or at once with "all"; without script
 * their link still opens them.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachLimited } from '../../generator/check/browser.ts';
import { realRouteTable } from '../helpers/routeTable.ts';
import { consentKey, hasChromium, startSite, type SiteUnderTest } from '../helpers/browser.ts';

let site: SiteUnderTest;

beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => site?.close());

const routeTable = realRouteTable;
/** One route per page type: pages of a type share their markup. */
const routesPerType = routeTable.routes.filter((route, index, all) => all.findIndex((other) => other.page === route.page) === index);
/** The page types that hold a third party's frame; pages of a type share their markup, so one language each. */
const mapRoutes = routesPerType.filter((route) => route.page === 'contact' || route.page === 'coverage');
/** Generous: two busy cores run builds and browsers side by side. */
const slow = 240_000;

const luganoMap = 'https://maps.example.net/embed?q=Lugano';
const coverageMap = 'https://coverage.example.net/map?lang=it';

/** Every request of the page's context, frames and workers included, from now on. */
function recordRequests(page: Page): string[] {
  const requests: string[] = [];
  page.context().on('request', (request) => requests.push(request.url()));
  return requests;
}

const outside = (requests: string[]) => requests.filter((url) => !url.startsWith(`${site.url}/`) && !url.startsWith('data:'));

/** Scrolls down a screen at a time to the very bottom, as a reader would, letting lazy content load. */
async function readToTheBottom(page: Page) {
  await page.waitForLoadState('networkidle');
  for (let step = 0; step < 40; step++) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30))));
    if (atBottom) break;
  }
  await page.waitForLoadState('networkidle');
}

/** Opens each route with the given consent, reads it to the bottom and checks the log; returns the page types checked. */
async function checkNothingLeaves(consent: 'essential' | 'none' | null, routes: typeof routeTable.routes): Promise<string[]> {
  // Three pages at a time, each in a context of its own: most of a page's time is waiting for the network to be quiet.
  return eachLimited(routes, 3, async (route) => {
    const page = await site.open('/', { consent });
    const requests = recordRequests(page);
    await page.goto(`${site.url}${route.path}`);
    await readToTheBottom(page);
    expect(outside(requests), route.path).toEqual([]);
    // The page itself was loaded and recorded: the log is not empty by accident.
    expect(requests, route.path).toContain(`${site.url}${route.path}`);
    await page.context().close();
    return route.page;
  });
}

describe.skipIf(!hasChromium)('requests to other origins', () => {
  it('none on any page type before the visitor chose, after reading to the bottom', async () => {
    const checked = await checkNothingLeaves(null, routesPerType);
    expect(new Set(checked).size).toBe(new Set(routeTable.routes.map((route) => route.page)).size);
  }, slow);

  for (const consent of ['essential', 'none'] as const) {
    it(`none on the home page and the pages with a map after "${consent}", after reading to the bottom`, async () => {
      await checkNothingLeaves(consent, [routeTable.routes.find((route) => route.path === '/')!, ...mapRoutes]);
    }, slow);
  }

  it('only the analytics script and the page’s map once the visitor accepted all', async () => {
    for (const path of ['/contatti/', '/en/coverage/']) {
      const page = await site.open('/', { consent: 'all' });
      const requests = recordRequests(page);
      await page.goto(`${site.url}${path}`);
      await readToTheBottom(page);
      const map = path === '/contatti/' ? luganoMap : coverageMap;
      expect(new Set(outside(requests)), path).toEqual(new Set(['https://analytics.example.com/script.js', map]));
      await page.context().close();
    }
  }, slow);
});

describe.skipIf(!hasChromium)('map placeholders', () => {
  it('say what the map shows and whose it is, and load it on their button only, taking focus', async () => {
    const cases = [
      { path: '/contatti/', src: luganoMap, provider: 'maps.example.net', button: 'Caricare la mappa', shows: /Lugano/ },
      { path: '/de/kontakt/', src: luganoMap, provider: 'maps.example.net', button: 'Karte laden', shows: /Lugano/ },
      { path: '/fr/couverture/', src: coverageMap, provider: 'coverage.example.net', button: 'Charger la carte', shows: /couverture mobile/ },
      { path: '/en/coverage/', src: coverageMap, provider: 'coverage.example.net', button: 'Load the map', shows: /coverage/ },
    ];
    for (const { path, src, provider, button, shows } of cases) {
      const page = await site.open(path, { consent: null });
      const requests = recordRequests(page);
      const holder = page.locator('[data-consent-frame]');
      await page.waitForLoadState('networkidle');
      expect(await holder.locator('.consent-frame__what').textContent(), path).toMatch(shows);
      expect(await holder.locator('.consent-frame__who').textContent(), path).toContain(provider);
      expect(await page.locator('iframe').count(), path).toBe(0);
      const link = holder.getByRole('link');
      expect(await link.getAttribute('href')).toBe(src);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(outside(requests), path).toEqual([]);

      await holder.getByRole('button', { name: button }).click();
      const frame = page.locator('[data-consent-frame] iframe');
      expect(await frame.getAttribute('src'), path).toBe(src);
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
      await expect.poll(() => outside(requests), { message: path }).toEqual([src]);
      // A map loaded by its button is that map only: nothing is stored, no analytics starts.
      expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBeNull();
      await page.context().close();
    }
  }, slow);

  it('keeps the coverage map in Italian with geolocation allowed, on every language', async () => {
    // One page, consent "all" stored once, visiting the coverage page in each language.
    const page = await site.open('/', { consent: 'all' });
    for (const route of routeTable.routes.filter((candidate) => candidate.page === 'coverage')) {
      await page.goto(`${site.url}${route.path}`);
      const frame = page.locator('[data-consent-frame] iframe');
      await frame.waitFor({ state: 'attached' });
      expect(await frame.getAttribute('src'), route.path).toBe(coverageMap);
      expect(await frame.getAttribute('allow'), route.path).toBe('geolocation');
      expect(await frame.getAttribute('referrerpolicy'), route.path).toBe('strict-origin-when-cross-origin');
    }
    await page.context().close();
  }, slow);

  it('load at once when the visitor accepts all in the banner, and go back behind the placeholder when they withdraw', async () => {
    const page = await site.open('/en/contact/', { consent: null });
    const requests = recordRequests(page);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('iframe').count()).toBe(0);
    await page.getByRole('button', { name: 'Accept all' }).click();
    await page.locator('[data-consent-frame] iframe').waitFor({ state: 'attached' });
    await expect.poll(() => outside(requests)).toContain(luganoMap);
    await page.locator('button[data-cookie-settings]').click();
    await Promise.all([page.waitForEvent('load'), page.locator('button[data-consent="essential"]').click()]);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await page.locator('[data-consent-frame] button').isVisible()).toBe(true);
  }, slow);

  it('offer the link, and no dead button, without script', async () => {
    for (const path of ['/contatti/', '/copertura/']) {
      const page = await site.open(path, { consent: null, javaScriptEnabled: false });
      const requests = recordRequests(page);
      await page.reload();
      await page.waitForLoadState('networkidle');
      const holder = page.locator('[data-consent-frame]');
      expect(await holder.getByRole('link').isVisible(), path).toBe(true);
      expect(await holder.locator('button').isVisible(), path).toBe(false);
      expect(await page.locator('iframe').count(), path).toBe(0);
      expect(outside(requests), path).toEqual([]);
      await page.context().close();
    }
  }, slow);
});
