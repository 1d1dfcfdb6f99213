/**
 * The accepted look: screenshots of two small pages kept as the baseline, compared with a second
 * set from the same pages (nothing changed) and with a third after one page's heading grew (that
 * page alone changed, with a diff image).
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptScreenshots, compareWithBaseline } from '../../../generator/check/baseline.ts';
import { lookAtPages } from '../../../generator/check/layout.ts';
import { pageFacts, planLayout } from '../../../generator/check/layoutPlan.ts';
import { htmlFiles } from '../../../generator/check/site.ts';
import { startPreviewServer, type PreviewServer } from '../../../generator/preview/previewServer.ts';
import { connectShared, hasChromium } from '../../helpers/browser.ts';
import { makeTempDir } from '../../helpers/site.ts';

const pageIn = (lang: string, heading: string) => `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Page</title></head>
<body data-page="home"><main><h1>${heading}</h1><p>Text.</p></main></body></html>`;

let workDir: string;
let site: string;
let server: PreviewServer;
let browser: Browser;

/** Photographs the site's pages into `into`: the screenshot files by page path. */
async function photograph(into: string): Promise<Map<string, string[]>> {
  await mkdir(into, { recursive: true });
  const facts = await Promise.all((await htmlFiles(site)).map((page) => pageFacts(site, page)));
  const looked = await lookAtPages(browser, server.url, planLayout(facts), { shotsDir: into });
  return new Map(looked.map(({ planned, shots }) => [planned.page.path, Object.values(shots)]));
}

async function changedPages(shots: Map<string, string[]>, baseline: string, diffDir: string) {
  const changed: string[] = [];
  for (const [pagePath, files] of shots)
    for (const file of files)
      if ((await compareWithBaseline(file, baseline, diffDir)).changed) changed.push(pagePath);
  return [...new Set(changed)];
}

beforeAll(async () => {
  if (!hasChromium) return;
  workDir = await makeTempDir('baseline');
  site = path.join(workDir, 'site');
  await mkdir(path.join(site, 'en'), { recursive: true });
  await writeFile(path.join(site, 'index.html'), pageIn('it', 'Telefonia mobile'));
  await writeFile(path.join(site, 'en/index.html'), pageIn('en', 'Mobile communications'));
  server = await startPreviewServer({ dir: site, port: 0 });
  browser = await connectShared();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe.skipIf(!hasChromium)('the accepted baseline', () => {
  it('reports nothing for the same pages and the one page whose heading grew', async () => {
    const baseline = path.join(workDir, 'baseline');
    const accepted = await photograph(path.join(workDir, 'first'));
    expect(await acceptScreenshots(path.join(workDir, 'first'), baseline)).toBe(4);
    expect((await readdir(baseline)).sort()).toEqual([
      'en-1280.png',
      'en-375.png',
      'index-1280.png',
      'index-375.png',
    ]);
    expect(accepted.size).toBe(2);

    const again = await photograph(path.join(workDir, 'again'));
    expect(await changedPages(again, baseline, path.join(workDir, 'diff-again'))).toEqual([]);

    await writeFile(
      path.join(site, 'en/index.html'),
      pageIn('en', 'Mobile communications that work for your whole business, every day'),
    );
    const diffDir = path.join(workDir, 'diff');
    const changed = await photograph(path.join(workDir, 'changed'));
    expect(await changedPages(changed, baseline, diffDir)).toEqual(['/en/']);
    expect((await readdir(diffDir)).sort()).toEqual(['en-1280.png', 'en-375.png']);

    const comparison = await compareWithBaseline(changed.get('/en/')![0], baseline, diffDir);
    expect(comparison).toMatchObject({ name: 'en-375.png', changed: true });
    expect(comparison.share).toBeGreaterThan(0);
    expect(path.dirname(comparison.diffFile!)).toBe(diffDir);
  }, 300_000);
});
