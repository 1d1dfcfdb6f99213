/**
 * The images step in whole builds of a copy of the real content with photos made
 * here: the markup and files of a photo, each broken file a located error, an
 * unused file a warning, and the cache.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'node-html-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildReport } from '../../../generator/build/pipeline.ts';
import { createDisabledImageCache, createImageCache } from '../../../generator/build/imageCache.ts';
import { encodeAll, encodePlanned, planPhoto } from '../../../generator/build/pictures.ts';
import { probeImage } from '../../../generator/images/probe.ts';
import { isSiteError, type SiteError } from '../../../generator/errors/siteError.ts';
import { sniffFormat } from '../../../generator/images/probe.ts';
import { imageSlots, sizesAttribute } from '../../../generator/model/imageSlots.ts';
import { createMemoryWriter } from '../../../generator/build/writer.ts';
import { makePhoto } from '../../helpers/photos.ts';
import { copyRealContent, makeTempDir } from '../../helpers/site.ts';
import { realRouteTable, realText } from '../../helpers/routeTable.ts';
import { warmImageCache } from '../../helpers/sharedBuild.ts';

/** A page's output file in a language, from the route table of the real content these copies start from. */
const fileOf = (page: 'about' | 'partnership' | 'coverage', language: string) =>
  realRouteTable.routes.find((route) => route.path === realRouteTable.pathOf(page, language))!.file;

let workDir: string;
let cacheDir: string;
let runs = 0;

beforeAll(async () => {
  workDir = await makeTempDir('pictures');
  cacheDir = await warmImageCache(path.join(workDir, 'cache'));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

/** A fresh copy of the content, changed by `prepare`. */
async function content(prepare: (dir: string) => Promise<void> = async () => {}): Promise<string> {
  const dir = await copyRealContent(path.join(workDir, `run-${++runs}`));
  await prepare(dir);
  return dir;
}

async function siteBuild(contentDir: string) {
  const writer = createMemoryWriter();
  const report = await build({ contentDir, writer, baseUrl: 'https://www.example.com', cacheDir });
  return { report, files: writer.files };
}

async function buildError(contentDir: string): Promise<SiteError> {
  const error = await siteBuild(contentDir).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isSiteError(error), 'the build fails').toBe(true);
  return error as SiteError;
}

const relative = (contentDir: string, file: string) =>
  path.relative(contentDir, file).split(path.sep).join('/');

async function editText(contentDir: string, file: string, change: (text: string) => string) {
  const full = path.join(contentDir, file);
  await writeFile(full, change(await readFile(full, 'utf8')));
}

describe('a photo on a page', () => {
  let built: { report: BuildReport; files: Map<string, string | Uint8Array> };
  let contentDir: string;
  beforeAll(async () => {
    contentDir = await content(async (dir) => {
      await writeFile(
        path.join(dir, 'images/vision.jpg'),
        await makePhoto({ width: 1200, height: 800, seed: 7, quality: 90 }),
      );
    });
    built = await siteBuild(contentDir);
  }, 120_000);

  const page = (file: string) => parse(String(built.files.get(file)));

  it('is a picture with AVIF and WebP sources and a JPEG fallback at every width up to its own', () => {
    const picture = page(fileOf('about', 'en')).querySelector('picture.about-vision__image')!;
    const sources = picture.querySelectorAll('source');
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    const image = picture.querySelector('img')!;
    const widths = (srcset: string) => srcset.split(', ').map((entry) => Number(/ (\d+)w$/.exec(entry)![1]));
    // The card's widths up to the source's 1200 px, then the source's own width.
    for (const srcset of [
      ...sources.map((source) => source.getAttribute('srcset')!),
      image.getAttribute('srcset')!,
    ])
      expect(widths(srcset)).toEqual([360, 540, 720, 1080, 1200]);
    expect(image.getAttribute('srcset')).toMatch(/\.jpg 360w/);
    for (const element of [...sources, image])
      expect(element.getAttribute('sizes')).toBe(sizesAttribute(imageSlots.card));
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['1200', '800']);
    expect(image.getAttribute('alt')).toBe(realText('en', 'about.vision.image.alt'));
    // The card is below the first screen: loaded as the reader comes near it.
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
    expect(image.getAttribute('fetchpriority')).toBeUndefined();
  });

  it('writes each encoding it names, in the format and width the name says', async () => {
    const image = page(fileOf('about', 'it')).querySelector('picture img')!;
    const urls = [
      ...image
        .parentNode!.querySelectorAll('source')
        .flatMap((source) => source.getAttribute('srcset')!.split(', ')),
      ...image.getAttribute('srcset')!.split(', '),
    ].map((entry) => entry.split(' '));
    expect(urls).toHaveLength(15);
    for (const [url, width] of urls) {
      const bytes = built.files.get(url.slice(1)) as Uint8Array;
      expect(bytes, url).toBeDefined();
      expect(sniffFormat(bytes), url).toBe(
        { avif: 'avif', webp: 'webp', jpg: 'jpeg' }[url.split('.').at(-1)!],
      );
      expect(`${(await sharp(bytes).metadata()).width}w`, url).toBe(width);
    }
  });

  it('loads a hero on the first screen at once, with high priority', () => {
    const image = page(fileOf('partnership', 'de')).querySelector('picture.partnership-hero__image img')!;
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(image.getAttribute('loading')).toBeUndefined();
  });

  it('encodes nothing on a second build, nor after a change to a text', async () => {
    const again = await siteBuild(contentDir);
    expect(again.report.imageCache.misses).toBe(0);
    expect(again.report.imageCache.hits).toBeGreaterThan(0);
    // A text on the very page of the photo (one no preview image shows).
    await editText(contentDir, 'texts/it/about.yaml', (text) =>
      text.replace(/^(mission:\n\s+title: )(.+)$/m, '$1La missione'),
    );
    const afterEdit = await siteBuild(contentDir);
    expect(afterEdit.report.imageCache.misses).toBe(0);
  }, 120_000);
});

