/**
 * privacy: no request leaves for another origin before the visitor consents. Each
 * page is loaded in Chromium with empty storage (so no consent) and read to the bottom,
 * where lazy content waits, and the network log is read until the page is quiet.
 * Other origins are never reached: the browser resolves no host name but 127.0.0.1.
 */
import type { Browser, Page } from 'playwright-core';
import { forgetVisit, oneAtATime, readToTheBottom } from './browser.ts';
import { browserLane } from './browserLane.ts';
import { hasChromium, installChromium } from './tools.ts';
import { plural, type CheckContext, type Gate, type Problem } from './types.ts';

/** What one page requested from other origins before consent; `fault` when it could not be checked (too slow, crashed the tab). */
export interface PageRequests {
  requests: string[];
  fault?: string;
}

export interface PrivacyChecker {
  /** The URLs of other origins one page requests before consent; calls are run one after another. */
  check(pagePath: string): Promise<PageRequests>;
  close(): Promise<void>;
}

/**
 * One context and one page, navigated from page to page with its storage and cookies
 * cleared in between (all a first visit lacks): a new context per page costs more CPU
 * than loading the page.
 */
export async function privacyChecker(browser: Browser, siteUrl: string): Promise<PrivacyChecker> {
  // The requests of the page being checked; `undefined` between checks.
  let outside: Set<string> | undefined;
  // A page too slow to load, or one that crashes the tab, is its own problem; the next page gets a fresh tab.
  const lane = await browserLane(browser, {}, (context) =>
    context.on('request', (request) => {
      if (!request.url().startsWith(siteUrl) && /^https?:/.test(request.url())) outside?.add(request.url());
    }),
  );
  const checkOne = async (page: Page, pagePath: string): Promise<string[]> => {
    // After a check that failed midway the page may still hold a site page's storage.
    await forgetVisit(page, siteUrl).catch(() => {});
    await page.context().clearCookies();
    const found = new Set<string>();
    outside = found;
    try {
      await page.goto(`${siteUrl}${pagePath}`, { waitUntil: 'load' });
      // Down to the bottom, then quiet for half a second: what loads on scroll and scripts that start
      // late (after a timer, on idle) have had their chance. A page that never settles is judged all the same.
      await readToTheBottom(page);
      // Left while still recording, so that what the page sends as it unloads counts as its own,
      // and with nothing stored, as the next page's first visitor would find it.
      await forgetVisit(page, siteUrl).catch(() => {});
      await page.goto('about:blank');
      return [...found];
    } finally {
      outside = undefined;
    }
  };
  return {
    check: oneAtATime(async (pagePath) => {
      const result = await lane.run((page) => checkOne(page, pagePath));
      return result.fault === undefined ? { requests: result.value } : { requests: [], fault: result.fault };
    }),
    close: () => lane.close(),
  };
}

/** Each page's requests to other origins before consent, `lanes` pages at a time, in page order. */
export async function requestsBeforeConsent(
  browser: Browser,
  siteUrl: string,
  pagePaths: readonly string[],
  lanes = 3,
): Promise<PageRequests[]> {
  const checkers = await Promise.all(
    Array.from({ length: Math.min(lanes, pagePaths.length) }, () => privacyChecker(browser, siteUrl)),
  );
  try {
    return await Promise.all(
      pagePaths.map((pagePath, index) => checkers[index % checkers.length].check(pagePath)),
    );
  } finally {
    await Promise.all(checkers.map((checker) => checker.close()));
  }
}

export const gate: Gate = {
  name: 'privacy',
  description: 'no page requests anything from another origin before the visitor consents',
  async run({ url, pages, browser }: CheckContext) {
    const summary = plural(pages.length, 'page');
    if (!hasChromium()) return { problems: [], checked: 0, summary, skipped: installChromium };
    const found = await requestsBeforeConsent(
      await browser(),
      url,
      pages.map((page) => page.path),
    );
    const problems = pages.flatMap((page, index): Problem[] => [
      ...found[index].requests.map((request): Problem => ({
        severity: 'error',
        page: page.path,
        message: `requests ${request} before consent`,
      })),
      ...(found[index].fault
        ? [{ severity: 'error' as const, page: page.path, message: found[index].fault! }]
        : []),
    ]);
    return { problems, checked: pages.length, summary };
  },
};
