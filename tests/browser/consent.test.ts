/** Cookie consent and analytics gating, watched on the network. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { consentKey, hasChromium, startSite, type SiteUnderTest } from '../helpers/browser.ts';
import { realLoadedContent, realRouteTable, realText } from '../helpers/routeTable.ts';

let site: SiteUnderTest;

beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => site?.close());

/** Listeners of the shared context, removed after each test so that tests do not see each other's requests. */
const stopWatching: (() => void)[] = [];
afterEach(() => {
  for (const stop of stopWatching.splice(0)) stop();
});

/** Where the analytics script comes from, as the site settings name it. */
const analyticsOrigin = new URL(realLoadedContent.site.analytics.scriptUrl).origin;

function watchAnalytics(page: Page): string[] {
  const requests: string[] = [];
  const listener = (request: Request) => {
    if (request.url().startsWith(`${analyticsOrigin}/`)) requests.push(request.url());
  };
  page.context().on('request', listener);
  stopWatching.push(() => page.context().off('request', listener));
  return requests;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

/**
 * One page in a context with no consent set up, shared by the tests: each starts from empty
 * storage (what a fresh context gave it), with the given choice stored where the test needs one.
 */
let shared: Promise<Page> | undefined;
async function open(pagePath: string, stored: 'all' | 'essential' | null = null, watch = false) {
  const page = await (shared ??= site.context({ consent: null }).then((context) => context.newPage()));
  if (page.url().startsWith(site.url)) {
    await page.evaluate(
      ([key, value]) => {
        localStorage.clear();
        sessionStorage.clear();
        if (value) localStorage.setItem(key, value);
      },
      [consentKey, stored] as const,
    );
  } else if (stored) {
    await page.goto(`${site.url}/robots.txt`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [consentKey, stored] as const);
  }
  // Watching from before the load, as a reload of a fresh page did.
  const analytics = watch ? watchAnalytics(page) : [];
  await page.goto(`${site.url}${pagePath}`);
  return { page, analytics };
}

/** The banner's state in one round trip. */
const banner = (page: Page) =>
  page.evaluate((key) => {
    // Visible as Playwright's isVisible counts it: a box of some size, not visibility: hidden.
    const element = document.querySelector('[data-cookie-banner]');
    const box = element?.getBoundingClientRect();
    const visible =
      !!element &&
      !!box &&
      box.width > 0 &&
      box.height > 0 &&
      getComputedStyle(element).visibility !== 'hidden';
    return { visible, stored: localStorage.getItem(key) };
  }, consentKey);

describe.skipIf(!hasChromium)('cookie consent', () => {
  it('shows the banner when nothing is stored, and requests no analytics before a choice', async () => {
    const { page, analytics } = await open('/', null, true);
    await settle(page);
    await expect.poll(() => page.locator('[data-cookie-banner]').isVisible()).toBe(true);
    expect(await page.locator('[data-cookie-banner] a').getAttribute('href')).toBe(
      realRouteTable.pathOf('cookiePolicy', 'it'),
    );
    expect(analytics).toEqual([]);
  });

  it('stores "all", hides the banner and starts analytics, also on later loads', async () => {
    const { page, analytics } = await open('/en/', null, true);
    await page.getByRole('button', { name: realText('en', 'common.cookieBanner.all') }).click();
    await expect.poll(() => page.locator('[data-cookie-banner]').isVisible()).toBe(false);
    expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBe('all');
    await expect.poll(() => analytics.length).toBe(1);
    const script = page.locator('script[data-analytics]');
    expect(await script.getAttribute('data-site-id')).toBe(realLoadedContent.site.analytics.siteId);

    await page.goto(`${site.url}${realRouteTable.pathOf('coverage', 'en')}`);
    await settle(page);
    expect(await page.locator('[data-cookie-banner]').isVisible()).toBe(false);
    expect(analytics.length).toBe(2);
  });

  for (const choice of ['essential', 'none'] as const) {
    const label = realText('en', `common.cookieBanner.${choice}`);
    it(`stores "${choice}" and never requests analytics, now or later`, async () => {
      const { page, analytics } = await open('/en/', null, true);
      await page.getByRole('button', { name: label }).click();
      expect(await banner(page)).toEqual({ visible: false, stored: choice });
      await page.reload();
      await settle(page);
      expect(await page.locator('[data-cookie-banner]').isVisible()).toBe(false);
      expect(analytics).toEqual([]);
    });
  }

  it('is reachable and operable by keyboard', async () => {
    const { page, analytics } = await open('/de/', null, true);
    const focused = async () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(realText('de', 'common.skipToContent'));
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(
      realRouteTable.pathOf('cookiePolicy', 'de'),
    );
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(realText('de', 'common.cookieBanner.all'));
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(realText('de', 'common.cookieBanner.essential'));
    await page.keyboard.press('Enter');
    expect(await banner(page)).toEqual({ visible: false, stored: 'essential' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(analytics).toEqual([]);
  });

  it('shows the banner focus ring', async () => {
    const { page } = await open('/');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe('solid');
  });

  it('lets the visitor change the choice from the footer’s cookie settings', async () => {
    const { page, analytics } = await open('/fr/', 'essential', true);
    await settle(page);
    expect(await page.locator('[data-cookie-banner]').isVisible()).toBe(false);
    await page.getByRole('button', { name: realText('fr', 'common.cookieBanner.settings') }).click();
    expect(await page.locator('[data-cookie-banner]').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-consent'))).toBe('all');
    await page.keyboard.press('Enter');
    expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBe('all');
    await expect.poll(() => analytics.length).toBe(1);
  });

  it('withdrawing consent after analytics has loaded reloads the page without analytics', async () => {
    const { page, analytics } = await open('/it/', 'all', true);
    await settle(page);
    await expect.poll(() => analytics.length).toBe(1);
    expect(await page.locator('script[data-analytics]').count()).toBe(1);
    await page.locator('button[data-cookie-settings]').click();
    await Promise.all([page.waitForEvent('load'), page.locator('button[data-consent="none"]').click()]);
    await settle(page);
    expect(await banner(page)).toEqual({ visible: false, stored: 'none' });
    expect(await page.locator('script[data-analytics]').count()).toBe(0);
    expect(analytics.length).toBe(1);
  });
});

describe.skipIf(!hasChromium)('analytics turned off in the settings', () => {
  let quiet: SiteUnderTest;
  beforeAll(async () => {
    quiet = await startSite({
      editContent: async (contentDir) => {
        const file = path.join(contentDir, 'site.yaml');
        const source = await readFile(file, 'utf8');
        const edited = source.replace(/^(\s+scriptUrl:).*$/m, "$1 ''");
        if (edited === source) throw new Error('site.yaml has no analytics scriptUrl to empty');
        await writeFile(file, edited);
      },
    });
  });
  afterAll(async () => quiet?.close());

  it('requests no analytics after "all", now or on later loads', async () => {
    const page = await quiet.open('/en/', { consent: null });
    // With the setting empty there is no analytics address to watch for: nothing may leave the site at all.
    const outside: string[] = [];
    page.context().on('request', (request) => {
      if (!request.url().startsWith(quiet.url)) outside.push(request.url());
    });
    expect(await page.locator('body').getAttribute('data-analytics-src')).toBeNull();
    await page.getByRole('button', { name: realText('en', 'common.cookieBanner.all') }).click();
    expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBe('all');
    expect(await page.locator('[data-cookie-banner]').isVisible()).toBe(false);
    await settle(page);
    await page.reload();
    await settle(page);
    expect(await page.locator('script[data-analytics]').count()).toBe(0);
    expect(outside).toEqual([]);
  });
});
