/**
 * The layout gate on the run's build of the real content, in the run's shared Chromium: the home
 * page and the contact page (the header, the hero, a form and a map placeholder) in every language
 * at every width, menu closed and open, and at 200 % text, with nothing to report. The gate on every
 * page runs in `site check`; its planted faults are named in tests/generator/check/runner.test.ts.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutProblems, lookAtPages } from '../../../generator/check/layout.ts';
import { layoutWidths, pageFacts, planLayout } from '../../../generator/check/layoutPlan.ts';
import { htmlFiles } from '../../../generator/check/site.ts';
import { startPreviewServer, type PreviewServer } from '../../../generator/preview/server.ts';
import { connectShared, hasChromium } from '../../helpers/browser.ts';
import { sharedDist } from '../../helpers/sharedBuild.ts';

let server: PreviewServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  server = await startPreviewServer({ dir: sharedDist(), port: 0 });
  browser = await connectShared();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.skipIf(!hasChromium)('the layout gate on the real site', () => {
  it('finds nothing on the home and contact pages in every language at every width', async () => {
    const dir = sharedDist();
    const facts = await Promise.all((await htmlFiles(dir)).map((page) => pageFacts(dir, page)));
    const plan = planLayout(facts, true).filter((page) => ['home', 'contact'].includes(page.type));
    expect(new Set(plan.map((page) => page.language))).toEqual(new Set(['it', 'en', 'de', 'fr']));
    for (const page of plan) expect(page.widths).toEqual([...layoutWidths]);
    const looked = await lookAtPages(browser, server.url, plan);
    expect(layoutProblems(looked)).toEqual([]);
  }, 300_000);
});
