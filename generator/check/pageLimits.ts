/**
 * What `site check` gives one page at most, so that no page can stop the check: a
 * size (a larger HTML file is not opened by any gate), a time to load and a time
 * to be checked in the browser, and the memory its browser context may hold before
 * it is replaced. A page over a limit is a failure of that page, in words, and the
 * gates go on with the other pages.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Problem, SitePage } from './types.ts';

/** A page's HTML file, raw bytes. The budget gate's HTML limit is 30 KB gzip; this is the size beyond which no gate reads a page at all. */
export const maxPageBytes = 5 * 1024 * 1024;
/**
 * The tests' hostile-page check waits out each time limit; it sets this variable to shorter
 * times so that it proves the limits in seconds rather than minutes. `site check` has no option
 * for it, and the docs name it only for the tests: a real check keeps the times below.
 */
export const testPageSecondsVariable = 'SITE_TEST_PAGE_LOAD_SECONDS';
const testLoadSeconds = Number(process.env[testPageSecondsVariable]) || undefined;

/** Time for a page to load in the browser (its `load` event). */
export const pageLoadSeconds = testLoadSeconds ?? 30;
/** Time for everything a browser gate does with one page: loading it, reading it to the bottom, running axe. */
export const pageCheckSeconds = pageLoadSeconds * 1.5;
/** Time for the layout gate's look at one page: up to five widths in three states, and two screenshots. */
export const layoutPageSeconds = pageLoadSeconds * 3;
/** After a page whose JavaScript heap or DOM grew beyond these, the gate's browser context is replaced. */
export const contextMemoryLimits = { heapBytes: 256 * 1024 * 1024, domNodes: 50_000 } as const;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A page over `maxPageBytes`, as the failure the check reports. */
export interface OversizedPage {
  page: SitePage;
  bytes: number;
}

/** The pages within the size limit, and those over it. */
export async function splitBySize(
  dir: string,
  files: SitePage[],
): Promise<{ within: SitePage[]; oversized: OversizedPage[] }> {
  const within: SitePage[] = [];
  const oversized: OversizedPage[] = [];
  for (const page of files) {
    const bytes = (await stat(path.join(dir, page.file))).size;
    if (bytes > maxPageBytes) oversized.push({ page, bytes });
    else within.push(page);
  }
  return { within, oversized };
}

export function oversizedProblem({ page, bytes }: OversizedPage): Problem {
  return {
    severity: 'error',
    page: page.path,
    message: `is ${megabytes(bytes)}; the budget is ${megabytes(maxPageBytes)} of HTML per page, so no gate checked it`,
  };
}

/** A page's own fault (too slow, crashed its tab): reported as a problem of that page, never as a stack trace. */
export class PageFault extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageFault';
  }
}

/**
 * `work`, or a PageFault once `seconds` have passed (`what` completes "took longer than
 * 60 s to …"). The work itself is not stopped: the caller throws away what it ran in.
 */
export async function withinTime<T>(work: Promise<T>, seconds: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PageFault(`took longer than ${seconds} s to ${what}`)),
      seconds * 1000,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
    // A rejection of the abandoned work is expected (its context is closed) and not a failure of its own.
    work.catch(() => {});
  }
}

/** A browser error of a page (Playwright's timeout, a crashed tab) in the words of the report. */
export function pageFaultOf(error: unknown): PageFault | undefined {
  if (error instanceof PageFault) return error;
  if (!(error instanceof Error)) return undefined;
  if (error.name === 'TimeoutError') {
    if (/page\.goto|navigation|waitForLoadState/i.test(error.message))
      return new PageFault(`took longer than ${pageLoadSeconds} s to load`);
    return new PageFault(`did not settle in time (${error.message.split('\n')[0]})`);
  }
  if (/Target (page, context or browser )?(has been )?closed|crashed|Page closed/i.test(error.message))
    return new PageFault('crashed the browser tab or was closed while being checked');
  return undefined;
}
