/** Cookie consent and analytics gating, watched on the network. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentKey, hasChromium, startSite, type SiteUnderTest } from '../helpers/browser.ts';

let site: SiteUnderTest;

beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => site?.close());

function watchAnalytics(page: Page): string[] {
  const requests: string[] = [];
  page.context().on('request', (request) => {
    if (request.url().startsWith('https://analytics.example.com/')) requests.push(request.url());
  });
  return requests;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

describe.skipIf(!hasChromium)('cookie consent', () => {
  it('shows the banner when nothing is stored, and requests no analytics before a choice', async () => {
    const page = await site.open('/', { consent: null });
    const analytics = watchAnalytics(page);
    await page.reload();
    await settle(page);
    await expect.poll(() => page.locator('[data-cookie-banner]').isVisible()).toBe(true);
    expect(await page.locator('[data-cookie-banner] a').getAttribute('href')).toBe('/cookie-policy/');
    expect(analytics).toEqual([]);
  });

  it('stores "all", hides the banner and starts analytics, also on later loads', async () => {
    const page = await site.open('/en/', { consent: null });
    const analytics = watchAnalytics(page);
    await page.getByRole('button', { name: 'Accept all' }).click();
    await expect.poll(() => page.locator('[data-cookie-banner]').isVisible()).toBe(false);
    expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBe('all');
    await expect.poll(() => analytics.length).toBe(1);
    const script = page.locator('script[data-analytics]');
    expect(await script.getAttribute('data-site-id')).toBe('EXAMPLE-PLACEHOLDER-ID');

    await page.goto(`${site.url}/en/coverage/`);
    await settle(page);
    expect(await page.locator('[data-cookie-banner]').isVisible()).toBe(false);
    expect(analytics.length).toBe(2);
  });

  for (const [choice, label] of [['essential', 'Essential only'], ['none', 'Decline']] as const) {
    it(`stores "${choice}" and never requests analytics, now or later`, async () => {
      const page = await site.open('/en/', { consent: null });
      const analytics = watchAnalytics(page);
      await page.getByRole('button', { name: label }).click();
      expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBe(choice);
      expect(await page.locator('[data-cookie-banner]').isVisible()).toBe(false);
      await page.reload();
      await settle(page);
      expect(await page.locator('[data-cookie-banner]').isVisible()).toBe(false);
      expect(analytics).toEqual([]);
    });
  }

  it('is reachable and operable by keyboard', async () => {
    const page = await site.open('/de/', { consent: null });
    const analytics = watchAnalytics(page);
    const focused = async () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Zum Inhalt springen');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/de/legal/cookie/');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Alle akzeptieren');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Nur notwendige');
    await page.keyboard.press('Enter');
    expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBe('essential');
    expect(await page.locator('[data-cookie-banner]').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(analytics).toEqual([]);
  });

  it('shows the banner focus ring', async () => {
    const page = await site.open('/', { consent: null });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe('solid');
  });

  it('lets the visitor change the choice from the footer’s cookie settings', async () => {
    const page = await site.open('/fr/', { consent: 'essential' });
    const analytics = watchAnalytics(page);
    await page.reload();
    await settle(page);
    expect(await page.locator('[data-cookie-banner]').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Paramètres des cookies' }).click();
    expect(await page.locator('[data-cookie-banner]').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-consent'))).toBe('all');
    await page.keyboard.press('Enter');
    expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBe('all');
    await expect.poll(() => analytics.length).toBe(1);
  });

  it('withdrawing consent after analytics has loaded reloads the page without analytics', async () => {
    const page = await site.open('/it/', { consent: 'all' });
    const analytics = watchAnalytics(page);
    await page.reload();
    await settle(page);
    await expect.poll(() => analytics.length).toBe(1);
    expect(await page.locator('script[data-analytics]').count()).toBe(1);
    await page.locator('button[data-cookie-settings]').click();
    await Promise.all([page.waitForEvent('load'), page.locator('button[data-consent="none"]').click()]);
    await settle(page);
    expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBe('none');
    expect(await page.locator('script[data-analytics]').count()).toBe(0);
    expect(await page.locator('[data-cookie-banner]').isVisible()).toBe(false);
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
    await page.getByRole('button', { name: 'Accept all' }).click();
    expect(await page.evaluate((key) => localStorage.getItem(key), consentKey)).toBe('all');
    expect(await page.locator('[data-cookie-banner]').isVisible()).toBe(false);
    await settle(page);
    await page.reload();
    await settle(page);
    expect(await page.locator('script[data-analytics]').count()).toBe(0);
    expect(outside).toEqual([]);
  });
});
