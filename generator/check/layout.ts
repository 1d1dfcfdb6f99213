/**
 * layout: every page type in every language at 320, 375, 768, 1024 and 1280 CSS px, cookie banner
 * closed and the mobile menu open where it shows, looked at as a visitor's eyes would
 * (layoutProbe.ts): no sideways scroll (WCAG 1.4.10), nothing overflowing its box, controls on
 * one line and whole, pointer targets of 24 px (2.5.8), and at 200 % text no text clipped or on
 * other text (1.4.4). Photographs each page type per language at a phone and a desktop width for
 * the contact sheet, and compares them with the accepted baseline.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { acceptScreenshots, compareWithBaseline, type Comparison } from './baseline.ts';
import { browserLane } from './browserLane.ts';
import { writeContactSheet, type SheetEntry } from './contactSheet.ts';
import {
  layoutWidths,
  pageFacts,
  planLayout,
  screenshotWidths,
  type LayoutWidth,
  type PlannedPage,
} from './layoutPlan.ts';
import { probeLayout, type LayoutFault, type ProbeOptions } from './layoutProbe.ts';
import { layoutPageSeconds } from './pageLimits.ts';
import { hasChromium, installChromium } from './tools.ts';
import { plural, type CheckContext, type Gate, type Problem } from './types.ts';

/** A fault as seen at one width in one state of the page. */
export interface SeenFault extends LayoutFault {
  width: LayoutWidth;
  state: 'menu closed' | 'menu open' | '200 % text';
}

export interface LookedAt {
  planned: PlannedPage;
  faults: SeenFault[];
  /** Screenshot files by width name, when photographed. */
  shots: Partial<Record<keyof typeof screenshotWidths, string>>;
  /** Why the page could not be looked at (too slow, crashed its tab), in words. */
  fault?: string;
}

/** The widths at which text is also set to 200 %: the wide ones, where a layout keeps its columns. */
const textZoomWidths: LayoutWidth[] = [768, 1024, 1280];
const viewportHeight = 800;
/** Full-page screenshots stop here: the contact sheet shows the top of each page. */
const screenshotMaxHeight = 4000;
const faultOutline = '[data-layout-fault] { outline: 3px solid #e00000 !important; outline-offset: -1px; }';

/** tsx keeps function names by wrapping them in `__name`, which the page does not have. */
const defineName = 'globalThis.__name ??= (fn) => fn;';

const settle = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );

const fileNameOf = (pagePath: string, width: number) =>
  `${
    pagePath
      .replace(/^\/|\/$/g, '')
      .replace(/\.html$/, '')
      .replace(/\//g, '-') || 'index'
  }-${width}.png`;

/** The mobile menu's button, when the page has one and it shows at this width. */
async function menuToggle(page: Page) {
  const toggle = page.locator('details[data-menu] > summary, header details > summary').first();
  return (await toggle.count()) > 0 && (await toggle.isVisible()) ? toggle : undefined;
}

async function closeCookieBanner(page: Page) {
  const banner = page.locator('[data-cookie-banner]');
  if ((await banner.count()) === 0) return;
  // Its script (a module) has run by the load event: hidden now means the choice is stored.
  if (!(await banner.isVisible())) return;
  await banner.locator('[data-consent="essential"]').click();
  await banner.waitFor({ state: 'hidden' });
}

/**
 * Each page as a first visitor who has closed the cookie banner finds it: the stored language of
 * the page before would send `/` elsewhere, so everything stored but the consent is forgotten.
 */
async function forgetAllButConsent(page: Page, siteUrl: string) {
  if (!page.url().startsWith(siteUrl)) return;
  await page.evaluate(() => {
    const key = document.body?.dataset.consentKey;
    const choice = key ? localStorage.getItem(key) : null;
    localStorage.clear();
    sessionStorage.clear();
    if (key && choice !== null) localStorage.setItem(key, choice);
  });
}

