/**
 * a11y: axe-core in Chromium on every page, at a desktop and a phone width, against
 * WCAG 2.1 A and AA: first as a new visitor sees it, with the cookie banner open
 * (the banner itself), then the whole page after closing it ("essential only"). Third-party frames (the maps)
 * are not ours to check.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { eachLimited, isolatedContext, launchChromium, viewports, type ViewportName } from './browser.ts';
import { hasChromium, installChromium } from './tools.ts';
import { plural, type CheckContext, type Gate, type Problem } from './types.ts';

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const bannerSelector = '[data-cookie-banner]';

async function violationsOf(page: Page, state: string, only?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(wcagTags).exclude('iframe');
  const results = await (only ? builder.include(only) : builder).analyze();
  if (results.passes.length === 0) throw new Error(`axe ran no rule on ${page.url()}`);
  return results.violations.map((violation) => `${violation.id} (${violation.impact ?? 'minor'}, ${state}): ${violation.help}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ')}${violation.nodes.length > 3 ? ` and ${violation.nodes.length - 3} more` : ''}`);
}

/** axe's violations on one page at one width, with the banner open and closed. */
export async function accessibilityProblems(browser: Browser, siteUrl: string, pagePath: string, viewport: ViewportName): Promise<string[]> {
  const context = await isolatedContext(browser, siteUrl, { viewport: viewports[viewport] });
  try {
    const page = await context.newPage();
    await page.goto(`${siteUrl}${pagePath}`, { waitUntil: 'load' });
    const banner = page.locator(bannerSelector);
    // The banner's script shows it once the page runs; pages without one are checked once.
    const hasBanner = (await banner.count()) > 0 && (await banner.waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false));
    // Awaited here, so the context is not closed under a running axe.
    if (!hasBanner) return await violationsOf(page, viewport);
    // With the banner open, only the banner is new: the rest of the page is checked once, after closing it.
    const problems = await violationsOf(page, `${viewport}, cookie banner open`, bannerSelector);
    const close = banner.locator('[data-consent="essential"]');
    if ((await close.count()) === 0) return [...problems, ...(await violationsOf(page, `${viewport}, cookie banner open`))];
    await close.click();
    await banner.waitFor({ state: 'hidden' });
    return [...problems, ...(await violationsOf(page, `${viewport}, cookie banner closed`))];
  } finally {
    await context.close();
  }
}

export const gate: Gate = {
  name: 'a11y',
  description: 'axe finds no WCAG 2.1 A/AA violation on any page, desktop and phone, cookie banner open and closed',
  async run({ url, pages }: CheckContext) {
    const combinations = pages.flatMap((page) => (Object.keys(viewports) as ViewportName[]).map((viewport) => ({ page, viewport })));
    const summary = `${plural(pages.length, 'page')} × ${Object.keys(viewports).length} widths`;
    if (!hasChromium()) return { problems: [], checked: 0, summary, skipped: installChromium };
    const browser = await launchChromium();
    try {
      const found = await eachLimited(combinations, 2, async ({ page, viewport }) => (await accessibilityProblems(browser, url, page.path, viewport)).map((message): Problem => ({ severity: 'error', page: page.path, message })));
      return { problems: found.flat(), checked: combinations.length, summary };
    } finally {
      await browser.close();
    }
  },
};
