/**
 * Nothing leaves the site before the visitor's consent: on the home page and on the
 * pages that hold a map, the network log holds only the site's own origin before any
 * choice and with "essential" or "none", also after reading to the bottom (where the
 * maps are). The maps wait behind a placeholder that says what they show and whose
 * they are; they load on their button, or at once with "all"; without script their
 * link still opens them.
 *
 * Before any choice, every page of the build is read to the bottom by `site check`'s
 * privacy gate in CI (the same reader, generator/check/browser.ts), and
 * tests/generator/check/runner.test.ts proves that the gate names a planted request, one
 * at the bottom of its page too; so here one page of each kind that holds a third party.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readToTheBottom } from '../../generator/check/browser.ts';
import type { Route } from '../../generator/model/routeTable.ts';
import { realLoadedContent, realRouteTable, realText, shownAs } from '../helpers/routeTable.ts';
import { consentKey, hasChromium, startSite, type SiteUnderTest } from '../helpers/browser.ts';

let site: SiteUnderTest;

beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => site?.close());

const routeTable = realRouteTable;
/**
 * The home page, where the analytics would start, and one page of each type whose built page
 * holds a third party's frame (pages of a type share their markup, so one language each).
 */
let sample: Promise<Route[]> | undefined;
function pagesWithThirdParties(): Promise<Route[]> {
  sample ??= (async () => {
    const withFrame: Route[] = [];
    for (const route of routeTable.routes) {
      if (withFrame.some((other) => other.page === route.page)) continue;
      if ((await readFile(join(site.dir, route.file), 'utf8')).includes('data-consent-frame'))
        withFrame.push(route);
    }
    return [routeTable.routes.find((route) => route.path === '/')!, ...withFrame];
  })();
  return sample;
}
/** Generous: two busy cores run builds and browsers side by side. */
const slow = 240_000;

/** The maps and the analytics script, as the site settings name them. */
const { luganoMap, coverageMap } = realLoadedContent.site.urls;
const analyticsScript = realLoadedContent.site.analytics.scriptUrl;
const pathOf = (page: 'contact' | 'coverage', language: string) => realRouteTable.pathOf(page, language);

/** Every request of the page's context, frames and workers included, from now on until the test ends. */
const stopRecording: (() => void)[] = [];
afterEach(() => {
  for (const stop of stopRecording.splice(0)) stop();
});
function recordRequests(page: Page): string[] {
  const requests: string[] = [];
  const listener = (request: Request) => requests.push(request.url());
  page.context().on('request', listener);
  stopRecording.push(() => page.context().off('request', listener));
  return requests;
}

const outside = (requests: string[]) =>
  requests.filter((url) => !url.startsWith(`${site.url}/`) && !url.startsWith('data:'));

/**
 * One page per consent set-up (and one without script), shared by the tests: a new context
 * costs several navigations. Each visit starts from empty storage, which is all a fresh
 * context gave it; the consent init script stores the context's consent again on the load.
 */
const pages = new Map<string, Promise<Page>>();
function pageWith(consent: 'all' | 'essential' | 'none' | null, javaScriptEnabled = true): Promise<Page> {
  const key = `${consent} ${javaScriptEnabled}`;
  let page = pages.get(key);
  if (!page) {
    page = site.context({ consent, javaScriptEnabled }).then((context) => context.newPage());
    pages.set(key, page);
  }
  return page;
}

/** Loads `pagePath` in the shared page of that consent, from empty storage, recording every request from before the load. */
async function visit(
  consent: 'all' | 'essential' | 'none' | null,
  pagePath: string,
  javaScriptEnabled = true,
) {
  const page = await pageWith(consent, javaScriptEnabled);
  if (javaScriptEnabled && page.url().startsWith(site.url)) {
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  }
  const requests = recordRequests(page);
  await page.goto(`${site.url}${pagePath}`);
  return { page, requests };
}

/** Opens each route with the given consent, reads it to the bottom and checks the log. */
async function checkNothingLeaves(consent: 'essential' | 'none' | null, routes: typeof routeTable.routes) {
  for (const route of routes) {
    const { page, requests } = await visit(consent, route.path);
    expect(await readToTheBottom(page), `${route.path} settles`).toBe(true);
    expect(outside(requests), route.path).toEqual([]);
    // The page itself was loaded and recorded: the log is not empty by accident.
    expect(requests, route.path).toContain(`${site.url}${route.path}`);
    stopRecording.splice(0).forEach((stop) => stop());
  }
}

describe.skipIf(!hasChromium)('requests to other origins', () => {
  it('samples the home page and every page type with a map, found in the build', async () => {
    const [home, ...withMap] = (await pagesWithThirdParties()).map((route) => route.page);
    expect(home).toBe('home');
    // Found by reading the build, so a map on another page type joins the sample; these two hold one today.
    expect(withMap).toEqual(expect.arrayContaining(['contact', 'coverage']));
  });

  for (const consent of [null, 'essential', 'none'] as const) {
    it(
      `none on the home page and the pages with a map ${consent ? `after "${consent}"` : 'before the visitor chose'}, after reading to the bottom`,
      async () => {
        await checkNothingLeaves(consent, await pagesWithThirdParties());
      },
      slow,
    );
  }

  it(
    'only the analytics script and the page’s map once the visitor accepted all',
    async () => {
      for (const [path, map] of [
        [pathOf('contact', 'it'), luganoMap],
        [pathOf('coverage', 'en'), coverageMap],
      ]) {
        const { page, requests } = await visit('all', path);
        expect(await readToTheBottom(page), `${path} settles`).toBe(true);
        expect(new Set(outside(requests)), path).toEqual(new Set([analyticsScript, map]));
        stopRecording.splice(0).forEach((stop) => stop());
      }
    },
    slow,
  );
});

