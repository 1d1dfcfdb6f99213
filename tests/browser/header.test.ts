/** Header scroll style, mobile menu, hash scroll, legal accordions and the not-found log. */
import type { ConsoleMessage, Disposable, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { hasChromium, startSite, type SiteUnderTest } from '../helpers/browser.ts';
import { realRouteTable, realText } from '../helpers/routeTable.ts';

let site: SiteUnderTest;

const phone = { viewport: { width: 375, height: 740 } };

/** Paths from the route table, so that no test names today's slugs. */
const pathOf = (page: Parameters<typeof realRouteTable.pathOf>[0], language: string) =>
  realRouteTable.pathOf(page, language);
const legalSectionPath = realRouteTable.legalSectionPath;
const pathsOf = (page: string) =>
  realRouteTable.routes.filter((route) => route.page === page).map((route) => route.path);

/**
 * Pages shared by the tests, one per screen and script setting: a test loads its page
 * afresh with `goto` (a new document, so nothing set on `window` carries over) instead of
 * opening a context of its own, which costs a busy machine about three times as much.
 * No test here depends on storage. Init scripts and routes a test adds to a shared page are
 * removed when it ends; the fake clock, which belongs to a context, gets a context of its own.
 */
let desktop: Page;
let phoneWithScript: Page;
let phoneWithoutScript: Page;

beforeAll(async () => {
  site = await startSite();
  if (!hasChromium) return;
  desktop = await (await site.context()).newPage();
  phoneWithScript = await (await site.context(phone)).newPage();
  phoneWithoutScript = await (await site.context({ ...phone, javaScriptEnabled: false })).newPage();
});
afterAll(async () => site?.close());

/** Loads one of the site's pages, fresh, in a shared page. */
async function visit(page: Page, path: string): Promise<Page> {
  await page.goto(`${site.url}${path}`);
  return page;
}

describe.skipIf(!hasChromium)('header', () => {
  it('turns translucent past 20 px of scroll and back at the top', async () => {
    const page = await visit(desktop, '/en/');
    const header = page.locator('[data-site-header]');
    const state = async () => ({
      scrolled: await header.evaluate((element) => element.classList.contains('is-scrolled')),
    });
    await page.evaluate(() => window.scrollTo(0, 20));
    await page.waitForTimeout(50);
    expect(await state()).toEqual({ scrolled: false });
    await page.evaluate(() => window.scrollTo(0, 21));
    await expect.poll(state).toEqual({ scrolled: true });
    await expect
      .poll(() => header.evaluate((element) => getComputedStyle(element).backgroundColor))
      .toMatch(/rgba\(255, 255, 255, 0\.8\d*\)/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(state).toEqual({ scrolled: false });
  });

  it('hides the menu button on a desktop screen', async () => {
    const page = await visit(desktop, '/en/');
    expect(await page.locator('[data-menu-toggle]').isVisible()).toBe(false);
    expect(await page.locator('.site-nav').isVisible()).toBe(true);
  });

  it('opens and closes the mobile menu with its button and Escape, handling focus', async () => {
    const page = await visit(phoneWithScript, '/en/');
    const toggle = page.locator('[data-menu-toggle]');
    const menu = page.locator('#mobile-menu');
    const focusInMenu = () => page.evaluate(() => document.activeElement?.closest('#mobile-menu') !== null);
    expect(await toggle.getAttribute('aria-controls')).toBe('mobile-menu');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.isVisible()).toBe(true);
    await expect.poll(focusInMenu).toBe(true);
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-menu-toggle'))).toBe(true);
    await toggle.click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await toggle.click();
    await expect.poll(() => menu.isVisible()).toBe(false);
    // aria-expanded follows the element's toggle event, which the browser fires a task after
    // the menu closes: the state may lag the picture by that one task.
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('lays the open menu over the page and keeps the button’s width, so nothing moves', async () => {
    const page = await visit(phoneWithScript, '/en/');
    const toggle = page.locator('[data-menu-toggle]');
    const boxes = () =>
      Promise.all(
        [toggle, page.locator('[data-site-header]'), page.locator('main')].map((locator) =>
          locator.boundingBox(),
        ),
      );
    const closed = await boxes();
    await toggle.click();
    await page.locator('#mobile-menu').waitFor({ state: 'visible' });
    expect(await boxes()).toEqual(closed);
    // The label says what the button does next.
    expect(await toggle.evaluate((element) => (element as HTMLElement).innerText.trim())).toBe(
      realText('en', 'common.header.closeMenu'),
    );
  });

  it('closes the mobile menu as soon as one of its links is clicked', async () => {
    const page = await visit(phoneWithScript, '/en/');
    const toggle = page.locator('[data-menu-toggle]');
    await toggle.click();
    expect(await page.locator('#mobile-menu').isVisible()).toBe(true);
    // The menu's state right after the click, before the link's navigation replaces the page:
    // a listener on window runs after the menu's own, in the same click. It reports through the
    // console, since Playwright holds evaluations while a navigation is under way.
    const states: string[] = [];
    const record = (message: ConsoleMessage) => {
      if (message.text().startsWith('menu after click:')) states.push(message.text());
    };
    page.on('console', record);
    onTestFinished(() => void page.off('console', record));
    await page.evaluate(() => {
      window.addEventListener('click', () => {
        const toggle = document.querySelector('[data-menu-toggle]');
        const menu = document.querySelector<HTMLDetailsElement>('details[data-menu]');
        console.log(
          `menu after click: ${location.pathname} expanded=${toggle?.getAttribute('aria-expanded')} open=${menu?.open}`,
        );
      });
    });
    await page.locator(`#mobile-menu a[href="${pathOf('coverage', 'en')}"]`).click();
    await page.waitForURL((url) => url.pathname === pathOf('coverage', 'en'));
    expect(states).toEqual(['menu after click: /en/ expanded=false open=false']);
  });

  // A browser of its own, with the back/forward cache on: the shared one has it off.
  it('shows the menu closed when back/forward restores a page from the cache', async () => {
    const page = await site.open('/en/', {
      ...phone,
      backForwardCache: true,
      setup: (page) =>
        page.addInitScript(() => {
          window.addEventListener(
            'pageshow',
            (event) => ((window as unknown as { restored: boolean }).restored = event.persisted),
          );
        }),
    });
    await page.locator('[data-menu-toggle]').click();
    expect(await page.locator('#mobile-menu').isVisible()).toBe(true);
    // Leave with the menu open: not through one of its links, whose click closes it anyway.
    await page.evaluate((path) => location.assign(path), pathOf('coverage', 'en'));
    await page.waitForURL((url) => url.pathname === pathOf('coverage', 'en'));
    // A page restored from the cache fires pageshow, not load.
    await page.goBack({ waitUntil: 'commit' });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { restored?: boolean }).restored))
      .toBe(true);
    expect(await page.locator('#mobile-menu').isVisible()).toBe(false);
    expect(await page.locator('[data-menu-toggle]').getAttribute('aria-expanded')).toBe('false');
  });

  it('works without script: closed at first, opened and closed by its button', async () => {
    const page = await visit(phoneWithoutScript, '/en/');
    const toggle = page.locator('[data-menu-toggle]');
    const menu = page.locator('#mobile-menu');
    expect(await toggle.isVisible()).toBe(true);
    expect(await menu.isVisible()).toBe(false);
    await toggle.click();
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.locator(`a[href="${pathOf('coverage', 'en')}"]`).isVisible()).toBe(true);
    await toggle.click();
    expect(await menu.isVisible()).toBe(false);
  });

  it('has the same header height with and without script', async () => {
    const height = async (page: Page) => {
      await visit(page, '/en/');
      await page.waitForLoadState('load');
      return (await page.locator('[data-site-header]').boundingBox())?.height;
    };
    const withScript = await height(phoneWithScript);
    expect(withScript).toBeGreaterThan(40);
    expect(await height(phoneWithoutScript)).toBe(withScript);
  });
});