/** Looks at one page at each of its planned widths, photographs it when planned. */
async function lookAt(
  page: Page,
  siteUrl: string,
  planned: PlannedPage,
  shotsDir: string | undefined,
): Promise<LookedAt> {
  const faults: SeenFault[] = [];
  const shots: LookedAt['shots'] = {};
  await page.setViewportSize({ width: planned.widths[0], height: viewportHeight });
  await forgetAllButConsent(page, siteUrl);
  await page.goto(`${siteUrl}${planned.page.path}`, { waitUntil: 'load' });
  await closeCookieBanner(page);
  await page.addStyleTag({ content: faultOutline });
  const probe = async (width: LayoutWidth, state: SeenFault['state']) => {
    await settle(page);
    const options: ProbeOptions = { mode: state === '200 % text' ? 'text-zoom' : 'reflow' };
    const found = await page.evaluate(probeLayout, options);
    faults.push(...found.map((fault) => ({ ...fault, width, state })));
  };
  const clearMarks = () =>
    page.evaluate(() =>
      document
        .querySelectorAll('[data-layout-fault]')
        .forEach((element) => element.removeAttribute('data-layout-fault')),
    );
  // The planned widths, and the photographed ones in order among them (they are not probed).
  const photographed: number[] = shotsDir && planned.screenshot ? Object.values(screenshotWidths) : [];
  const widths = [...new Set<number>([...planned.widths, ...photographed])].sort((a, b) => a - b);
  for (const width of widths) {
    await page.setViewportSize({ width, height: viewportHeight });
    await clearMarks();
    const probed = (planned.widths as number[]).includes(width);
    if (probed) await probe(width as LayoutWidth, 'menu closed');
    const shotName = (Object.keys(screenshotWidths) as (keyof typeof screenshotWidths)[]).find(
      (name) => screenshotWidths[name] === width,
    );
    if (photographed.includes(width) && shotName) {
      if (!probed) await settle(page);
      const file = path.join(shotsDir!, fileNameOf(planned.page.path, width));
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.screenshot({
        path: file,
        fullPage: true,
        clip: { x: 0, y: 0, width, height: Math.min(height, screenshotMaxHeight) },
        animations: 'disabled',
        caret: 'hide',
      });
      shots[shotName] = file;
    }
    if (!probed) continue;
    const toggle = await menuToggle(page);
    if (toggle) {
      await toggle.click();
      await probe(width as LayoutWidth, 'menu open');
      await toggle.click();
    }
    if (textZoomWidths.includes(width as LayoutWidth)) {
      // As a browser's text zoom does: the root font size, which every rem and em follows.
      await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
      await probe(width as LayoutWidth, '200 % text');
      await page.evaluate(() => document.documentElement.style.removeProperty('font-size'));
    }
  }
  return { planned, faults, shots };
}

/**
 * Looks at the planned pages with `workers` pages side by side, each in a browser lane of
 * its own (two cores: the browser lays out one page while the other is measured). A page too
 * slow to look at, or one that crashes its tab, is that page's fault; the lane goes on with a
 * fresh context.
 */
export async function lookAtPages(
  browser: Browser,
  siteUrl: string,
  plan: PlannedPage[],
  { shotsDir, workers = 2 }: { shotsDir?: string; workers?: number } = {},
): Promise<LookedAt[]> {
  const results: LookedAt[] = new Array(plan.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(workers, plan.length) }, async () => {
      const lane = await browserLane(
        browser,
        // The outline of failing elements is an inline style, which the site's CSP refuses.
        { bypassCSP: true, viewport: { width: layoutWidths[0], height: viewportHeight } },
        (context) => context.addInitScript(defineName),
        layoutPageSeconds,
      );
      try {
        for (let index = next++; index < plan.length; index = next++) {
          const planned = plan[index];
          const result = await lane.run((page) => lookAt(page, siteUrl, planned, shotsDir));
          results[index] =
            result.fault === undefined
              ? result.value
              : { planned, faults: [], shots: {}, fault: result.fault };
        }
      } finally {
        await lane.close();
      }
    }),
  );
  return results;
}

/**
 * One message per element and kind on a page, its widths together:
 * `320, 375 px: summary.menu-toggle "Menü öffnen": label wraps onto 2 lines (64 px tall)`.
 */
