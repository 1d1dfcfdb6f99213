/** Header scroll style, mobile menu, hash scroll, legal accordions and the not-found log. */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startSite, type SiteUnderTest } from '../helpers/browser.ts';

let site: SiteUnderTest;

beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => site?.close());

const phone = { viewport: { width: 375, height: 740 } };

describe.skipIf(!hasChromium)('header', () => {
  it('turns translucent past 20 px of scroll and back at the top', async () => {
    const page = await site.open('/en/');
    const header = page.locator('[data-site-header]');
    const state = async () => ({ scrolled: await header.evaluate((element) => element.classList.contains('is-scrolled')) });
    await page.evaluate(() => window.scrollTo(0, 20));
    await page.waitForTimeout(50);
    expect(await state()).toEqual({ scrolled: false });
    await page.evaluate(() => window.scrollTo(0, 21));
    await expect.poll(state).toEqual({ scrolled: true });
    await expect.poll(() => header.evaluate((element) => getComputedStyle(element).backgroundColor)).toMatch(/rgba\(255, 255, 255, 0\.8\d*\)/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(state).toEqual({ scrolled: false });
  });

  it('hides the menu button on a desktop screen', async () => {
    const page = await site.open('/en/');
    expect(await page.locator('[data-menu-toggle]').isVisible()).toBe(false);
    expect(await page.locator('.site-nav').isVisible()).toBe(true);
  });

  it('opens and closes the mobile menu with its button and Escape, handling focus', async () => {
    const page = await site.open('/en/', phone);
    const toggle = page.locator('[data-menu-toggle]');
    const menu = page.locator('#mobile-menu');
    expect(await toggle.getAttribute('aria-controls')).toBe('mobile-menu');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest('#mobile-menu') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-menu-toggle'))).toBe(true);
    await toggle.click();
    await toggle.click();
    expect(await menu.isVisible()).toBe(false);
  });

  it('closes the mobile menu on a link click and on navigation', async () => {
    const page = await site.open('/en/', phone);
    await page.locator('[data-menu-toggle]').click();
    await page.locator('#mobile-menu a', { hasText: 'Coverage' }).click();
    await page.waitForURL('**/en/coverage/');
    expect(await page.locator('#mobile-menu').isVisible()).toBe(false);
    await page.locator('[data-menu-toggle]').click();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/en/');
    expect(await page.locator('#mobile-menu').isVisible()).toBe(false);
    expect(await page.locator('[data-menu-toggle]').getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the mobile navigation without script', async () => {
    const page = await site.open('/en/', { ...phone, javaScriptEnabled: false });
    expect(await page.locator('#mobile-menu').isVisible()).toBe(true);
    expect(await page.locator('[data-menu-toggle]').isVisible()).toBe(false);
  });
});

describe.skipIf(!hasChromium)('hash scroll', () => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    it(`brings the tariff zones into view from the footer's roaming link (${reducedMotion})`, async () => {
      const page = await site.open('/en/', { reducedMotion });
      await page.locator('.site-footer a', { hasText: 'Roaming' }).click();
      await page.waitForURL('**/en/subscriptions/#tariff-zones');
      await expect.poll(() => page.locator('#tariff-zones').evaluate((element) => Math.round(element.getBoundingClientRect().top)), { timeout: 3000 }).toBeLessThan(120);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    });
  }

  it('scrolls to a hash changed on the same page', async () => {
    const page = await site.open('/abbonamenti/');
    await page.evaluate(() => { location.hash = 'countries-section'; });
    await expect.poll(() => page.locator('#countries-section').evaluate((element) => Math.round(element.getBoundingClientRect().top)), { timeout: 3000 }).toBeLessThan(120);
  });
});

