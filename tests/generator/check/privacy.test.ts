/**
 * The privacy gate in the shared Chromium on a tiny site: what each page requests from other
 * origins before consent, a lazy image at the bottom included, each page as a first visit.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gate, requestsBeforeConsent } from '../../../generator/check/privacy.ts';
import { serveSite, type ServedSite } from '../../../generator/check/site.ts';
import type { CheckContext } from '../../../generator/check/types.ts';
import { connectShared, hasChromium } from '../../helpers/browser.ts';
import { makeTempDir } from '../../helpers/site.ts';

const html = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`;

/** A page that asks nothing of other origins, one with a tracking pixel, one with a lazy image far down, and a pair that tests a first visit. */
const files: Record<string, string> = {
  'clean/index.html': html('<p>Nothing from elsewhere.</p><img src="/own.svg" alt="">'),
  'own.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'pixel/index.html': html('<img src="https://tracker.example.net/pixel.gif" alt="">'),
  'lazy/index.html': html(
    '<div style="height:6000px">Long page</div><img loading="lazy" src="https://lazy.example.net/below.png" alt="">',
  ),
  // Remembers consent, as the banner would after a click; the next page asks elsewhere only with it.
  'consents/index.html': html("<script>localStorage.setItem('consent', 'yes')</script>"),
  'consents-and-asks/index.html': html(
    "<script>localStorage.setItem('consent', 'yes'); if (localStorage.getItem('consent')) new Image().src = 'https://after.example.net/x.gif'</script>",
  ),
  'after-consent/index.html': html(
    "<script>if (localStorage.getItem('consent')) new Image().src = 'https://after.example.net/x.gif'</script>",
  ),
};

let browser: Browser;
let served: ServedSite;

beforeAll(async () => {
  const dir = await makeTempDir('privacy-gate');
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  served = await serveSite(dir);
  if (hasChromium) browser = await connectShared();
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

describe.skipIf(!hasChromium)('the privacy gate', () => {
  it('lists each page’s requests to other origins, in page order, the lazy one below the first screen too', async () => {
    const found = await requestsBeforeConsent(browser, served.url, ['/clean/', '/pixel/', '/lazy/'], 2);
    expect(found).toEqual([
      { requests: [] },
      { requests: ['https://tracker.example.net/pixel.gif'] },
      { requests: ['https://lazy.example.net/below.png'] },
    ]);
  });

  it('checks each page as a first visit: what an earlier page stored is forgotten', async () => {
    const found = await requestsBeforeConsent(
      browser,
      served.url,
      ['/consents-and-asks/', '/consents/', '/after-consent/'],
      1,
    );
    // The first page shows the script asks once consent is stored; the last page, after another stored it, does not.
    expect(found).toEqual([
      { requests: ['https://after.example.net/x.gif'] },
      { requests: [] },
      { requests: [] },
    ]);
  });

  it('reports each request as an error on its page', async () => {
    const context = {
      url: served.url,
      pages: ['/clean/', '/pixel/'].map((pagePath) => ({
        path: pagePath,
        file: `${pagePath.slice(1)}index.html`,
      })),
      browser: async () => browser,
    };
    expect(await gate.run(context as unknown as CheckContext)).toEqual({
      problems: [
        {
          severity: 'error',
          page: '/pixel/',
          message: 'requests https://tracker.example.net/pixel.gif before consent',
        },
      ],
      checked: 2,
      summary: '2 pages',
    });
  });
});
