/** The budgets gate on small planted pages: a heavy image fails it, a light picture passes. */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gate, measurePage, phoneImageBudget } from '../../../generator/check/budgets.ts';
import type { CheckContext } from '../../../generator/check/types.ts';
import { makePhoto } from '../../helpers/photos.ts';
import { makeTempDir } from '../../helpers/site.ts';

let dir: string;
const page = (body: string) =>
  `<!doctype html><html lang="it"><head><title>t</title></head><body>${body}</body></html>`;

beforeAll(async () => {
  dir = await makeTempDir('budgets');
  await mkdir(path.join(dir, 'heavy'));
  await mkdir(path.join(dir, 'light'));
  await mkdir(path.join(dir, 'assets'));
  // A camera-sized photo of about 1.3 MB, shown as it is: what an editor's JPEG did before photos were encoded.
  const heavy = await makePhoto({ width: 2400, height: 1600, quality: 95, grain: 10 });
  expect(heavy.length).toBeGreaterThan(1.2 * 1024 * 1024);
  await writeFile(path.join(dir, 'assets/vision.jpg'), heavy);
  await writeFile(
    path.join(dir, 'heavy/index.html'),
    page('<img src="/assets/vision.jpg" alt="" width="2400" height="1600">'),
  );
  for (const width of [360, 1080])
    await writeFile(path.join(dir, `assets/v-${width}.avif`), Buffer.alloc(width * 10));
  await writeFile(
    path.join(dir, 'light/index.html'),
    page(
      '<picture><source type="image/avif" srcset="/assets/v-360.avif 360w, /assets/v-1080.avif 1080w" sizes="calc(100vw - 40px)"><img src="/assets/vision.jpg" alt="" width="1080" height="720"></picture><img src="/assets/v-360.avif" alt="">',
    ),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const context = (files: string[]) =>
  ({
    dir,
    pages: files.map((file) => ({ file, path: `/${path.dirname(file)}/` })),
    forwarded: [],
  }) as unknown as CheckContext;

describe('the budgets gate and images', () => {
  it('fails a page whose image for a phone is over the budget', async () => {
    const weight = await measurePage(dir, 'heavy/index.html');
    expect(weight.phoneImages).toBeGreaterThan(phoneImageBudget);
    const result = await gate.run(context(['heavy/index.html']));
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
    const weight = await measurePage(dir, 'light/index.html');
    // The 1080 px AVIF (350 px at 3x), not the JPEG fallback; the second image once.
    expect(weight.phoneImages).toBe(10_800 + 3_600);
    expect(weight.unsizedImages).toEqual(['/assets/v-360.avif']);
    const result = await gate.run(context(['light/index.html']));
    expect(result.problems.map((problem) => problem.message)).toEqual([
      'image /assets/v-360.avif has no width and height (the page jumps while it loads)',
    ]);
  });
});
