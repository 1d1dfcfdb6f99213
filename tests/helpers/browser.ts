/**
 * Browser tests drive Debian's Chromium through playwright-core against a build
 * of the real content served on 127.0.0.1. Without Chromium they are skipped
 * with a notice locally and fail under CI=true.
 */
import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';
import { desktopUserAgent, launchChromium } from '../../generator/check/browser.ts';
import { chromiumPath, hasChromium as hasChromiumInstalled } from '../../generator/check/tools.ts';
import { contentTypeOf } from '../../generator/preview/handlers.ts';
import { fileInRoot } from '../../generator/preview/paths.ts';
import { startPreviewServer, type PreviewServer } from '../../generator/preview/previewServer.ts';
import { browserEnvironment } from '../setup/browserServer.ts';
import { consentKeyFor } from '../../client/lib/consent.ts';
import { realLoadedContent } from './routeTable.ts';
import { copyRealContent, makeTempDir, runSite } from './site.ts';
import { sharedDist } from './sharedBuild.ts';

// One browser set-up for the tests and for `site check`'s browser gates.
export { desktopUserAgent } from '../../generator/check/browser.ts';
export const hasChromium = hasChromiumInstalled();

if (!hasChromium) {
  if (process.env.CI)
    throw new Error(
      `Chromium is required under CI but ${chromiumPath} does not exist; .ci/run installs it with apt-get.`,
    );
  console.warn(
    `\n  NOTICE: browser tests skipped: no Chromium at ${chromiumPath} (apt-get install -y chromium).\n`,
  );
}

export interface OpenOptions extends BrowserContextOptions {
  /** Consent stored before the page loads, so the banner stays out of the way; `null` leaves it unset. Default: essential. */
  consent?: 'all' | 'essential' | 'none' | null;
  /** Runs on the new page before it navigates: init scripts, routes, a fake clock. */
  setup?: (page: Page) => Promise<unknown>;
  /**
   * Use a browser with the back/forward cache on. Playwright turns it off by default so
   * that going back always reloads; the mobile menu's pageshow handling needs it on.
   */
  backForwardCache?: boolean;
}

/** Where the pages store the consent choice: a key made from the brand, as the build makes it. */
export const consentKey = consentKeyFor(realLoadedContent.site.brand);

export interface SiteUnderTest {
  url: string;
  /** The built folder the server serves. */
  dir: string;
  /** The run's shared Chromium: close the contexts you open in it, never the browser. */
  browser: Browser;
  /** A fresh context (empty storage) and page; analytics and every outside request fail in the browser's resolver (`chromiumArgs`). */
  open(path: string, options?: OpenOptions): Promise<Page>;
  /**
   * A context set up as `open` sets one up (consent, timeouts), without a page. Each
   * new context costs a busy machine about a second of CPU, a navigation of an open page
   * about half that: tests that need a fresh page but not fresh storage share one.
   */
  context(options?: Omit<OpenOptions, 'setup'>): Promise<BrowserContext>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Changes a private copy of the real content before the build (default: the real content as it is). */
  editContent?: (contentDir: string) => Promise<void>;
}

async function buildSite(workDir: string, { editContent }: StartOptions): Promise<string> {
  // The real content as it is: the run's one shared build.
  if (!editContent) return sharedDist();
  const outDir = path.join(workDir, 'dist');
  const contentArgs: string[] = [];
  if (editContent) {
    const contentDir = await copyRealContent(workDir);
    await editContent(contentDir);
    contentArgs.push('--content', contentDir);
  }
  const result = await runSite(['build', '--out', outDir, ...contentArgs]);
  if (result.code !== 0) throw new Error(`build failed: ${result.stderr}`);
  return outDir;
}

/** A browser of the test's own, with the shared one's environment (tests/setup/browserServer.ts). */
const launch = (options: Parameters<typeof launchChromium>[0] = {}) =>
  launchChromium({ env: browserEnvironment(inject('desktopLog')), ...options });

/** What the test browsers handed to the desktop so far (`xdg-email mailto:…`), a line each. */
export const handedToDesktop = async (): Promise<string[]> =>
  (await readFile(inject('desktopLog'), 'utf8')).split('\n').filter(Boolean);

/** The run's one Chromium (tests/setup/browserServer.ts); closing what this returns only disconnects. */
export const connectShared = (): Promise<Browser> => chromium.connect(inject('browserEndpoint'));

export async function startSite(options: StartOptions = {}): Promise<SiteUnderTest> {
  const workDir = await makeTempDir('browser');
  const outDir = await buildSite(workDir, options);
  const server: PreviewServer = await startPreviewServer({ dir: outDir, port: 0 });
  const browser = await connectShared();
  let cachingBrowser: Promise<Browser> | undefined;
  const contexts: BrowserContext[] = [];
  const newContext: SiteUnderTest['context'] = async ({
    consent = 'essential',
    backForwardCache = false,
    ...options
  } = {}) => {
    const owner = backForwardCache
      ? await (cachingBrowser ??= launch({ ignoreDefaultArgs: ['--disable-back-forward-cache'] }))
      : browser;
    const context = await owner.newContext({ userAgent: desktopUserAgent, locale: 'it-CH', ...options });
    contexts.push(context);
    // Generous: two busy cores run builds and browsers side by side.
    context.setDefaultTimeout(60_000);
    if (consent) {
      await context.addInitScript(
        ([key, value]) => {
          if (!localStorage.getItem(key)) localStorage.setItem(key, value);
        },
        [consentKey, consent] as const,
      );
    }
    return context;
  };
  return {
    url: server.url,
    dir: outDir,
    browser,
    context: newContext,
    async open(pagePath, { setup, ...options } = {}) {
      const context = await newContext(options);
      const page = await context.newPage();
      await setup?.(page);
      await page.goto(`${server.url}${pagePath}`);
      return page;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
      if (cachingBrowser) await (await cachingBrowser).close();
      await server.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

/**
 * Serves `dir` to `page` under `origin` the way a plain static host does (GitHub
 * Pages, a bucket): files and folder indexes, 404.html for the rest, no redirects,
 * no host rules. The host name never reaches DNS: the page's requests are answered here.
 */
export async function serveWithoutRules(page: Page, origin: string, dir: string): Promise<void> {
  await page.route(
    (url) => url.origin === origin,
    async (route) => {
      const { pathname } = new URL(route.request().url());
      const file = fileInRoot(
        dir,
        `${decodeURIComponent(pathname)}${pathname.endsWith('/') ? 'index.html' : ''}`,
      );
      const found = file !== undefined && (await stat(file).catch(() => null))?.isFile();
      const served = found ? file : path.join(dir, '404.html');
      await route.fulfill({
        status: found ? 200 : 404,
        contentType: contentTypeOf(served),
        body: await readFile(served),
      });
    },
  );
}