describe('images the build refuses, each at its place', () => {
  it('a JPEG saved under an SVG name', async () => {
    const dir = await content(async (dir) => {
      await writeFile(path.join(dir, 'images/vision.svg'), await makePhoto({ width: 1000, height: 700 }));
      await editText(dir, 'texts/it/about.yaml', (text) =>
        text.replace('file: vision.jpg', 'file: vision.svg'),
      );
    });
    const [problem] = (await buildError(dir)).problems;
    expect(problem.code).toBe('IMAGE_MISLABELLED');
    expect(relative(dir, problem.location!.file)).toBe('images/vision.svg');
    expect(problem.message).toBe('vision.svg is named as SVG but its bytes are JPEG');
  });

  it('a truncated JPEG', async () => {
    const dir = await content(async (dir) => {
      const photo = await makePhoto({ width: 1000, height: 700, seed: 3 });
      await writeFile(path.join(dir, 'images/vision.jpg'), photo.subarray(0, Math.floor(photo.length * 0.6)));
    });
    const [problem] = (await buildError(dir)).problems;
    expect(problem.code).toBe('IMAGE_UNREADABLE');
    expect(relative(dir, problem.location!.file)).toBe('images/vision.jpg');
  });

  it('a photo narrower than its slot, at the line that names it', async () => {
    const dir = await content(async (dir) => {
      await writeFile(path.join(dir, 'images/vision.jpg'), await makePhoto({ width: 600, height: 400 }));
    });
    const [problem] = (await buildError(dir)).problems;
    expect(problem.code).toBe('IMAGE_TOO_SMALL');
    expect(relative(dir, problem.location!.file)).toBe('texts/it/about.yaml');
    // Where the Italian about text names the photo, whatever its line today.
    const lines = (await readFile(path.join(dir, 'texts/it/about.yaml'), 'utf8')).split('\n');
    const line = lines.findIndex((candidate) => /^\s+file: vision\.jpg\b/.test(candidate));
    expect(problem.location!.line).toBe(line + 1);
    expect(problem.location!.column).toBe(lines[line].indexOf('vision.jpg') + 1);
    expect(problem.message).toBe(
      `about.vision.image.file: vision.jpg is 600 px wide; the page shows it up to ${imageSlots.card.minimumSourceWidth} px wide`,
    );
  });

  it('an alt text missing in one language, in that language’s file', async () => {
    const dir = await content((dir) =>
      editText(dir, 'texts/de/about.yaml', (text) => text.replace(/^ {2}image:\n {4}alt: .*\n/m, '')),
    );
    const error = await buildError(dir);
    expect(error.code).toBe('CONTENT_INVALID');
    const [problem] = error.problems;
    expect(problem.code).toBe('IMAGE_ALT_MISSING');
    expect(relative(dir, problem.location!.file)).toBe('texts/de/about.yaml');
    expect(problem.message).toBe(
      'about.vision.image.alt: the de page shows vision.jpg without a text saying what it shows',
    );
  });
});

