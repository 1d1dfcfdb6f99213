/**
 * Browser tests drive Debian's Chromium through playwright-core against a build
 * of the real content served on 127.0.0.1. Without Chromium they are skipped
 * with a notice locally and fail under CI=true.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { startPreviewServer, type PreviewServer } from '../../generator/preview.ts';
import { makeTempDir, runSite } from './site.ts';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);

if (!hasChromium) {
  if (process.env.CI) throw new Error(`Chromium is required under CI but ${chromiumPath} does not exist; .ci/run installs it with apt-get.`);
  console.warn(`\n  NOTICE: browser tests skipped: no Chromium at ${chromiumPath} (apt-get install -y chromium).\n`);
}

export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** A desktop browser user agent without "Headless", so nothing is mistaken for a bot. */
export const desktopUserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

export interface OpenOptions extends BrowserContextOptions {
  /** Consent stored before the page loads, so the banner stays out of the way; `null` leaves it unset. Default: essential. */
  consent?: 'all' | 'essential' | 'none' | null;
}

export const consentKey = 'example-mobile-cookie-consent';

export interface SiteUnderTest {
  url: string;
  browser: Browser;
  /** A fresh context (empty storage) and page; analytics and every outside request are answered locally. */
  open(path: string, options?: OpenOptions): Promise<Page>;
  close(): Promise<void>;
}

export async function startSite(): Promise<SiteUnderTest> {
  const workDir = await makeTempDir('browser');
  const outDir = path.join(workDir, 'dist');
  const result = await runSite(['build', '--out', outDir]);
  if (result.code !== 0) throw new Error(`build failed: ${result.stderr}`);
  const server: PreviewServer = await startPreviewServer({ dir: outDir, port: 0 });
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  const contexts: { close(): Promise<void> }[] = [];
  return {
    url: server.url,
    browser,
    async open(pagePath, { consent = 'essential', ...options } = {}) {
      const context = await browser.newContext({ userAgent: desktopUserAgent, locale: 'it-CH', ...options });
      contexts.push(context);
      // Generous: two busy cores run builds and browsers side by side.
      context.setDefaultTimeout(15_000);
      if (consent) {
        await context.addInitScript(([key, value]) => {
          if (!localStorage.getItem(key)) localStorage.setItem(key, value);
        }, [consentKey, consent] as const);
      }
      // No test reaches the internet: anything not served by the preview server gets an empty answer.
      // Frames (the maps) get an empty page, since a 204 would leave their navigation pending.
      await context.route(
        (url) => !url.href.startsWith(server.url),
        (route) => (route.request().resourceType() === 'document' ? route.fulfill({ status: 200, contentType: 'text/html', body: '' }) : route.fulfill({ status: 204, body: '' })),
      );
      const page = await context.newPage();
      await page.goto(`${server.url}${pagePath}`);
      return page;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
      await server.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
