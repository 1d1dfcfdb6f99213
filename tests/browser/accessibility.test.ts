/**
 * The a11y gate of `site check` on one page of each type (tests/helpers/routeTable.ts:
 * every page type, the legal page with a section open, every language among them):
 * axe-core's WCAG 2.1 A/AA rules at a desktop or a phone width, with the cookie banner
 * open and then closed, the two widths taking turns, one page per width navigated from
 * page to page in the run's one browser, as the gate does. Also the mobile menu open
 * at a phone width, which the gate does not open.
 *
 * Every page of the real build goes through the same gate in CI (`site check` after
 * the tests), and tests/generator/check/runner.test.ts proves that the gate names a planted fault
 * at both widths; so here axe runs once per type of page, not once per page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityChecker, runAxe, type AccessibilityChecker } from '../../generator/check/a11y.ts';
import { viewports, type ViewportName } from '../../generator/check/browser.ts';
import { onePagePerType, realRouteTable } from '../helpers/routeTable.ts';
import { hasChromium, startSite, type SiteUnderTest } from '../helpers/browser.ts';

const pages = onePagePerType();
const widths = Object.keys(viewports) as ViewportName[];
/**
 * The widths take turns, as the languages do: each width sees about half the page
 * types, and `site check` runs every page at both widths.
 */
const widthOf = (index: number): ViewportName => widths[index % widths.length];

let site: SiteUnderTest;
let checkers: Record<ViewportName, AccessibilityChecker>;
beforeAll(async () => {
  if (!hasChromium) return;
  site = await startSite();
  const [desktop, phone] = await Promise.all(
    widths.map((viewport) => accessibilityChecker(site.browser, site.url, viewport)),
  );
  checkers = { desktop, phone };
}, 300_000);
afterAll(async () => {
  await Promise.all(Object.values(checkers ?? {}).map((checker) => checker.close()));
  await site?.close();
});

describe.skipIf(!hasChromium)('accessibility (axe, WCAG 2.1 AA)', () => {
  it('checks every page type a visitor sees, in every language', () => {
    expect(new Set(pages.map((route) => route.page))).toEqual(
      new Set(realRouteTable.routes.map((route) => route.page).filter((page) => page !== 'privacyRedirect')),
    );
    expect(new Set(pages.map((route) => route.language))).toEqual(new Set(realRouteTable.languages.codes));
  });

  it('checks one page of each type, the widths taking turns', () => {
    expect(pages.map((route) => route.page)).toHaveLength(new Set(pages.map((route) => route.page)).size);
    expect(pages.find((route) => route.page === 'legal')?.legalSection).toBeDefined();
    expect(new Set(pages.map((_, index) => widthOf(index)))).toEqual(new Set(widths));
  });

  // The two widths' pages side by side; each width's checker takes its pages one after another.
  describe.concurrent('one page of each type', () => {
    pages.forEach((route, index) => {
      const viewport = widthOf(index);
      // Two axe runs; a busy two-core machine needs far longer than an idle one.
      it(`finds no violation on ${route.path} (${route.page}; ${viewport}, banner open and closed)`, async ({
        expect,
      }) => {
        expect(await checkers[viewport].check(route.path)).toEqual([]);
      }, 300_000);
    });
  });

  it('finds no violation with the mobile menu open at a phone width', async () => {
    const page = await site.open(realRouteTable.pathOf('subscriptions', 'fr'), { viewport: viewports.phone });
    await page.locator('.menu-toggle').click();
    // aria-expanded follows the toggle event, a task after the menu opens.
    await expect.poll(() => page.locator('.menu-toggle').getAttribute('aria-expanded')).toBe('true');
    const results = await runAxe(page);
    expect(results.passed, 'axe ran its rules').toBeGreaterThan(10);
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  }, 120_000);
});
