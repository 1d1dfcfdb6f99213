/**
 * a11y: axe-core in Chromium on every page, at a desktop and a phone width, against
 * WCAG 2.1 A and AA: first as a new visitor sees it, with the cookie banner open
 * (the banner itself), then the whole page after closing it ("essential only"). Third-party frames (the maps)
 * are not ours to check.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { forgetVisit, oneAtATime, viewports, type ViewportName } from './browser.ts';
import { browserLane } from './browserLane.ts';
import { hasChromium, installChromium } from './tools.ts';
import { plural, type CheckContext, type Gate, type Problem } from './types.ts';

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const bannerSelector = '[data-cookie-banner]';

/**
 * axe-core's minified build, put into each page once and run there through its own API. The
 * Playwright wrapper put the full 1.3 MB source into the page twice for every run: with the
 * banner open and closed, that was half the gate's CPU.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A violation as the report shows it: axe's rule, its impact and help, and where. */
export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * axe's WCAG 2.1 A/AA rules in the document `page` shows, within `include` if given: how many
 * passed and the violations. Frames (the maps) are not ours to check.
 */
export async function runAxe(
  page: Page,
  include?: string,
): Promise<{ passed: number; violations: AxeViolation[] }> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ include, tags }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      // Only violations are reported, so axe collects the nodes of nothing else (a third less work per run).
      const results = await axe.run(
        include ? { include: [include], exclude: ['iframe'] } : { exclude: ['iframe'] },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false },
      );
      return {
        passed: results.passes.length,
        violations: results.violations.map((violation) => ({
          id: violation.id,
          impact: violation.impact ?? 'minor',
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.join(' ')),
        })),
      };
    },
    { include, tags: wcagTags },
  );
}

/** The violations of `runAxe`; throws when axe ran no rule at all, so an empty list is never a run that checked nothing. */
async function axeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  const { passed, violations } = await runAxe(page, include);
  if (passed === 0 && violations.length === 0) throw new Error(`axe ran no rule on ${page.url()}`);
  return violations;
}

async function violationsOf(page: Page, state: string, only?: string): Promise<string[]> {
  return (await axeViolations(page, only)).map(
    ({ id, impact, help, targets }) =>
      `${id} (${impact}, ${state}): ${help}: ${targets.slice(0, 3).join(', ')}${targets.length > 3 ? ` and ${targets.length - 3} more` : ''}`,
  );
}

/**
 * What decides how the open banner looks and reads: its markup, the tags of the elements around
 * it, and the stylesheets. It is fixed on a background of its own, so the page beneath plays no
 * part. Pages of one language share one banner, so it is checked once per language and width.
 */
const bannerFingerprint = (page: Page) =>
  page.locator(bannerSelector).evaluate((banner) => {
    const around: string[] = [];
    for (let element = banner.parentElement; element; element = element.parentElement)
      around.push((element.cloneNode(false) as Element).outerHTML);
    return JSON.stringify([
      banner.outerHTML,
      around,
      Array.from(document.styleSheets, (sheet) => sheet.href),
    ]);
  });

/**
 * axe's violations on the page `page` shows at one width, with the banner open and closed.
 * `banners` holds the open banner's violations by its fingerprint, for the pages still to come.
 */
async function problemsOnPage(
  page: Page,
  siteUrl: string,
  pagePath: string,
  viewport: ViewportName,
  banners: Map<string, string[]>,
): Promise<string[]> {
  // As a new visitor: nothing stored from the page before, so the cookie banner shows.
  await forgetVisit(page, siteUrl);
  await page.goto(`${siteUrl}${pagePath}`, { waitUntil: 'load' });
  const banner = page.locator(bannerSelector);
  // The banner's script shows it once the page runs; pages without one are checked once.
  const hasBanner =
    (await banner.count()) > 0 &&
    (await banner.waitFor({ state: 'visible', timeout: 5_000 }).then(
      () => true,
      () => false,
    ));
  if (!hasBanner) return violationsOf(page, viewport);
  // With the banner open, only the banner is new: the rest of the page is checked once, after closing it.
  const fingerprint = await bannerFingerprint(page);
  const problems =
    banners.get(fingerprint) ?? (await violationsOf(page, `${viewport}, cookie banner open`, bannerSelector));
  banners.set(fingerprint, problems);
  const close = banner.locator('[data-consent="essential"]');
  if ((await close.count()) === 0)
    return [...problems, ...(await violationsOf(page, `${viewport}, cookie banner open`))];
  await close.click();
  await banner.waitFor({ state: 'hidden' });
  return [...problems, ...(await violationsOf(page, `${viewport}, cookie banner closed`))];
}

export interface AccessibilityChecker {
  /** axe's violations on one page, with the banner open and closed; calls are run one after another. */
  check(pagePath: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * One context and one page at one width, navigated from page to page with its storage
 * cleared in between: a new context per page costs more CPU than loading the page.
 */
export async function accessibilityChecker(
  browser: Browser,
  siteUrl: string,
  viewport: ViewportName,
): Promise<AccessibilityChecker> {
  // A page too slow to load or check, or one that crashes the tab, is its own problem; the next page gets a fresh tab.
  const lane = await browserLane(browser, { viewport: viewports[viewport] });
  const banners = new Map<string, string[]>();
  return {
    check: oneAtATime(async (pagePath) => {
      const result = await lane.run((page) => problemsOnPage(page, siteUrl, pagePath, viewport, banners));
      return result.fault === undefined ? result.value : [`${result.fault} (${viewport})`];
    }),
    close: () => lane.close(),
  };
}

export const gate: Gate = {
  name: 'a11y',
  description:
    'axe finds no WCAG 2.1 A/AA violation on any page, desktop and phone, cookie banner open and closed',
  async run({ url, pages, browser }: CheckContext) {
    const widths = Object.keys(viewports) as ViewportName[];
    const summary = `${plural(pages.length, 'page')} × ${widths.length} widths`;
    if (!hasChromium()) return { problems: [], checked: 0, summary, skipped: installChromium };
    const chromium = await browser();
    // The widths side by side, the pages of each one after another in one page.
    const byWidth = await Promise.all(
      widths.map(async (viewport) => {
        const checker = await accessibilityChecker(chromium, url, viewport);
        try {
          const messages: string[][] = [];
          for (const page of pages) messages.push(await checker.check(page.path));
          return messages;
        } finally {
          await checker.close();
        }
      }),
    );
    // Reported page by page, each page's widths together.
    const problems = pages.flatMap((page, index) =>
      byWidth.flatMap((messages) =>
        messages[index].map((message): Problem => ({ severity: 'error', page: page.path, message })),
      ),
    );
    return { problems, checked: pages.length * widths.length, summary };
  },
};
