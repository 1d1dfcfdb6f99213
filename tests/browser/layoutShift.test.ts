/**
 * No layout shift, on any page type, at a phone and a desktop viewport, with and
 * without script: a PerformanceObserver records every `layout-shift` entry from
 * the navigation on (buffered), while the page loads, the cookie banner shows and
 * a choice is made, the page scrolls past the header's threshold and back, and
 * (on the phone) the menu opens and closes. The sum must be exactly 0.
 *
 * Every entry counts, `hadRecentInput` ones too: Chromium with an emulated phone
 * marks a shift during load as following input, and Lighthouse counts it anyway.
 *
 * And none while a page arrives in parts: Chromium paints what it has parsed once
 * the stylesheet is in (on a slow network, or when its parser yields on a busy
 * machine), so a page sent in two parts, with the browser drawing a frame between
 * them, must not move what that frame showed.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf } from '../../generator/preview/handlers.ts';
import { fileInRoot } from '../../generator/preview/paths.ts';
import { type PageId } from '../../generator/model/routeTable.ts';
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
      routeTable.routes.find(
        (candidate) => candidate.page === pageId && candidate.language === 'en' && !candidate.legalSection,
      ) ?? routeTable.routes.find((candidate) => candidate.page === pageId)!;
    paths.push({ label: pageId, path: route.path });
  }
  const legal = routeTable.pathOf('legal', 'en');
  paths.push({ label: 'legal page at a hash', path: `${legal}#privacy-policy` });
  paths.push({
    label: 'legal page at a hash, with a section open',
    path: `${routeTable.routes.find((route) => route.page === 'legal' && route.language === 'en' && route.legalSection === 'tariffs')!.path}#terms`,
  });
  return paths;
}

/** The viewport Lighthouse's mobile settings emulate. */
const phone: OpenOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
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
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        shifts.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          sources: entry.sources.map(
            (source) =>
              `${describe(source.node)} ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`,
          ),
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
        requestIdleCallback(
          () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
          { timeout: 1000 },
        );
        setTimeout(resolve, 3000);
      }),
  );

/** Where `search` is in `html` (from `from`); a cut point the page no longer has fails the test rather than cutting elsewhere. */
function indexOf(html: string, search: string, from = 0): number {
  const at = html.indexOf(search, from);
  if (at < 0) throw new Error(`no ${search} in the page to cut at`);
  return at;
}

/** The path at which a page tells the server that sends it in parts that it has drawn frames. */
const framesDrawnPath = '/.frames-drawn';

/**
 * The top document tells its server when it has drawn frames: ten animation frames
 * after the first, so what the first part shows has been laid out and painted (not
 * only the first frame, which may come before the body's first layout).
 */
const reportFramesDrawn = (page: Page) =>
  page.addInitScript((report) => {
    if (window.top !== window) return;
    const afterFrames = (count: number) =>
      count === 0
        ? void fetch(report, { method: 'POST' })
        : requestAnimationFrame(() => afterFrames(count - 1));
    afterFrames(10);
  }, framesDrawnPath);

interface SplitServer {
  url: string;
  /** What went wrong serving (a cut point the page no longer has); the browser sees a broken response. */
  errors: unknown[];
  /** Where the next HTML page is cut. */
  cutAt: (html: string) => number;
  close(): Promise<void>;
}

/**
 * Serves the build as a slow network would: an HTML page in two parts, cut where
 * `cutAt` (set before each page) says; the rest once the browser reports frames of
 * the first part, or after two seconds if it draws none (as it should not: that is
 * the fix). Every other file at once. A path with no file gets its language's not-found page.
 */
