/**
 * privacy: no request leaves for another origin before the visitor consents. Each
 * page is loaded in Chromium with empty storage (so no consent) and the network log
 * is read until the page is quiet. Other origins are answered locally, never reached.
 */
import type { Browser } from 'playwright-core';
import { eachLimited, isolatedContext, launchChromium } from './browser.ts';
import { hasChromium, installChromium } from './tools.ts';
import { plural, type CheckContext, type Gate, type Problem } from './types.ts';

/** The URLs of other origins one page requests before consent. */
export async function requestsBeforeConsent(browser: Browser, siteUrl: string, pagePath: string): Promise<string[]> {
  const context = await isolatedContext(browser, siteUrl);
  const outside: string[] = [];
  context.on('request', (request) => {
    if (!request.url().startsWith(siteUrl) && /^https?:/.test(request.url())) outside.push(request.url());
  });
  try {
    const page = await context.newPage();
    await page.goto(`${siteUrl}${pagePath}`, { waitUntil: 'load' });
    // Quiet for half a second: scripts that start late (after a timer, on idle) have had their chance.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    return [...new Set(outside)];
  } finally {
    await context.close();
  }
}

export const gate: Gate = {
  name: 'privacy',
  description: 'no page requests anything from another origin before the visitor consents',
  async run({ url, pages }: CheckContext) {
    const summary = plural(pages.length, 'page');
    if (!hasChromium()) return { problems: [], checked: 0, summary, skipped: installChromium };
    const browser = await launchChromium();
    try {
      const found = await eachLimited(pages, 3, async (page) => (await requestsBeforeConsent(browser, url, page.path)).map((request): Problem => ({ severity: 'error', page: page.path, message: `requests ${request} before consent` })));
      return { problems: found.flat(), checked: pages.length, summary };
    } finally {
      await browser.close();
    }
  },
};
