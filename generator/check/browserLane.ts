/**
 * One browser context and one tab that a browser gate moves from page to page,
 * within the limits of pageLimits.ts: each page's work has a time limit, a page
 * that goes over it (a script that loops forever) or crashes the tab is a fault of
 * that page, and the lane then starts a fresh context, as it does after a page that
 * left the tab holding too much memory. The other pages are checked as before.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { isolatedContext } from './browser.ts';
import {
  contextMemoryLimits,
  pageCheckSeconds,
  pageFaultOf,
  pageLoadSeconds,
  withinTime,
} from './pageLimits.ts';

export type LaneResult<T> = { value: T; fault?: undefined } | { fault: string; value?: undefined };

export interface BrowserLane {
  /** `work` on the lane's tab for one page: its value, or the page's fault in words. A bug still throws. */
  run<T>(work: (page: Page) => Promise<T>): Promise<LaneResult<T>>;
  /** How many times the lane started a fresh context after a page. */
  readonly renewals: number;
  close(): Promise<void>;
}

/** Whether the tab holds more than a context should keep after a page: a large heap or DOM. */
async function holdsTooMuch(context: BrowserContext, page: Page): Promise<boolean> {
  const session = await context.newCDPSession(page);
  try {
    await session.send('Performance.enable');
    const { metrics } = await session.send('Performance.getMetrics');
    const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value ?? 0;
    return (
      metric('JSHeapUsedSize') > contextMemoryLimits.heapBytes ||
      metric('Nodes') > contextMemoryLimits.domNodes
    );
  } finally {
    await session.detach().catch(() => {});
  }
}

/**
 * A lane with contexts made with `options`; `onContext` is told of each new context
 * before its tab opens (a gate that listens to its requests subscribes there, the
 * layout gate adds its init script). `checkSeconds` is the time for one page's work.
 */
export async function browserLane(
  browser: Browser,
  options: BrowserContextOptions = {},
  onContext?: (context: BrowserContext) => unknown,
  checkSeconds = pageCheckSeconds,
): Promise<BrowserLane> {
  let context: BrowserContext;
  let page: Page;
  let renewals = 0;
  const open = async () => {
    context = await isolatedContext(browser, options);
    context.setDefaultNavigationTimeout(pageLoadSeconds * 1000);
    await onContext?.(context);
    page = await context.newPage();
  };
  // Closing the context ends its renderer, also one stuck in a script that never returns.
  const renew = async () => {
    renewals++;
    await withinTime(context.close(), 10, 'close').catch(() => {});
    await open();
  };
  await open();
  return {
    async run(work) {
      try {
        const value = await withinTime(work(page), checkSeconds, 'load and check');
        const heavy = await withinTime(holdsTooMuch(context, page), 10, 'measure').catch(() => true);
        if (heavy) await renew();
        return { value };
      } catch (error) {
        const fault = pageFaultOf(error);
        await renew();
        if (!fault) throw error;
        return { fault: fault.message };
      }
    },
    get renewals() {
      return renewals;
    },
    close: () => withinTime(context.close(), 10, 'close').catch(() => {}),
  };
}
