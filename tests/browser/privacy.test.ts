/**
 * The privacy gate of `site check` on one page of each kind (tests/helpers/routeTable.ts:
 * every page type, every legal section open, every language among them): with no
 * consent stored, Chromium's network log shows no request to another origin. Several
 * pages at a time, each lane one page navigated from page to page, as the gate does, in the
 * run's one browser.
 *
 * Every page of the real build goes through the same gate in CI (`site check` after
 * the tests), and tests/generator/check/runner.test.ts proves that the gate names a planted
 * request; tests/browser/third-parties.test.ts follows each page type further
 * (scrolling, each consent choice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsBeforeConsent } from '../../generator/check/privacy.ts';
import { onePagePerKind } from '../helpers/routeTable.ts';
import { hasChromium, startSite, type SiteUnderTest } from '../helpers/browser.ts';

const pages = onePagePerKind();

let site: SiteUnderTest;
/** The other origins each page requested, by path. */
const requestsByPath = new Map<string, string[]>();

beforeAll(async () => {
  if (!hasChromium) return;
  site = await startSite();
  const found = await requestsBeforeConsent(site.browser, site.url, pages.map((route) => route.path));
  pages.forEach((route, index) => requestsByPath.set(route.path, found[index]));
}, 300_000);
afterAll(async () => site?.close());

describe.skipIf(!hasChromium)('privacy: nothing from another origin before consent', () => {
  for (const route of pages) {
    it(`requests nothing from another origin on ${route.path} (${route.page})`, () => {
      expect(requestsByPath.get(route.path)).toEqual([]);
    });
  }
});