describe.skipIf(!hasChromium)('legal accordions', () => {
  const openIds = (page: import('playwright-core').Page) => page.locator('details[data-legal-document][open]').evaluateAll((elements) => elements.map((element) => element.id));

  it('opens the route’s section on load and none on /legal/', async () => {
    expect(await openIds(await site.open('/legal/tariffs/'))).toEqual(['tariffs']);
    expect(await openIds(await site.open('/en/legal/privacy/'))).toEqual(['privacy-policy']);
    expect(await openIds(await site.open('/de/legal/cookie/'))).toEqual(['cookie']);
    expect(await openIds(await site.open('/legal/'))).toEqual([]);
    expect(await openIds(await site.open('/condizioni/'))).toEqual([]);
  });

  it('opens the section a hash names, where /privacy/ leads', async () => {
    const page = await site.open('/privacy/');
    await page.waitForURL('**/condizioni/#privacy-policy');
    await expect.poll(() => openIds(page)).toEqual(['privacy-policy']);
  });

  it('keeps one open at a time and lets the open one close', async () => {
    const page = await site.open('/legal/privacy/');
    await page.locator('#tariffs > summary').click();
    expect(await openIds(page)).toEqual(['tariffs']);
    await page.locator('#tariffs > summary').click();
    expect(await openIds(page)).toEqual([]);
  });

  it('keeps one open at a time where the browser lacks exclusive details', async () => {
    const page = await site.open('/legal/');
    await page.context().addInitScript(() => {
      delete (HTMLDetailsElement.prototype as { name?: string }).name;
    });
    await page.reload();
    expect(await page.evaluate(() => 'name' in HTMLDetailsElement.prototype)).toBe(false);
    await page.locator('#terms > summary').click();
    await page.locator('#cookie > summary').click();
    expect(await openIds(page)).toEqual(['cookie']);
  });
});

describe.skipIf(!hasChromium)('not found', () => {
  /** The page's console messages from its first load on. */
  const openLogged = async (path: string, setup?: (page: Page) => Promise<unknown>) => {
    const messages: string[] = [];
    const errors: string[] = [];
    const page = await site.open(path, {
      setup: async (page) => {
        page.on('console', (message) => messages.push(message.text()));
        page.on('pageerror', (error) => errors.push(error.message));
        await setup?.(page);
      },
    });
    return { page, messages, errors };
  };

  it('answers 404 with the page of the path’s language and logs the attempt', async () => {
    const { page, messages } = await openLogged('/de/nicht-da?x=1');
    expect(await page.evaluate(() => document.readyState)).toBe('complete');
    expect(await page.locator('h1').textContent()).toBe('Seite nicht gefunden');
    expect(await page.locator('main a.button').getAttribute('href')).toBe('/de/');
    await expect.poll(() => messages.some((text) => text.includes('/de/nicht-da?x=1'))).toBe(true);
    const response = await page.goto(`${site.url}/de/nicht-da?x=1`);
    expect(response?.status()).toBe(404);
  });

  it('still logs the attempt when the hash is malformed', async () => {
    const { messages, errors } = await openLogged('/de/nicht-da#%E0');
    await expect.poll(() => messages.some((text) => text.includes('Page not found: /de/nicht-da#%E0'))).toBe(true);
    expect(errors).toEqual([]);
    expect(messages.filter((text) => text.includes(' failed:'))).toEqual([]);
  });

  it('still logs the attempt when another behaviour throws', async () => {
    // The header's setup asks matchMedia; here it throws, as a broken or old browser might.
    const { page, messages } = await openLogged('/de/nicht-da', (page) =>
      page.addInitScript(() => {
        window.matchMedia = () => {
          throw new Error('matchMedia is broken');
        };
      }),
    );
    await expect.poll(() => messages.some((text) => text.includes('Page not found: /de/nicht-da'))).toBe(true);
    expect(messages.some((text) => text.startsWith('header failed:'))).toBe(true);
    // The behaviours after the broken one still run: the language buttons keep the path.
    await page.locator('.site-header__languages a[data-language="en"]').click();
    await page.waitForURL((url) => url.pathname === '/en/nicht-da');
  });
});
