/**
 * axe-core's WCAG 2.1 A/AA rules on one page of every type, in two languages,
 * with the cookie banner showing on the home pages and the mobile menu open at
 * a phone width.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realRouteTable } from '../helpers/routeTable.ts';
import { hasChromium, startSite, type SiteUnderTest } from '../helpers/browser.ts';

let site: SiteUnderTest;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => site?.close());

const routeTable = realRouteTable;
const pageTypes = [...new Set(routeTable.routes.map((route) => route.page))].filter((page) => page !== 'privacyRedirect');

async function violationsOf(page: Page): Promise<string[]> {
  // The map frames hold third-party pages (empty in tests): not ours to check.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('iframe').analyze();
  expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(10);
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe.skipIf(!hasChromium)('accessibility (axe, WCAG 2.1 AA)', () => {
  for (const language of ['it', 'de'] as const) {
    it(`finds no violation on any page type in ${language}`, async () => {
      for (const pageId of pageTypes) {
        const route = routeTable.routes.find((candidate) => candidate.page === pageId && candidate.language === language && !candidate.legalSection);
        if (!route) continue; // the cookie policy exists in Italian only
        const page = await site.open(route.path, { consent: pageId === 'home' ? null : 'essential' });
        if (pageId === 'home') await page.locator('[data-cookie-banner]').waitFor({ state: 'visible' });
        expect(await violationsOf(page), route.path).toEqual([]);
        await page.close();
      }
    });
  }

  it('finds no violation with the mobile menu open at a phone width', async () => {
    const page = await site.open('/fr/abonnements/', { viewport: { width: 375, height: 740 } });
    await page.locator('.menu-toggle').click();
    expect(await page.locator('.menu-toggle').getAttribute('aria-expanded')).toBe('true');
    expect(await violationsOf(page)).toEqual([]);
  });
});
