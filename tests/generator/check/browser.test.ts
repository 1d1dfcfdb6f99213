/**
 * readToTheBottom, the reader the privacy gate and the third-parties test share: on a page many
 * screens tall it scrolls to the bottom, so what loads there is requested, and waits until the
 * network has been quiet for half a second after that, so a request a script starts a moment
 * after the reader arrived still counts; and it says when a page never settles.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedContext, readToTheBottom } from '../../../generator/check/browser.ts';
import { startPreviewServer, type PreviewServer } from '../../../generator/preview/previewServer.ts';
import { connectShared, hasChromium } from '../../helpers/browser.ts';
import { makeTempDir } from '../../helpers/site.ts';

/** Thirty screens of nothing, then a lazy image and, 200 ms after the reader reaches it, a script's request. */
const tallPage = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Tall</title></head>
<body><div style="height: 3000vh"></div>
<img src="https://lazy.example.net/bottom.gif" loading="lazy" width="1" height="1" alt="">
<script>
  addEventListener('scroll', function once() {
    if (scrollY + innerHeight < document.documentElement.scrollHeight - 1) return;
    removeEventListener('scroll', once);
    setTimeout(() => fetch('https://late.example.net/beacon').catch(() => {}), 200);
  });
</script>
</body></html>`;

/** A page that asks for something every 100 ms, for ever. */
const restlessPage = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Restless</title></head>
<body><p>Busy.</p><script>setInterval(() => fetch('/tall/?' + Date.now()), 100);</script></body></html>`;

let dir: string;
let server: PreviewServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  if (!hasChromium) return;
  dir = await makeTempDir('reader');
  for (const [file, html] of Object.entries({
    'tall/index.html': tallPage,
    'restless/index.html': restlessPage,
  })) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), html);
  }
  server = await startPreviewServer({ dir, port: 0 });
  browser = await connectShared();
  context = await isolatedContext(browser);
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!hasChromium)('readToTheBottom', () => {
  it('requests what waits at the bottom, and what a script starts a moment after the reader got there', async () => {
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${server.url}/tall/`);
    expect(requests).not.toContain('https://lazy.example.net/bottom.gif');
    expect(await readToTheBottom(page)).toBe(true);
    // Read at once: what comes after the reader returned would not count in a gate.
    expect([...requests]).toEqual(
      expect.arrayContaining(['https://lazy.example.net/bottom.gif', 'https://late.example.net/beacon']),
    );
    await page.close();
  }, 60_000);

  it('says when a page never settles', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/restless/`);
    expect(await readToTheBottom(page, 1_500)).toBe(false);
    await page.close();
  }, 60_000);
});
