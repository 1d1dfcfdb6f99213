/**
 * The layout probe in real Chromium on tiny pages set straight into a tab: each fault it finds,
 * with its selector, size in pixels and words, and nothing on a page that fits.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeLayout, type LayoutFault, type ProbeOptions } from '../../../generator/check/layoutProbe.ts';
import { connectShared, hasChromium } from '../../helpers/browser.ts';

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  if (!hasChromium) return;
  browser = await connectShared();
  context = await browser.newContext({ viewport: { width: 320, height: 640 } });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** The faults the probe finds in this body, at 320 px wide. */
async function probe(
  body: string,
  mode: ProbeOptions['mode'] = 'reflow',
  width = 320,
): Promise<LayoutFault[]> {
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width, height: 640 });
    await page.setContent(
      `<!DOCTYPE html><html lang="en"><head><meta name="viewport" content="width=device-width"><style>body{margin:0;font:1rem/1.5 sans-serif}</style></head><body>${body}</body></html>`,
    );
    // tsx wraps named functions in `__name`, which the page lacks (the layout gate does the same).
    await page.evaluate('globalThis.__name ??= (fn) => fn;');
    if (mode === 'text-zoom') await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    return await page.evaluate(probeLayout, { mode });
  } finally {
    await page.close();
  }
}

describe.skipIf(!hasChromium)('the layout probe', () => {
  it('finds nothing on a page that fits the screen', async () => {
    expect(
      await probe('<main><h1>Plans</h1><p>Short text.</p><button style="padding:12px">Order</button></main>'),
    ).toEqual([]);
  });

  it('names what makes the page scroll sideways, and by how many pixels', async () => {
    const faults = await probe('<main><div class="wide" style="width:400px">Too wide</div></main>');
    expect(faults).toContainEqual(
      expect.objectContaining({
        kind: 'sideways-scroll',
        pixels: 80,
        detail: expect.stringMatching(
          /^the page scrolls sideways: 80 px wider than the screen, from div\.wide "Too wide"/,
        ),
      }),
    );
  });

  it('names pointer targets under 24 × 24 px that crowd each other', async () => {
    const faults = await probe(
      '<button id="a" style="all:unset;display:inline-block;width:16px;height:16px">a</button><button id="b" style="all:unset;display:inline-block;width:16px;height:16px">b</button>',
    );
    expect(faults.filter((fault) => fault.kind === 'small-target')).toEqual([
      {
        kind: 'small-target',
        selector: 'button#a',
        text: 'a',
        pixels: 8,
        detail: 'pointer target 16 × 16 px, under 24 × 24 px and too close to button#b "b"',
      },
      {
        kind: 'small-target',
        selector: 'button#b',
        text: 'b',
        pixels: 8,
        detail: 'pointer target 16 × 16 px, under 24 × 24 px and too close to button#a "a"',
      },
    ]);
  });

  it('lets a small target pass when it has room around it', async () => {
    const faults = await probe(
      '<button style="all:unset;display:inline-block;width:16px;height:16px">a</button><p style="margin:40px 0">text</p><button style="all:unset;display:inline-block;width:16px;height:16px">b</button>',
    );
    expect(faults.filter((fault) => fault.kind === 'small-target')).toEqual([]);
  });

  it('names a grid of cards in rows of three and one', async () => {
    const faults = await probe(
      '<ul class="cards" style="display:grid;grid-template-columns:repeat(3,1fr);list-style:none;padding:0;margin:0"><li>1</li><li>2</li><li>3</li><li>4</li></ul>',
    );
    expect(faults).toContainEqual(
      expect.objectContaining({
        kind: 'uneven-rows',
        selector: 'ul.cards',
        pixels: 2,
        detail: 'its cards sit 3 + 1 a row: a row of 1 next to a row of 3',
      }),
    );
  });

  it('names a box that scrolls sideways without a label and a keyboard stop', async () => {
    const faults = await probe(
      '<div class="table" style="overflow-x:auto"><div style="width:500px">wide table</div></div>',
    );
    expect(faults).toContainEqual(
      expect.objectContaining({
        kind: 'scroll-container',
        selector: 'div.table',
        detail:
          'scrolls sideways by 180 px but is not reachable by keyboard (tabindex="0") and not labelled (aria-label)',
      }),
    );
  });

  it('at 200 % text size names text its box cuts off', async () => {
    const faults = await probe(
      '<p class="teaser" style="height:24px;overflow:hidden;margin:0">Cut off at twice the size</p>',
      'text-zoom',
      1280,
    );
    expect(faults).toContainEqual(
      expect.objectContaining({
        kind: 'text-clipped',
        selector: 'p.teaser',
        pixels: 24,
        detail: 'text cut off by 24 px at 200 % text size',
      }),
    );
  });
});