interface ScrollCall {
  id: string;
  options: unknown;
}

/**
 * Records what the page script asks of scrollIntoView, and puts the page's timers
 * on a paused clock the test moves. Asserting the script's own call (not where the
 * page ends up) matters: the browser's fragment jump alone already lands there.
 */
async function watchHashScroll(page: Page) {
  // The clock belongs to the page's context: this one's context is its own.
  await page.addInitScript(() => {
    const calls: ScrollCall[] = [];
    (window as unknown as { scrollCalls: ScrollCall[] }).scrollCalls = calls;
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
      calls.push({ id: this.id, options });
      original.call(this, options);
    };
  });
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
}

const scrollCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { scrollCalls: ScrollCall[] }).scrollCalls);

describe.skipIf(!hasChromium)('hash scroll', () => {
  /**
   * One page for these tests, in a context of their own: the recording init script and the
   * paused clock stay for every load, and each load starts with an empty record. The clock
   * only moves when a test moves it, so each test sees its 100 ms from its own load.
   */
  let page: Page;
  beforeAll(async () => {
    page = await (await site.context()).newPage();
    await watchHashScroll(page);
  });

  for (const [reducedMotion, behavior] of [
    ['no-preference', 'smooth'],
    ['reduce', 'auto'],
  ] as const) {
    it(`scrolls to the tariff zones 100 ms after the footer's roaming link, ${behavior} (${reducedMotion})`, async () => {
      await page.emulateMedia({ reducedMotion });
      await visit(page, '/en/');
      const roaming = page.locator('.site-footer a', { hasText: realText('en', 'common.footer.roaming') });
      expect(await roaming.getAttribute('href')).toBe(`${pathOf('subscriptions', 'en')}#tariff-zones`);
      await roaming.click();
      await page.waitForURL(
        (url) => url.pathname === pathOf('subscriptions', 'en') && url.hash === '#tariff-zones',
      );
      await page.waitForLoadState('load');
      expect(await scrollCalls(page)).toEqual([]);
      await page.clock.runFor(99);
      expect(await scrollCalls(page)).toEqual([]);
      await page.clock.runFor(1);
      expect(await scrollCalls(page)).toEqual([
        { id: 'tariff-zones', options: { behavior, block: 'start' } },
      ]);
    });
  }

  it('scrolls to a hash changed on the same page, after 100 ms', async () => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await visit(page, pathOf('subscriptions', 'it'));
    await page.evaluate(() => {
      location.hash = 'countries-section';
    });
    await page.clock.runFor(99);
    expect(await scrollCalls(page)).toEqual([]);
    await page.clock.runFor(1);
    expect(await scrollCalls(page)).toEqual([
      { id: 'countries-section', options: { behavior: 'smooth', block: 'start' } },
    ]);
  });
});

