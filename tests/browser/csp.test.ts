/** Every page type under the Content-Security-Policy the host rules send: no violation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realLoadedContent, realRouteTable } from '../helpers/routeTable.ts';
import type { Page } from 'playwright-core';
import { hasChromium, startSite, type SiteUnderTest } from '../helpers/browser.ts';

let site: SiteUnderTest;
/** One page for both tests (they run one after the other): neither depends on what the other stored. */
let page: Page;

beforeAll(async () => {
  site = await startSite();
  if (hasChromium) page = await site.open('/', { consent: 'all', locale: 'it-CH' });
});
afterAll(async () => site?.close());

/** One route per page type and language is enough: pages of a type share their markup. */
const routes = realRouteTable.routes.filter(
  (route, index, all) => all.findIndex((other) => other.page === route.page) === index || route.path === '/',
);

describe.skipIf(!hasChromium)('Content-Security-Policy in the browser', () => {
  it('is sent with every page and reports no violation, analytics and first-visit script included', async () => {
    // One page visits every page type in turn: the listeners and the consent stay, each load is checked on its own.
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    for (const route of routes) {
      violations.length = 0;
      const response = await page.goto(`${site.url}${route.path}`, { waitUntil: 'load' });
      // With consent "all" the main script adds analytics: once it is in, every script has run.
      await page.locator('script[data-analytics]').waitFor({ state: 'attached' });
      // Violation events are dispatched as tasks: let them reach the console.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(response?.headers()['content-security-policy'], route.path).toContain("script-src 'self'");
      expect(violations, route.path).toEqual([]);
    }
  });

  it('parses the Permissions-Policy: geolocation for the coverage map’s frame only, not for the site', async () => {
    await page.goto(`${site.url}${realRouteTable.pathOf('coverage', 'it')}`);
    // A header Chromium could not parse would be ignored as a whole, leaving geolocation to every frame.
    const { coverageMap, luganoMap } = realLoadedContent.site.urls;
    const allowed = await page.evaluate(
      (origins) => {
        const policy = (
          document as Document & {
            featurePolicy?: { allowsFeature(feature: string, origin?: string): boolean };
          }
        ).featurePolicy!;
        return {
          site: policy.allowsFeature('geolocation'),
          map: policy.allowsFeature('geolocation', origins.map),
          other: policy.allowsFeature('geolocation', origins.other),
          camera: policy.allowsFeature('camera'),
        };
      },
      { map: new URL(coverageMap).origin, other: new URL(luganoMap).origin },
    );
    expect(allowed).toEqual({ site: false, map: true, other: false, camera: false });
  });
});
