/**
 * `site dev` in a real browser: an open page reloads by itself after a save, at
 * the same scroll position, swaps an edited stylesheet without reloading, reloads
 * with the new template code after a template edit, shows the overlay when the
 * content breaks and loses it when the content is fixed, all under the production
 * Content-Security-Policy. The server runs over a private copy of the project.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectShared, consentKey, desktopUserAgent, hasChromium } from '../helpers/browser.ts';
import { startDevInProject, type DevInProject } from '../helpers/dev.ts';
import { realRouteTable } from '../helpers/routeTable.ts';
import { withRoamingDataAsNumber } from '../helpers/editedContent.ts';

let dev: DevInProject;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  [dev, browser] = await Promise.all([startDevInProject(), connectShared()]);
}, 600_000);

afterAll(async () => {
  // Disconnects from the run's shared Chromium, closing this file's contexts.
  await browser?.close();
  await dev?.stop();
});

async function open(pagePath: string): Promise<{ page: Page; violations: string[] }> {
  const context = await browser.newContext({ userAgent: desktopUserAgent, locale: 'en-GB' });
  // Generous: two busy cores rebuild and render side by side.
  context.setDefaultTimeout(120_000);
  await context.addInitScript((key) => localStorage.setItem(key, 'essential'), consentKey);
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`${dev.url}${pagePath}`);
  return { page, violations };
}

async function edit(file: string, change: (text: string) => string, folder = dev.contentDir) {
  const target = path.join(folder, file);
  const before = await readFile(target, 'utf8');
  const after = change(before);
  expect(after).not.toBe(before);
  await writeFile(target, after);
}

describe.skipIf(!hasChromium)('site dev in the browser', () => {
  it('reloads an open page after a save, keeping its scroll position', async () => {
    const { page, violations } = await open(realRouteTable.pathOf('about', 'en'));
    // The live script is connected once the server has sent it the current problems (none).
    await page.waitForFunction(() => document.querySelector('script[data-site-dev]') !== null);
    await dev.settled();
    await page.evaluate(() => window.scrollTo(0, 600));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    // The page's visible subtitle, whatever its words, gets one sentence more.
    await edit('texts/en/about.yaml', (text) =>
      text.replace(/^(\s+subtitle: ".*)"$/m, '$1 Edited live in the browser test."'),
    );
    await page
      .getByText(/Edited live in the browser test\./)
      .first()
      .waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBeUndefined();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 5, scrolled);
    expect(violations).toEqual([]);
    await page.context().close();
  }, 600_000);

  it('shows the overlay with the file and line over the last good page, and removes it once fixed', async () => {
    const { page, violations } = await open(realRouteTable.pathOf('subscriptions', 'en'));
    await dev.settled();
    const heading = await page.locator('h1').first().textContent();
    // The first roaming data allowance, whatever it is today, becomes a number (a text is required).
    let allowance = '';
    await edit('plans.yaml', (plans) => {
      const broken = withRoamingDataAsNumber(plans);
      allowance = broken.allowance;
      return broken.text;
    });
    const overlay = page.locator('site-dev-overlay');
    await overlay.getByText(/plans\.yaml:\d+:\d+/).waitFor();
    await expect(overlay.getByText(/plans\[\d\]\.roaming\.europe\.data/).isVisible()).resolves.toBe(true);
    await expect(overlay.locator('.problem-line').textContent()).resolves.toMatch(/data: 42/);
    await expect(overlay.locator('.marker').textContent()).resolves.toMatch(/\^/);
    // The last good page is still underneath.
    expect(await page.locator('h1').first().textContent()).toBe(heading);

    await edit('plans.yaml', (text) => text.replace(/^(\s+data: )42$/m, `$1${allowance}`));
    await overlay.waitFor({ state: 'detached' });
    expect(violations).toEqual([]);
    await page.context().close();
  }, 600_000);

  it('swaps an edited stylesheet in place without reloading the page', async () => {
    const { page, violations } = await open(realRouteTable.pathOf('about', 'en'));
    await dev.settled();
    const before = await page.locator('link[rel="stylesheet"][href^="/assets/"]').getAttribute('href');
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await edit('styles.css', (text) => `${text}\nbody { outline: 3px solid rgb(1, 2, 3); }\n`, dev.clientDir);
    // The new stylesheet applies, and the old one is gone once the new one has loaded.
    await page.waitForFunction(
      () =>
        getComputedStyle(document.body).outlineColor === 'rgb(1, 2, 3)' &&
        document.querySelectorAll('link[rel="stylesheet"][href^="/assets/"]').length === 1,
    );
    // A second save whose stylesheet arrives while the first one's is still loading (stylesheets
    // are held back 300 ms here): the second one's is the one that stays.
    await page.route('**/assets/*.css', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await edit('styles.css', (text) => `${text}\nbody { outline-color: rgb(4, 5, 6); }\n`, dev.clientDir);
    await page.waitForFunction(
      () => document.querySelectorAll('link[rel="stylesheet"][href^="/assets/"]').length === 2,
    );
    await edit('styles.css', (text) => text.replace('rgb(4, 5, 6)', 'rgb(7, 8, 9)'), dev.clientDir);
    await page.waitForFunction(
      () =>
        getComputedStyle(document.body).outlineColor === 'rgb(7, 8, 9)' &&
        document.querySelectorAll('link[rel="stylesheet"][href^="/assets/"]').length === 1,
    );
    await dev.settled();
    expect(await page.evaluate(() => getComputedStyle(document.body).outlineColor)).toBe('rgb(7, 8, 9)');
    const links = await page
      .locator('link[rel="stylesheet"][href^="/assets/"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')));
    expect(links).toHaveLength(1);
    expect(links[0]).not.toBe(before);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    expect(violations).toEqual([]);
    await page.context().close();
  }, 600_000);

  it('reloads the page with the new template code after a template edit', async () => {
    const { page, violations } = await open('/de/');
    await dev.settled();
    await edit(
      'Footer.tsx',
      (text) =>
        text.replace('<footer className="site-footer"', '<footer data-edited="yes" className="site-footer"'),
      dev.templatesDir,
    );
    await page.locator('footer[data-edited="yes"]').waitFor({ state: 'attached' });
    expect(violations).toEqual([]);
    await page.context().close();
  }, 600_000);
});