export function layoutProblems(looked: LookedAt[]): Problem[] {
  const problems: Problem[] = [];
  for (const { planned, faults, fault } of looked) {
    if (fault) problems.push({ severity: 'error', page: planned.page.path, message: fault });
    const groups = new Map<string, SeenFault[]>();
    for (const fault of faults) {
      const key = `${fault.kind} ${fault.selector} ${fault.state === '200 % text' ? 'zoom' : ''}`;
      groups.set(key, [...(groups.get(key) ?? []), fault]);
    }
    for (const group of groups.values()) {
      const worst = group.reduce((a, b) => (b.pixels > a.pixels ? b : a));
      const widths = [...new Set(group.map((fault) => fault.width))].sort((a, b) => a - b);
      // Named only when the fault shows in that state alone.
      const states = [...new Set(group.map((fault) => fault.state))];
      if (states.length > 1 || states[0] === 'menu closed') states.length = 0;
      problems.push({
        severity: 'error',
        page: planned.page.path,
        message: `${widths.join(', ')} px${states.length ? ` (${states.join(', ')})` : ''}: ${worst.selector}${worst.text ? ` "${worst.text}"` : ''}: ${worst.detail}`,
      });
    }
  }
  return problems;
}

export const gate: Gate = {
  name: 'layout',
  description:
    'every page type in every language at 320–1280 px: no sideways scroll, no overflow, controls whole, 24 px targets, 200 % text',
  async run({ dir, url, pages, browser, layout }: CheckContext) {
    const facts = await Promise.all(pages.map((page) => pageFacts(dir, page)));
    const plan = planLayout(facts);
    const looks = plan.reduce((sum, page) => sum + page.widths.length, 0);
    const summary = `${plural(plan.length, 'page')} of ${plural(new Set(plan.map((page) => page.type)).size, 'type')}, ${plural(looks, 'width')}`;
    if (!hasChromium()) return { problems: [], checked: 0, summary, skipped: installChromium };
    const reportDir = layout?.reportDir;
    const shotsDir = reportDir && path.join(reportDir, 'shots');
    if (reportDir) {
      // Only what the sheet writes is replaced: `--report` may name a folder that holds more.
      for (const written of ['index.html', 'shots', 'diff', 'accepted'])
        await rm(path.join(reportDir, written), { recursive: true, force: true });
      await mkdir(shotsDir!, { recursive: true });
    }
    const looked = await lookAtPages(await browser(), url, plan, { shotsDir });
    const problems = layoutProblems(looked);
    let comparisons = new Map<string, Comparison>();
    if (reportDir && layout) {
      if (layout.accept) {
        const count = await acceptScreenshots(shotsDir!, layout.baselineDir);
        problems.push({
          severity: 'info',
          message: `accepted ${plural(count, 'screenshot')} as the baseline in ${layout.baselineDir}`,
        });
      } else {
        comparisons = await compareAll(looked, layout.baselineDir, path.join(reportDir, 'diff'));
        for (const { planned, shots } of looked)
          for (const [name, file] of Object.entries(shots)) {
            const comparison = comparisons.get(path.basename(file));
            if (comparison?.changed)
              problems.push({
                severity: 'warning',
                page: planned.page.path,
                message: `${screenshotWidths[name as keyof typeof screenshotWidths]} px: rendering changed since the accepted baseline: ${(comparison.share * 100).toFixed(1)} % of the pixels differ (site check --accept keeps it)`,
              });
          }
      }
      await writeContactSheet(reportDir, sheetEntries(looked, comparisons, layout.baselineDir));
    }
    return { problems, checked: looks, summary };
  },
};

async function compareAll(looked: LookedAt[], baselineDir: string, diffDir: string) {
  const comparisons = new Map<string, Comparison>();
  for (const { shots } of looked)
    for (const file of Object.values(shots))
      comparisons.set(path.basename(file), await compareWithBaseline(file, baselineDir, diffDir));
  return comparisons;
}

function sheetEntries(
  looked: LookedAt[],
  comparisons: Map<string, Comparison>,
  baselineDir: string,
): SheetEntry[] {
  return looked
    .filter(({ planned }) => planned.screenshot)
    .map(({ planned, faults, shots }) => ({
      type: planned.type,
      language: planned.language,
      path: planned.page.path,
      faults: faults.length,
      shots: Object.entries(shots).map(([name, file]) => {
        const comparison = comparisons.get(path.basename(file));
        return {
          name,
          width: screenshotWidths[name as keyof typeof screenshotWidths],
          file,
          faults: faults.filter(
            (fault) => fault.width === screenshotWidths[name as keyof typeof screenshotWidths],
          ).length,
          changed: comparison?.changed
            ? {
                share: comparison.share,
                baseline: path.join(baselineDir, comparison.name),
                diff: comparison.diffFile!,
              }
            : undefined,
        };
      }),
    }));
}