describe.skipIf(!hasChromium)('legal accordions', () => {
  const openIds = (page: import('playwright-core').Page) =>
    page
      .locator('details[data-legal-document][open]')
      .evaluateAll((elements) => elements.map((element) => element.id));

  it('opens the route’s section on load and none on the legal page without a section', async () => {
    expect(await openIds(await visit(desktop, legalSectionPath('tariffs', 'it')))).toEqual(['tariffs']);
    expect(await openIds(await visit(desktop, legalSectionPath('privacy', 'en')))).toEqual([
      'privacy-policy',
    ]);
    expect(await openIds(await visit(desktop, legalSectionPath('cookie', 'de')))).toEqual(['cookie']);
    // The legal page, its language-prefixed duplicate and its alias: no section in the path, none open.
    const withoutSection = realRouteTable.routes.filter(
      (route) => route.page === 'legal' && route.language === 'it' && !route.legalSection,
    );
    expect(withoutSection.length).toBeGreaterThan(0);
    for (const route of withoutSection)
      expect(await openIds(await visit(desktop, route.path)), route.path).toEqual([]);
  });

  it('opens the section a hash names, where the privacy forward leads', async () => {
    const forward = realRouteTable.routes.find((route) => route.page === 'privacyRedirect')!;
    const page = await visit(desktop, forward.path);
    const target = new URL(forward.redirectTo!, site.url);
    await page.waitForURL((url) => url.pathname === target.pathname && url.hash === target.hash);
    await expect.poll(() => openIds(page)).toEqual(['privacy-policy']);
  });

  it('keeps one open at a time and lets the open one close', async () => {
    const page = await visit(desktop, legalSectionPath('privacy', 'it'));
    await page.locator('#tariffs > summary').click();
    expect(await openIds(page)).toEqual(['tariffs']);
    await page.locator('#tariffs > summary').click();
    expect(await openIds(page)).toEqual([]);
  });

  /**
   * A browser without exclusive `<details name>`: the property is missing, so the
   * script takes its fallback, and the served markup loses its `name` attributes,
   * so Chromium's own exclusivity cannot do the work in its place.
   */
  async function withoutExclusiveDetails(page: Page): Promise<() => Promise<void>> {
    const initScript = await page.addInitScript(() => {
      delete (HTMLDetailsElement.prototype as { name?: string }).name;
    });
    const legalPaths = pathsOf('legal');
    const legalPages = (url: URL) => legalPaths.some((path) => url.pathname.startsWith(path));
    await page.route(legalPages, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/(<details\b[^>]*?)\sname="[^"]*"/g, '$1');
      await route.fulfill({ response, body });
    });
    return async () => {
      await initScript.dispose();
      await page.unroute(legalPages);
    };
  }

  describe('where the browser lacks exclusive details', () => {
    // The shared desktop page, changed for every load until these tests end.
    let restore: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      restore = await withoutExclusiveDetails(desktop);
    });
    afterAll(async () => restore?.());

    it('keeps one open at a time, lets it close and opens from the hash where the browser lacks exclusive details', async () => {
      const page = await visit(desktop, legalSectionPath('tariffs', 'it'));
      expect(await page.evaluate(() => 'name' in HTMLDetailsElement.prototype)).toBe(false);
      expect(await page.locator('details[data-legal-document][name]').count()).toBe(0);
      expect(await openIds(page)).toEqual(['tariffs']);
      await page.locator('#terms > summary').click();
      await expect.poll(() => openIds(page)).toEqual(['terms']);
      await page.locator('#terms > summary').click();
      await expect.poll(() => openIds(page)).toEqual([]);
      await page.locator('#cookie > summary').click();
      await expect.poll(() => openIds(page)).toEqual(['cookie']);
      await page.evaluate(() => {
        location.hash = 'privacy-policy';
      });
      await expect.poll(() => openIds(page)).toEqual(['privacy-policy']);
    });

    it('opens a hash-named section on load where the browser lacks exclusive details', async () => {
      const page = await visit(desktop, `${legalSectionPath('tariffs', 'it')}#privacy-policy`);
      await expect.poll(() => openIds(page)).toEqual(['privacy-policy']);
    });
  });
});

