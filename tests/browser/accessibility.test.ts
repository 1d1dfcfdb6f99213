/**
 * The a11y gate of `site check` on every page of the real build: axe-core's WCAG
 * 2.1 A/AA rules at a desktop and a phone width, with the cookie banner open and
 * then closed. One test per page, one shared browser. Also the mobile menu open at
 * a phone width, which the gate does not open.
 */
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, wcagTags } from '../../generator/check/a11y.ts';
import { realRouteTable } from '../helpers/routeTable.ts';
import { hasChromium, startSite, type SiteUnderTest } from '../helpers/browser.ts';

let site: SiteUnderTest;
// Building and launching may take minutes on a busy two-core machine.
beforeAll(async () => {
  site = await startSite();
}, 300_000);
afterAll(async () => site?.close());

// /privacy/ is a redirect of the host rules, not a page a visitor sees.
const pages = realRouteTable.routes.filter((route) => route.page !== 'privacyRedirect');

describe.skipIf(!hasChromium)('accessibility (axe, WCAG 2.1 AA)', () => {
  for (const route of pages) {
    // Four axe runs; a busy two-core machine needs far longer than an idle one.
    it(`finds no violation on ${route.path} (desktop and phone, banner open and closed)`, async () => {
      const problems = [...(await accessibilityProblems(site.browser, site.url, route.path, 'desktop')), ...(await accessibilityProblems(site.browser, site.url, route.path, 'phone'))];
      expect(problems).toEqual([]);
    }, 180_000);
  }

  it('finds no violation with the mobile menu open at a phone width', async () => {
    const page = await site.open('/fr/abonnements/', { viewport: { width: 375, height: 740 } });
    await page.locator('.menu-toggle').click();
    expect(await page.locator('.menu-toggle').getAttribute('aria-expanded')).toBe('true');
    const results = await new AxeBuilder({ page }).withTags(wcagTags).exclude('iframe').analyze();
    expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(10);
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  }, 120_000);
});