async function startSplitServer(dir: string): Promise<SplitServer> {
  const frameDrawn: (() => void)[] = [];
  const errors: unknown[] = [];
  const server = createServer((request, response) =>
    respond(request.url ?? '/', response).catch((error: unknown) => {
      errors.push(error);
      response.destroy();
    }),
  );
  const split: SplitServer = {
    url: '',
    errors,
    cutAt: () => {
      throw new Error('no cut set for this page');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const respond = async (url: string, response: ServerResponse) => {
    const { pathname } = new URL(url, 'http://127.0.0.1');
    if (pathname === framesDrawnPath) {
      for (const release of frameDrawn.splice(0)) release();
      response.writeHead(204).end();
      return;
    }
    const file = fileInRoot(
      dir,
      `${decodeURIComponent(pathname)}${pathname.endsWith('/') ? 'index.html' : ''}`,
    );
    const found = file !== undefined && (await stat(file).catch(() => null))?.isFile();
    const languageNotFound = join(dir, pathname.split('/')[1] ?? '', '404.html');
    const served = found
      ? file
      : (await stat(languageNotFound).catch(() => null))?.isFile()
        ? languageNotFound
        : join(dir, '404.html');
    const body = await readFile(served);
    response.writeHead(found ? 200 : 404, {
      'content-type': contentTypeOf(served),
      'cache-control': 'no-store',
    });
    if (!served.endsWith('.html')) {
      response.end(body);
      return;
    }
    const html = body.toString('utf8');
    const at = split.cutAt(html);
    response.write(html.slice(0, at));
    await new Promise<void>((resolve) => {
      frameDrawn.push(resolve);
      setTimeout(resolve, 2000);
    });
    response.end(html.slice(at));
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  split.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return split;
}

const shiftsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);

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

/**
 * One page per setting, navigated for each case: layout shift is recorded per document,
 * so a new document on a page that showed others measures what a fresh context would.
 * What a fresh context has and this page would not, empty storage (no consent, no home
 * page's language, no first visit's redirect done), is restored before each load.
 */
async function sharedPage(
  options: Omit<OpenOptions, 'setup'>,
  setup: (page: Page) => Promise<unknown>,
): Promise<Page> {
  const page = await (await site.context(options)).newPage();
  await setup(page);
  return page;
}

/** Loads `url` as a new document in `page`, with the page's storage empty. */
async function loadAfresh(page: Page, url: string): Promise<void> {
  if (new URL(page.url()).origin === new URL(url).origin) {
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  }
  // The same path at another hash would only scroll the open document.
  if (page.url().split('#')[0] === url.split('#')[0]) await page.goto('about:blank');
  await page.goto(url);
}

const totalOf = (shifts: Shift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);

describe.skipIf(!hasChromium)('layout shift', () => {
  const cases = [
    { name: 'a phone', options: phone, script: true, mobile: true },
    { name: 'a desktop', options: desktop, script: true, mobile: false },
    // The site's scripts are refused rather than JavaScript turned off, so the observer still runs.
    // The stylesheet is the one the pages with script have, so without script only what the scripts
    // would have changed can differ: the menu (every page), the largest page, the form, and the legal
    // documents opened by the hash.
    {
      name: 'a phone without the site’s scripts',
      options: phone,
      script: false,
      mobile: true,
      only: ['home', 'subscriptions', 'contact', 'legal page at a hash'],
    },
  ];
  // The settings side by side, as many as the config's maxConcurrency allows (each case mostly waits
  // for the page to settle), the cases of one setting one after another on its page: no two tests
  // use a page at once.
  for (const { name, options, script, mobile, only } of cases as {
    name: string;
    options: OpenOptions;
    script: boolean;
    mobile: boolean;
    only?: string[];
  }[]) {
    describe.concurrent(`at ${name}`, () => {
      let page: Page;
      beforeAll(async () => {
        page = await sharedPage({ ...options, consent: null }, async (page) => {
          await recordShifts(page);
          if (!script)
            await page.route(
              (url) => url.pathname.endsWith('.js'),
              (route) => route.abort(),
            );
        });
      });
      afterAll(async () => page?.context().close());
      const paths = pathsToCheck().filter(({ label }) => !only || only.includes(label));
      // A label that no longer names a page would drop its case silently.
      if (only && paths.length !== only.length)
        throw new Error(
          `no page for ${only.filter((label) => !paths.some((path) => path.label === label)).join(', ')}`,
        );
      for (const { label, path } of paths) {
        it.sequential(`is 0 on the ${label} page (${path}) from navigation until idle`, async () => {
          await loadAfresh(page, `${site.url}${path}`);
          await exercise(page, { script, mobile });
          const shifts = await shiftsOf(page);
          expect(totalOf(shifts), JSON.stringify(shifts, null, 1)).toBe(0);
        });
      }
      if (name === 'a phone') {
        // On the page that has shown every other case: its observer still sees a shift of the document it is on.
        it.sequential('records a shift when one happens (the observer is not blind)', async () => {
          await loadAfresh(page, `${site.url}/en/`);
          await page.waitForLoadState('networkidle');
          await idle(page);
          // Something visible above the content grows, as the menu in the page's flow once did.
          await page.evaluate(() => {
            const spacer = document.createElement('div');
            spacer.style.height = '300px';
            document.querySelector('header')!.after(spacer);
          });
          await idle(page);
          expect(totalOf(await shiftsOf(page))).toBeGreaterThan(0);
        });
      }
    });
  }

  // Where a frame of the part shown first once moved when the rest came: the header's row without its
  // language buttons (a desktop), or with its menu half parsed (a phone: the menu is 24.8 px high, one
  // line of the body's text, until its button is parsed), and a grid of cards with only its first card
  // (the coverage page at a desktop width). Each header cut at the viewport that shows that control.
  const headerCuts: { name: string; viewports: ('phone' | 'desktop')[]; cutAt: (html: string) => number }[] =
    [
      {
        name: 'before the language buttons',
        viewports: ['desktop'],
        cutAt: (html) => indexOf(html, '<div class="site-header__languages">'),
      },
      {
        name: 'inside the first language button',
        viewports: ['desktop'],
        cutAt: (html) =>
          indexOf(html, '>', indexOf(html, '<a', indexOf(html, 'language-switcher--header'))) + 1,
      },
      {
        name: 'after the first language button',
        viewports: ['desktop'],
        cutAt: (html) => indexOf(html, '</a>', indexOf(html, 'language-switcher--header')) + '</a>'.length,
      },
      {
        name: 'inside the mobile menu, before its button',
        viewports: ['phone'],
        cutAt: (html) => indexOf(html, '<summary'),
      },
      {
        name: 'inside the mobile menu’s button',
        viewports: ['phone'],
        cutAt: (html) => indexOf(html, '>', indexOf(html, '<summary')) + 1,
      },
    ];
  const quarterIntoMain = (html: string) => {
    const start = indexOf(html, '<main');
    return indexOf(html, '<', start + Math.round((indexOf(html, '</main>') - start) / 4));
  };
  const viewports = [
    { name: 'phone', options: phone },
    { name: 'desktop', options: desktop },
  ] as const;
  for (const { name, options } of viewports) {
    // The cuts that shifted before every page held its first paint for the footer: a held page is
    // painted whole wherever it is cut, so other page types and cut points would only repeat these.
    const splitCases = [
      ...headerCuts
        .filter((cut) => cut.viewports.includes(name))
        .map(({ name: where, cutAt }) => ({
          label: 'home',
          path: routeTable.pathOf('home', 'en'),
          where: `in the header, ${where}`,
          cutAt,
        })),
      {
        label: 'coverage',
        path: routeTable.pathOf('coverage', 'en'),
        where: 'a quarter into <main>',
        cutAt: quarterIntoMain,
      },
    ];
    describe.concurrent(`at a ${name}, the page sent in two parts`, () => {
      // A server of its own, which cuts each page where the case running sets (one case at a time).
      let split: SplitServer;
      let page: Page;
      beforeAll(async () => {
        split = await startSplitServer(site.dir);
        page = await sharedPage({ ...options, consent: null }, async (page) =>
          Promise.all([recordShifts(page), reportFramesDrawn(page)]),
        );
      });
      afterAll(async () => Promise.all([page?.context().close(), split?.close()]));
      for (const { label, path, where, cutAt } of splitCases) {
        it.sequential(`is 0 on the ${label} page (${path}) cut ${where}`, async () => {
          split.cutAt = cutAt;
          split.errors.length = 0;
          await loadAfresh(page, `${split.url}${path}`);
          await page.waitForLoadState('networkidle');
          await idle(page);
          const shifts = await shiftsOf(page);
          if (split.errors.length > 0) throw split.errors[0];
          expect(totalOf(shifts), JSON.stringify(shifts, null, 1)).toBe(0);
        });
      }
    });
  }
});
