/**
 * A browser lane keeps one page's trouble to that page, in real Chromium: a page that left
 * more DOM than the memory limit allows is followed by a fresh context, a script that never
 * ends is that page's fault after the lane's time and the next page runs as before, and a
 * bug in the gate's own code still throws.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserLane } from '../../../generator/check/browserLane.ts';
import { contextMemoryLimits } from '../../../generator/check/pageLimits.ts';
import { connectShared, hasChromium } from '../../helpers/browser.ts';

let browser: Browser;

beforeAll(async () => {
  if (hasChromium) browser = await connectShared();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!hasChromium)('browser lane', () => {
  it('gives the next page a fresh context after a page that holds more DOM than the limit', async () => {
    const lane = await browserLane(browser);
    try {
      const small = await lane.run(async (page) => {
        await page.setContent('<p>A small page.</p>');
        return page.context();
      });
      expect(lane.renewals).toBe(0);
      const heavy = await lane.run(async (page) => {
        await page.setContent('<p>A page that grows.</p>');
        await page.evaluate((count) => {
          const holder = document.createElement('div');
          for (let index = 0; index < count; index++) holder.append(document.createElement('span'));
          document.body.append(holder);
        }, contextMemoryLimits.domNodes + 1_000);
        return page.context();
      });
      // The heavy page ran in the small page's context; the lane replaced it only afterwards.
      expect(heavy.value).toBe(small.value);
      expect(lane.renewals).toBe(1);
      const next = await lane.run(async (page) => page.context());
      expect(next.value).toBeDefined();
      expect(next.value).not.toBe(heavy.value as BrowserContext);
      expect(lane.renewals).toBe(1);
    } finally {
      await lane.close();
    }
  });

  it('names a page whose script never ends as its own fault, and checks the next page in a fresh context', async () => {
    const lane = await browserLane(browser, {}, undefined, 1);
    try {
      const looping = await lane.run(async (page) => {
        await page.setContent('<p>Loops.</p>');
        await page.evaluate(() => {
          for (;;) {
            // A script that never returns.
          }
        });
      });
      expect(looping.fault).toBe('took longer than 1 s to load and check');
      expect(lane.renewals).toBe(1);
      const after = await lane.run(async (page) => {
        await page.setContent('<h1>After</h1>');
        return page.textContent('h1');
      });
      expect(after).toEqual({ value: 'After' });
    } finally {
      await lane.close();
    }
  });

  it("lets a bug in the gate's own code throw, and still goes on with a fresh context", async () => {
    const lane = await browserLane(browser);
    try {
      await expect(
        lane.run(async () => {
          throw new TypeError('a gate bug');
        }),
      ).rejects.toThrow('a gate bug');
      expect(lane.renewals).toBe(1);
      expect(await lane.run(async (page) => page.evaluate(() => 6 * 7))).toEqual({ value: 42 });
    } finally {
      await lane.close();
    }
  });
});