describe('images the build accepts', () => {
  it('a decorative image with no alt text in any language, and an unused file as a warning', async () => {
    const dir = await content(async (dir) => {
      await editText(dir, 'texts/it/coverage.yaml', (text) =>
        text.replace(/^ {4}alt: .*$/m, '    role: decorative'),
      );
      for (const language of ['en', 'de', 'fr'])
        await editText(dir, `texts/${language}/coverage.yaml`, (text) =>
          text.replace(/^ {2}image:\n {4}alt: .*\n/m, ''),
        );
      await writeFile(
        path.join(dir, 'images/spare.png'),
        await makePhoto({ width: 40, height: 40, format: 'png' }),
      );
    });
    const { report, files } = await siteBuild(dir);
    const image = parse(String(files.get(fileOf('coverage', 'fr')))).querySelector('picture img')!;
    expect(image.getAttribute('alt')).toBe('');
    expect(report.warnings).toContain(
      'content/images/spare.png is not shown by any page; the build leaves it out.',
    );
    expect([...files.keys()].some((file) => file.includes('spare'))).toBe(false);
  }, 120_000);
});

describe('encoding a photo at every width', () => {
  it('reads the source once, and gives the bytes each encoding gives on its own', async () => {
    const source = await makePhoto({ width: 1000, height: 750, seed: 11, quality: 90 });
    let reads = 0;
    const read = async () => {
      reads++;
      return source;
    };
    const plan = planPhoto(
      'fixture.jpg',
      'fixture.jpg',
      { digest: 'fixture', read },
      await probeImage('fixture.jpg', source),
      [imageSlots.card],
    );
    const widths = new Set(plan.encodings.map((encoding) => encoding.width));
    expect(widths.size).toBeGreaterThan(1);
    expect(new Set(plan.encodings.map((encoding) => encoding.format))).toEqual(
      new Set(['avif', 'webp', 'jpeg']),
    );

    const together = await encodeAll(plan.encodings, createDisabledImageCache());
    expect(reads).toBe(1);
    for (const [index, encoding] of plan.encodings.entries()) {
      const result = together[index];
      expect(result.status, encoding.path).toBe('fulfilled');
      const alone = await encodePlanned(encoding, createDisabledImageCache());
      expect(Buffer.from((result as PromiseFulfilledResult<Uint8Array>).value), encoding.path).toEqual(
        Buffer.from(alone),
      );
      expect(sniffFormat(alone), encoding.path).toBe(encoding.format);
    }
  });

  it('takes what the cache has and encodes only the rest', async () => {
    const source = await makePhoto({ width: 800, height: 600, seed: 12 });
    const plan = planPhoto(
      'cached.jpg',
      'cached.jpg',
      { digest: 'cached', read: async () => source },
      await probeImage('cached.jpg', source),
      [imageSlots.hero],
    );
    const cache = createImageCache(await makeTempDir('encode-all-cache'));
    await encodePlanned(plan.encodings[0], cache);
    const before = { ...cache.stats };
    const all = await encodeAll(plan.encodings, cache);
    expect(all.every((result) => result.status === 'fulfilled')).toBe(true);
    expect(cache.stats.hits - before.hits).toBe(1);
    expect(cache.stats.misses - before.misses).toBe(plan.encodings.length - 1);
  });

  it('turns a damaged source into the error that names it', async () => {
    const source = await makePhoto({ width: 800, height: 600, seed: 13 });
    const plan = planPhoto(
      'damaged.jpg',
      'damaged.jpg',
      { digest: 'damaged', read: async () => source.subarray(0, source.length / 2) },
      await probeImage('damaged.jpg', source),
      [imageSlots.hero],
    );
    const all = await encodeAll(plan.encodings, createDisabledImageCache());
    for (const result of all) {
      expect(result.status).toBe('rejected');
      expect(isSiteError((result as PromiseRejectedResult).reason)).toBe(true);
      expect(((result as PromiseRejectedResult).reason as SiteError).code).toBe('IMAGE_UNREADABLE');
    }
  });
});
