/** The budgets gate on small named sites: what a page loads is measured with its imports, each excess named; a heavy image for a phone fails it, a light picture passes. */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  budgetProblems,
  gate,
  measurePage,
  pageBudgets,
  phoneImageBudget,
} from '../../../generator/check/budgets.ts';
import type { CheckContext } from '../../../generator/check/types.ts';
import { makePhoto } from '../../helpers/photos.ts';
import { makeTempDir } from '../../helpers/site.ts';

async function site(files: Record<string, string>): Promise<string> {
  const dir = await makeTempDir('budgets');
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

const context = (dir: string, files: string[]) =>
  ({
    dir,
    pages: files.map((file) => ({ path: `/${file}`, file })),
    forwarded: [],
    oversized: [],
  }) as unknown as CheckContext;

describe('the budgets gate', () => {
  it('counts a module script with what it imports, once each, and not data scripts', async () => {
    const main = "import './lib.js'; import './lib.js'; console.log('main');";
    const lib = "export const lib = 'lib';";
    const dir = await site({
      'index.html':
        '<!doctype html><html><head><script type="module" src="/a/main.js"></script>' +
        '<script type="application/ld+json">{"@type":"Thing"}</script></head><body></body></html>',
      'a/main.js': main,
      'a/lib.js': lib,
    });
    const weight = await measurePage(dir, 'index.html');
    expect(weight.script).toBe(gzipSync(main).length + gzipSync(lib).length);
    expect(weight.unsizedImages).toEqual([]);
  });

  it('names a page over its script budget and an image without a size, and passes a small page', async () => {
    const heavy = `const data = "${randomBytes(pageBudgets.script * 2).toString('base64')}";`;
    const dir = await site({
      'small/index.html':
        '<!doctype html><html><body><img src="/a.svg" width="1" height="1" alt=""></body></html>',
      'big/index.html': `<!doctype html><html><body><script>${heavy}</script><img src="/b.svg" alt=""></body></html>`,
    });
    const outcome = await gate.run(context(dir, ['small/index.html', 'big/index.html']));
    expect(outcome.checked).toBe(2);
    expect(outcome.problems.map((problem) => problem.page)).toEqual(['/big/index.html', '/big/index.html']);
    expect(outcome.problems[0].message).toMatch(/^SCRIPT is [\d.]+ KB gzip, over the 3\.0 KB budget$/);
    expect(outcome.problems[1].message).toBe(
      'image /b.svg has no width and height (the page jumps while it loads)',
    );
    expect(budgetProblems({ html: 0, css: 0, script: 0, phoneImages: 0, unsizedImages: [] })).toEqual([]);
  });
});

let imagesDir: string;
const page = (body: string) =>
  `<!doctype html><html lang="it"><head><title>t</title></head><body>${body}</body></html>`;

beforeAll(async () => {
  imagesDir = await makeTempDir('budgets');
  await mkdir(path.join(imagesDir, 'heavy'));
  await mkdir(path.join(imagesDir, 'light'));
  await mkdir(path.join(imagesDir, 'assets'));
  // A camera-sized photo of about 1.3 MB, shown as it is: what an editor's JPEG did before photos were encoded.
  const heavy = await makePhoto({ width: 2400, height: 1600, quality: 95, grain: 10 });
  expect(heavy.length).toBeGreaterThan(1.2 * 1024 * 1024);
  await writeFile(path.join(imagesDir, 'assets/vision.jpg'), heavy);
  await writeFile(
    path.join(imagesDir, 'heavy/index.html'),
    page('<img src="/assets/vision.jpg" alt="" width="2400" height="1600">'),
  );
  for (const width of [360, 1080])
    await writeFile(path.join(imagesDir, `assets/v-${width}.avif`), Buffer.alloc(width * 10));
  await writeFile(
    path.join(imagesDir, 'light/index.html'),
    page(
      '<picture><source type="image/avif" srcset="/assets/v-360.avif 360w, /assets/v-1080.avif 1080w" sizes="calc(100vw - 40px)"><img src="/assets/vision.jpg" alt="" width="1080" height="720"></picture><img src="/assets/v-360.avif" alt="">',
    ),
  );
});
afterAll(() => rm(imagesDir, { recursive: true, force: true }));

const imageContext = (files: string[]) =>
  ({
    dir: imagesDir,
    pages: files.map((file) => ({ file, path: `/${path.dirname(file)}/` })),
    forwarded: [],
    oversized: [],
  }) as unknown as CheckContext;

describe('the budgets gate and images', () => {
  it('fails a page whose image for a phone is over the budget', async () => {
    const weight = await measurePage(imagesDir, 'heavy/index.html');
    expect(weight.phoneImages).toBeGreaterThan(phoneImageBudget);
    const result = await gate.run(imageContext(['heavy/index.html']));
    expect(result.problems).toEqual([
      {
        severity: 'error',
        page: '/heavy/',
        message: expect.stringMatching(
          /^images for a 390 px phone are 1\d{3}\.\d KB, over the 200\.0 KB budget$/,
        ),
      },
    ]);
  });

  it('counts the file the phone picks from a picture, and an image without width and height', async () => {
    const weight = await measurePage(imagesDir, 'light/index.html');
    // The 1080 px AVIF (350 px at 3x), not the JPEG fallback; the second image once.
    expect(weight.phoneImages).toBe(10_800 + 3_600);
    expect(weight.unsizedImages).toEqual(['/assets/v-360.avif']);
    const result = await gate.run(imageContext(['light/index.html']));
    expect(result.problems.map((problem) => problem.message)).toEqual([
      'image /assets/v-360.avif has no width and height (the page jumps while it loads)',
    ]);
  });
});