describe.skipIf(!hasChromium)('not found', () => {
  /**
   * The shared desktop page's console messages from its first load on; `setup` may add
   * an init script, removed when the test ends.
   */
  const openLogged = async (path: string, setup?: (page: Page) => Promise<Disposable>) => {
    const messages: string[] = [];
    const errors: string[] = [];
    const page = desktop;
    const onConsole = (message: ConsoleMessage) => messages.push(message.text());
    const onError = (error: Error) => errors.push(error.message);
    page.on('console', onConsole);
    page.on('pageerror', onError);
    onTestFinished(() => void page.off('console', onConsole).off('pageerror', onError));
    const initScript = await setup?.(page);
    onTestFinished(() => initScript?.dispose());
    const response = await page.goto(`${site.url}${path}`);
    return { page, response, messages, errors };
  };

  it('answers 404 with the page of the path’s language and logs the attempt', async () => {
    const { page, response, messages } = await openLogged('/de/nicht-da?x=1');
    expect(response?.status()).toBe(404);
    expect(await page.evaluate(() => document.readyState)).toBe('complete');
    expect(await page.locator('h1').textContent()).toBe(realText('de', 'notFound.title'));
    expect(await page.locator('main a.button').getAttribute('href')).toBe('/de/');
    await expect.poll(() => messages.some((text) => text.includes('/de/nicht-da?x=1'))).toBe(true);
  });

  it('still logs the attempt when the hash is malformed', async () => {
    const { messages, errors } = await openLogged('/de/nicht-da#%E0');
    await expect
      .poll(() => messages.some((text) => text.includes('Page not found: /de/nicht-da#%E0')))
      .toBe(true);
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
    await expect
      .poll(() => messages.some((text) => text.includes('Page not found: /de/nicht-da')))
      .toBe(true);
    expect(messages.some((text) => text.startsWith('header failed:'))).toBe(true);
    // The behaviours after the broken one still run: the language buttons keep the path.
    await page.locator('.site-header__languages a[data-language="en"]').click();
    await page.waitForURL((url) => url.pathname === '/en/nicht-da');
  });
});
