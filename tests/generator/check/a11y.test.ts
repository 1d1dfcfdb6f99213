/**
 * The a11y gate's checker on three small pages: the open cookie banner is checked once per
 * banner it has not seen (its markup and what surrounds it), and what it finds there is still
 * reported on every page that shows that banner; a banner that differs is checked on its own.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityChecker, type AccessibilityChecker } from '../../../generator/check/a11y.ts';
import { startPreviewServer, type PreviewServer } from '../../../generator/preview/previewServer.ts';
import { connectShared, hasChromium } from '../../helpers/browser.ts';
import { makeTempDir } from '../../helpers/site.ts';

/** A page whose banner shows at once and closes on its "essential" button; `bannerButton` is its other button. */
const pageWith = (lang: string, bannerButton: string) => `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><title>Page</title></head>
<body><main><h1>Page</h1><p>Text.</p></main>
<section data-cookie-banner aria-label="Cookies"><p>Cookies.</p>${bannerButton}
<button type="button" data-consent="essential" onclick="this.parentElement.hidden = true">Essential only</button></section>
</body></html>`;

/** A button with no name: axe's `button-name`. */
const unnamedButton = '<button type="button"></button>';

let dir: string;
let server: PreviewServer;
let browser: Browser;
let checker: AccessibilityChecker;

beforeAll(async () => {
  if (!hasChromium) return;
  dir = await makeTempDir('a11y');
  const pages: Record<string, string> = {
    'index.html': pageWith('it', unnamedButton),
    'altra/index.html': pageWith('it', unnamedButton),
    'en/index.html': pageWith('en', `<a href="/en/">${'<span></span>'}</a>`),
  };
  for (const [file, html] of Object.entries(pages)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), html);
  }
  server = await startPreviewServer({ dir, port: 0 });
  browser = await connectShared();
  checker = await accessibilityChecker(browser, server.url, 'phone');
}, 120_000);
afterAll(async () => {
  await checker?.close();
  await browser?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!hasChromium)('a11y checker', () => {
  it('reports the open banner’s violation on each page that shows that banner', async () => {
    for (const pagePath of ['/', '/altra/']) {
      expect(await checker.check(pagePath), pagePath).toEqual([
        expect.stringMatching(/^button-name \(critical, phone, cookie banner open\): /),
      ]);
    }
  }, 120_000);

  it('checks a banner that differs on its own', async () => {
    expect(await checker.check('/en/')).toEqual([
      expect.stringMatching(/^link-name \(serious, phone, cookie banner open\): /),
    ]);
  }, 120_000);
});
