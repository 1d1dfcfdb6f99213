/**
 * Debian's Chromium driven by playwright-core, for the gates that need a real
 * browser (a11y, privacy) and for the project's browser tests. Nothing reaches the
 * internet: the browser resolves no host name, so a request to another origin fails
 * at once, while the page still shows it as made.
 */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { chromiumPath } from './tools.ts';

/**
 * Every host name but the local address is refused by Chromium's own resolver: a page's request
 * to another origin fails before it leaves the machine, and still shows in the network log (the
 * privacy gate compares against the site's own origin, so another local port still counts). This
 * instead of intercepting every request in each context, which turns the HTTP cache off and
 * costs every request a round trip to Node (a sixth more CPU per page load).
 */
const nothingLeavesTheMachine = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  nothingLeavesTheMachine,
];

/** A desktop browser user agent without "Headless", so nothing is mistaken for a bot. */
export const desktopUserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
} as const;
export type ViewportName = keyof typeof viewports;

export const launchChromium = (extra: Parameters<typeof chromium.launch>[0] = {}): Promise<Browser> =>
  chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs, ...extra });

/**
 * `work` run for one call at a time, in the order of the calls: the checkers below navigate
 * one page from page to page, so two checks must never share it at once.
 */
export function oneAtATime<T>(work: (pagePath: string) => Promise<T>): (pagePath: string) => Promise<T> {
  let previous: Promise<unknown> = Promise.resolve();
  return (pagePath) => {
    const result = previous.then(() => work(pagePath));
    previous = result.catch(() => {});
    return result;
  };
}

/** Empties the storage of the site page `page` shows (the site sets no cookie), as a first visitor finds it. */
export async function forgetVisit(page: Page, siteUrl: string): Promise<void> {
  if (page.url().startsWith(siteUrl))
    await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
}

/** A fresh context (empty storage); the browser's own rules keep its requests on the machine. */
export async function isolatedContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent: desktopUserAgent, locale: 'it-CH', ...options });
  // Generous: two busy cores may run builds and browsers side by side.
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(30_000);
  return context;
}

/**
 * Counts the requests `page` has in flight from now on. Playwright's own "networkidle" is reached
 * once per load and never waits again, so what a page starts later (on scroll, on a timer) is
 * counted here. `quiet` resolves true once none has been in flight for `quietMs`, counted from its
 * own call (what came before it does not shorten the wait), false when `timeout` passes first.
 */
function trackRequests(page: Page): {
  quiet(quietMs: number, timeout: number): Promise<boolean>;
  stop(): void;
} {
  let inFlight = 0;
  let lastChange = 0;
  const started = () => {
    inFlight++;
    lastChange = Date.now();
  };
  // A request that began before the count is not in it; its end only restarts the quiet time.
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet(quietMs, timeout) {
      const from = Date.now();
      while (Date.now() - from < timeout) {
        if (inFlight === 0 && Date.now() - Math.max(lastChange, from) >= quietMs) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    },
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/**
 * Reads the page `page` shows to the bottom, as a visitor would: a screen at a time (at most 40),
 * each screen given a frame and a moment so that what shows on scroll (lazy images and frames)
 * starts loading, in one round trip. Then waits until every image has loaded and no request has
 * been in flight for half a second. True when the page settled; false when a wait gave up after
 * `timeout` or the page navigated away meanwhile: the caller still judges what it sent.
 */
export async function readToTheBottom(page: Page, timeout = 10_000): Promise<boolean> {
  const loaded = await page.waitForLoadState('networkidle', { timeout }).then(
    () => true,
    () => false,
  );
  const requests = trackRequests(page);
  try {
    const scrolled = await page
      .evaluate(async () => {
        for (let step = 0; step < 40; step++) {
          window.scrollBy(0, window.innerHeight);
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
          if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1) break;
        }
      })
      .then(
        () => true,
        () => false,
      );
    const imagesLoaded =
      scrolled &&
      (await page
        .waitForFunction(() => Array.from(document.images).every((image) => image.complete), undefined, {
          timeout,
        })
        .then(
          () => true,
          () => false,
        ));
    const quiet = await requests.quiet(500, timeout);
    return quiet && loaded && scrolled && imagesLoaded;
  } finally {
    requests.stop();
  }
}
