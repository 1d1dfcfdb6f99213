/**
 * The privacy gate of `site check` on every page of the real build: with no consent
 * stored, Chromium's network log shows no request to another origin. One test per
 * page, one shared browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsBeforeConsent } from '../../generator/check/privacy.ts';
import { realRouteTable } from '../helpers/routeTable.ts';
import { hasChromium, startSite, type SiteUnderTest } from '../helpers/browser.ts';

let site: SiteUnderTest;
// Building and launching may take minutes on a busy two-core machine.
beforeAll(async () => {
  site = await startSite();
}, 300_000);
afterAll(async () => site?.close());

const pages = realRouteTable.routes.filter((route) => route.page !== 'privacyRedirect');

describe.skipIf(!hasChromium)('privacy: nothing from another origin before consent', () => {
  for (const route of pages) {
    it(`requests nothing from another origin on ${route.path}`, async () => {
      expect(await requestsBeforeConsent(site.browser, site.url, route.path)).toEqual([]);
    }, 60_000);
  }
});
