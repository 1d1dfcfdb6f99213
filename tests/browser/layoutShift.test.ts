/**
 * No layout shift, on any page type, at a phone and a desktop viewport, with and
 * without script: a PerformanceObserver records every `layout-shift` entry from
 * the navigation on (buffered), while the page loads, the cookie banner shows and
 * a choice is made, the page scrolls past the header's threshold and back, and
 * (on the phone) the menu opens and closes. The sum must be exactly 0.
 *
 * Every entry counts, `hadRecentInput` ones too: Chromium with an emulated phone
 * marks a shift during load as following input, and Lighthouse counts it anyway.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PageId } from '../../generator/routes.ts';
import { realRouteTable } from '../helpers/routeTable.ts';
import { hasChromium, startSite, type OpenOptions, type SiteUnderTest } from '../helpers/browser.ts';

let site: SiteUnderTest;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => site?.close());

const routeTable = realRouteTable;

/**
 * One path per page type (the privacy forward only forwards), plus the legal page
 * opened at a document's hash, where the privacy forward leads: that document is
 * open from the first paint, so nothing below it moves.
 */
function pathsToCheck(): { label: string; path: string }[] {
  const paths: { label: string; path: string }[] = [];
  for (const pageId of new Set<PageId>(routeTable.routes.map((route) => route.page))) {
    if (pageId === 'privacyRedirect') continue;
    if (pageId === 'notFound') {
      paths.push({ label: pageId, path: '/en/no-such-page/' });
      continue;
    }
    const route =
      routeTable.routes.find((candidate) => candidate.page === pageId && candidate.language === 'en' && !candidate.legalSection) ??
      routeTable.routes.find((candidate) => candidate.page === pageId)!;
    paths.push({ label: pageId, path: route.path });
  }
  const legal = routeTable.pathOf('legal', 'en');
  paths.push({ label: 'legal page at a hash', path: `${legal}#privacy-policy` });
  paths.push({ label: 'legal page at a hash, with a section open', path: `${routeTable.routes.find((route) => route.page === 'legal' && route.language === 'en' && route.legalSection === 'tariffs')!.path}#terms` });
  return paths;
}

/** The viewport Lighthouse's mobile settings emulate. */
const phone: OpenOptions = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const desktop: OpenOptions = { viewport: { width: 1350, height: 940 } };

interface Shift {
  value: number;
  hadRecentInput: boolean;
  sources: string[];
}

/** Starts recording before any of the page's own script runs; buffered, so nothing before the observer is lost. */
function recordShifts(page: Page) {
  return page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? 'gone';
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.classList.length ? `.${[...node.classList].join('.')}` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
        shifts.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          sources: entry.sources.map((source) => `${describe(source.node)} ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Two frames after an idle period: whatever the last action changed has been laid out,
 * painted and reported. Headless Chromium now and then stops producing frames for a
 * page nobody looks at; the fallback keeps the test from waiting forever then.
 */
const idle = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestIdleCallback(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))), { timeout: 1000 });
        setTimeout(resolve, 3000);
      }),
  );

const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);

async function exercise(page: Page, { script, mobile }: { script: boolean; mobile: boolean }) {
  await page.waitForLoadState('networkidle');
  await idle(page);
  if (script) {
    const banner = page.locator('[data-cookie-banner]');
    await banner.waitFor({ state: 'visible' });
    await idle(page);
    await banner.locator('button[data-consent="essential"]').click();
    await banner.waitFor({ state: 'hidden' });
    await idle(page);
  }
  // Past the header's threshold (where the page is long enough to scroll) and back.
  await page.evaluate(() => window.scrollTo(0, 200));
  await idle(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await idle(page);
  if (mobile) {
    const toggle = page.locator('[data-menu-toggle]');
    const menu = page.locator('#mobile-menu');
    await toggle.click();
    await menu.waitFor({ state: 'visible' });
    await idle(page);
    await toggle.click();
    await menu.waitFor({ state: 'hidden' });
    await idle(page);
  }
}

describe.skipIf(!hasChromium)('layout shift', () => {
  const cases = [
    { name: 'a phone', options: phone, script: true, mobile: true },
    { name: 'a desktop', options: desktop, script: true, mobile: false },
    // The site's scripts are refused rather than JavaScript turned off, so the observer still runs.
    { name: 'a phone without the site’s scripts', options: phone, script: false, mobile: true },
  ];
  for (const { name, options, script, mobile } of cases) {
    // Pages at once (vitest's maxConcurrency), each in its own context of the shared browser.
    describe.concurrent(`at ${name}`, () => {
      const setup = async (page: Page) => {
        await recordShifts(page);
        if (!script) await page.route((url) => url.pathname.endsWith('.js'), (route) => route.abort());
      };
      for (const { label, path } of pathsToCheck()) {
        // Retried: about one load in forty, a header control is first reported at 24.8 px high (16 px
        // text at the body's line height, as if its own rule were not yet applied) and then at its real
        // size, a shift of 0.002-0.004. Not reproduced on demand; open in issue 16. A page that shifts on
        // every load still fails all three tries.
        it(`is 0 on the ${label} page (${path}) from navigation until idle`, { retry: 2 }, async ({ expect }) => {
          const page = await site.open(path, { ...options, consent: null, setup });
          await exercise(page, { script, mobile });
          const shifts = await shiftsOf(page);
          const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
          await page.context().close();
          expect(total, JSON.stringify(shifts, null, 1)).toBe(0);
        });
      }
    });
  }

  it('records a shift when one happens (the observer is not blind)', async () => {
    const page = await site.open('/en/', { ...phone, consent: null, setup: recordShifts });
    await page.waitForLoadState('networkidle');
    await idle(page);
    // Something visible above the content grows, as the menu in the page's flow once did.
    await page.evaluate(() => {
      const spacer = document.createElement('div');
      spacer.style.height = '300px';
      document.querySelector('header')!.after(spacer);
    });
    await idle(page);
    const shifts = await shiftsOf(page);
    expect(shifts.reduce((sum, shift) => sum + shift.value, 0)).toBeGreaterThan(0);
  });
});
