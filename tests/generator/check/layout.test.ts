/**
 * The layout gate on the run's build of the real content, in the run's shared Chromium: the home
 * page and the contact page (the header, the hero, a form and a map placeholder) in every language
 * at every width, menu closed and open, and at 200 % text, with nothing to report. The gate on every
 * page runs in `site check`; its planted faults are named in tests/generator/check/runner.test.ts.
 * Then `site check --only layout` on a two-page site: --accept keeps the baseline, a changed page is
 * a warning (a failure under --strict), --no-screenshots writes no contact sheet.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutProblems, lookAtPages } from '../../../generator/check/layout.ts';
import { layoutWidths, pageFacts, planLayout } from '../../../generator/check/layoutPlan.ts';
import { htmlFiles } from '../../../generator/check/site.ts';
import { startPreviewServer, type PreviewServer } from '../../../generator/preview/previewServer.ts';
import { connectShared, hasChromium } from '../../helpers/browser.ts';
import { sharedDist } from '../../helpers/sharedBuild.ts';
import { makeTempDir, runSite } from '../../helpers/site.ts';

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

describe.skipIf(!hasChromium)('site check --only layout', () => {
  const pageIn = (lang: string, heading: string) => `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Page</title></head>
<body><main><h1>${heading}</h1><p>Text.</p></main></body></html>`;

  it('accepts a baseline, warns of a changed page, fails on it under --strict', async () => {
    const workDir = await makeTempDir('layout-cli');
    try {
      const site = path.join(workDir, 'site');
      await mkdir(path.join(site, 'de'), { recursive: true });
      await writeFile(path.join(site, 'index.html'), pageIn('it', 'Telefonia mobile'));
      await writeFile(path.join(site, 'de/index.html'), pageIn('de', 'Mobilfunk'));
      const report = path.join(workDir, 'report');
      const baseline = path.join(workDir, 'baseline');
      const check = (...extra: string[]) =>
        runSite([
          'check',
          '--dir',
          site,
          '--only',
          'layout',
          '--report',
          report,
          '--baseline',
          baseline,
          ...extra,
        ]);

      const accepted = await check('--accept');
      expect(accepted.code, accepted.stderr).toBe(0);
      expect(accepted.stdout).toMatch(/^NOTE {2}layout {2}accepted 4 screenshots as the baseline in /m);
      expect(accepted.stdout).toMatch(/^Contact sheet: .*report\/index\.html$/m);
      expect((await readdir(baseline)).sort()).toEqual([
        'de-1280.png',
        'de-375.png',
        'index-1280.png',
        'index-375.png',
      ]);

      await writeFile(
        path.join(site, 'de/index.html'),
        pageIn('de', 'Mobilfunk, der für Ihr Unternehmen arbeitet, jeden Tag und überall in der Schweiz'),
      );
      const changed = await check();
      expect(changed.code, changed.stderr).toBe(0);
      const warnings = changed.stdout.split('\n').filter((line) => line.startsWith('WARN'));
      expect(warnings).toEqual([
        expect.stringMatching(
          /^WARN {2}layout {2}\/de\/ {2}375 px: rendering changed since the accepted baseline: /,
        ),
        expect.stringMatching(
          /^WARN {2}layout {2}\/de\/ {2}1280 px: rendering changed since the accepted baseline: /,
        ),
      ]);
      expect(existsSync(path.join(report, 'index.html'))).toBe(true);

      const strict = await check('--strict');
      expect(strict.code).toBe(1);
      expect(strict.stdout).toMatch(/^ {2}layout +failed /m);

      await rm(report, { recursive: true });
      const plain = await check('--no-screenshots');
      expect(plain.code, plain.stderr).toBe(0);
      expect(plain.stdout).not.toMatch(/Contact sheet/);
      expect(existsSync(report)).toBe(false);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }, 300_000);
});