describe.skipIf(!hasChromium)('map placeholders', () => {
  it(
    'say what the map shows and whose it is, and load it on their button only, taking focus',
    async () => {
      // Each map's placeholder says what it shows (the page's text) and whose it is (the map's host).
      const contactMap = (language: string) => ({
        path: pathOf('contact', language),
        src: luganoMap,
        button: realText(language, 'common.mapConsent.load'),
        shows: shownAs(realText(language, 'contact.map.placeholder')),
      });
      const coverage = (language: string) => ({
        path: pathOf('coverage', language),
        src: coverageMap,
        button: realText(language, 'common.mapConsent.load'),
        shows: shownAs(realText(language, 'coverage.map.placeholder')),
      });
      const cases = [contactMap('it'), contactMap('de'), coverage('fr'), coverage('en')];
      for (const { path, src, button, shows } of cases) {
        const provider = new URL(src).hostname;
        const { page, requests } = await visit(null, path);
        const holder = page.locator('[data-consent-frame]');
        await page.waitForLoadState('networkidle');
        // The placeholder as the visitor finds it, in one round trip.
        const before = await holder.evaluate((element) => {
          const link = element.querySelector('a');
          return {
            what: element.querySelector('.consent-frame__what')?.textContent ?? null,
            who: element.querySelector('.consent-frame__who')?.textContent ?? null,
            frames: document.querySelectorAll('iframe').length,
            href: link?.getAttribute('href'),
            target: link?.getAttribute('target'),
          };
        });
        expect(before.what, path).toMatch(shows);
        expect(before.who, path).toContain(provider);
        expect(before.frames, path).toBe(0);
        expect(before.href, path).toBe(src);
        expect(before.target, path).toBe('_blank');
        expect(outside(requests), path).toEqual([]);

        await holder.getByRole('button', { name: button }).click();
        const after = await page.evaluate((key) => {
          const frame = document.querySelector('[data-consent-frame] iframe');
          return {
            src: frame?.getAttribute('src'),
            focused: document.activeElement?.tagName,
            stored: localStorage.getItem(key),
          };
        }, consentKey);
        expect(after.src, path).toBe(src);
        expect(after.focused, path).toBe('IFRAME');
        await expect.poll(() => outside(requests), { message: path }).toEqual([src]);
        // A map loaded by its button is that map only: nothing is stored, no analytics starts.
        expect(after.stored, path).toBeNull();
        stopRecording.splice(0).forEach((stop) => stop());
      }
    },
    slow,
  );

  // Every language's built page holds this frame in its placeholder's template (tests/site/pages.test.ts);
  // here the consent script puts it in place as it is, on a page in another language than the map's.
  it(
    'keeps the coverage map in Italian with geolocation allowed when it loads',
    async () => {
      const expected = {
        src: coverageMap,
        allow: 'geolocation',
        referrerpolicy: 'strict-origin-when-cross-origin',
      };
      const page = await pageWith('all');
      const route = routeTable.routes.find(
        (candidate) => candidate.page === 'coverage' && candidate.language !== 'it',
      )!;
      await page.goto(`${site.url}${route.path}`);
      const frame = page.locator('[data-consent-frame] iframe');
      await frame.waitFor({ state: 'attached' });
      expect(
        await frame.evaluate((element) => ({
          src: element.getAttribute('src'),
          allow: element.getAttribute('allow'),
          referrerpolicy: element.getAttribute('referrerpolicy'),
        })),
        route.path,
      ).toEqual(expected);
    },
    slow,
  );

  it(
    'load at once when the visitor accepts all in the banner, and go back behind the placeholder when they withdraw',
    async () => {
      const { page, requests } = await visit(null, pathOf('contact', 'en'));
      await page.waitForLoadState('networkidle');
      expect(await page.locator('iframe').count()).toBe(0);
      await page.getByRole('button', { name: realText('en', 'common.cookieBanner.all') }).click();
      await page.locator('[data-consent-frame] iframe').waitFor({ state: 'attached' });
      await expect.poll(() => outside(requests)).toContain(luganoMap);
      await page.locator('button[data-cookie-settings]').click();
      await Promise.all([
        page.waitForEvent('load'),
        page.locator('button[data-consent="essential"]').click(),
      ]);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('iframe').count()).toBe(0);
      expect(await page.locator('[data-consent-frame] button').isVisible()).toBe(true);
    },
    slow,
  );

  it(
    'offer the link, and no dead button, without script',
    async () => {
      // Without script nothing is stored, so one page serves both visits.
      for (const path of [pathOf('contact', 'it'), pathOf('coverage', 'it')]) {
        const { page, requests } = await visit(null, path, false);
        await page.waitForLoadState('networkidle');
        const holder = page.locator('[data-consent-frame]');
        expect(await holder.getByRole('link').isVisible(), path).toBe(true);
        expect(await holder.locator('button').isVisible(), path).toBe(false);
        expect(await page.locator('iframe').count(), path).toBe(0);
        expect(outside(requests), path).toEqual([]);
        stopRecording.splice(0).forEach((stop) => stop());
      }
    },
    slow,
  );
});
