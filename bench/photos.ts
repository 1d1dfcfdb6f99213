/**
 * `npm run bench` (after bench/build.ts): what photos cost. Measured, never asserted;
 * the targets of the photos issue are printed beside the figures.
 *
 *  (a) one 4000 × 3000 JPEG of about 4 MB: the bytes of each format at the width a
 *      390 px phone at 3x picks from the card slot, against the 60 KB AVIF target
 *  (b) first build of ten such photos (the images step, empty cache): seconds, and the
 *      share of each format, AVIF's above all (target: within 15 s idle on 2 cores)
 *  (c) warm: the images step for the ten photos with the cache filled, against a warm
 *      build of the real site without them (target: at most 10 % over it)
 *
 * Times are wall and CPU seconds in this process, medians of BENCH_RUNS (default 3),
 * with the machine's load average: on a shared machine they vary with it.
 * The tables go to bench/results.md (this bench's section); everything also to
 * bench/results/photos.json (git-ignored).
 *
 *   node --import tsx bench/photos.ts
 *   node --import tsx bench/photos.ts --skip-first   # (a) and (c) only
 */
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { build } from '../generator/build/pipeline.ts';
import { chooseCandidate } from '../generator/check/phoneImages.ts';
import { createImageCache } from '../generator/build/imageCache.ts';
import type { PageImage, PageImages } from '../generator/content/imageDeclarations.ts';
import { createLimiter, encodeImage, type OutputFormat } from '../generator/images/encode.ts';
import { buildImages, encodePlanned, planPhoto } from '../generator/build/pictures.ts';
import { probeImage } from '../generator/images/probe.ts';
import { imageSlots, sizesAttribute } from '../generator/model/imageSlots.ts';
import { createMemoryWriter } from '../generator/build/writer.ts';
import { makePhoto } from '../tests/helpers/photos.ts';
import { machineLine, markdownTable, writeResultsSection } from './resultsFile.ts';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const loadAtStart = os.loadavg();
const root = path.join(import.meta.dirname, '..');
const resultsFile = path.join(import.meta.dirname, 'results/photos.json');
const work = await mkdtemp(path.join(os.tmpdir(), 'site-bench-photos-'));
const imagesDir = path.join(work, 'images');
await mkdir(imagesDir);
process.env.NODE_ENV ??= 'production';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const load = () => os.loadavg()[0].toFixed(1);

async function timed<T>(task: () => Promise<T>): Promise<{ result: T; wall: number; cpu: number }> {
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const result = await task();
  const cpu = process.cpuUsage(cpuStart);
  return { result, wall: (performance.now() - started) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

// Ten photos of a camera's size: two scenes drawn, eight more by turning and tinting them, each saved anew.
console.log(`Making ten 4000 × 3000 photos (load ${load()}) …`);
const scenes = [
  await makePhoto({ width: 4000, height: 3000, seed: 101, quality: 96, grain: 9 }),
  await makePhoto({ width: 4000, height: 3000, seed: 202, quality: 96, grain: 9 }),
];
const names: string[] = [];
for (let index = 0; index < 10; index++) {
  const scene = sharp(scenes[index % 2]);
  const variant =
    index < 2
      ? scenes[index]
      : await scene
          .flop(index % 3 === 0)
          .modulate({ hue: index * 17, brightness: 1 + (index % 4) * 0.03 })
          .jpeg({ quality: 96 })
          .toBuffer();
  const name = `photo-${index}.jpg`;
  await writeFile(path.join(imagesDir, name), variant);
  names.push(name);
}
const sizes = await Promise.all(
  names.map(async (name) => (await readFile(path.join(imagesDir, name))).length),
);
console.log(`  ${kb(Math.min(...sizes))}–${kb(Math.max(...sizes))} each`);

// (a) One photo at the phone's width.
const phoneCandidate = chooseCandidate(
  imageSlots.card.widths.map((width) => `/w${width} ${width}w`).join(', '),
  sizesAttribute(imageSlots.card),
)!;
const phoneWidth = Number(phoneCandidate.slice(2));
const first = await readFile(path.join(imagesDir, names[0]));
const phoneBytes: Record<string, number> = {};
for (const format of ['avif', 'webp', 'jpeg'] as OutputFormat[])
  phoneBytes[format] = (await encodeImage(first, format, phoneWidth)).length;
console.log(
  `\n(a) ${kb(first.length)} JPEG at ${phoneWidth} px (a 390 px phone at 3x, card slot): AVIF ${kb(phoneBytes.avif)} (target ≤ 60 KB), WebP ${kb(phoneBytes.webp)}, JPEG ${kb(phoneBytes.jpeg)}`,
);

// The ten as the site would declare them: each fills the card slot (the widest widths).
const declarations = Object.fromEntries(
  names.map((file, index) => [
    `photo${index}`,
    {
      key: 'about.vision.image',
      file,
      path: path.join(imagesDir, file),
      decorative: false,
      focus: { x: 0.5, y: 0.5 },
      location: { file },
    } satisfies PageImage,
  ]),
) as unknown as PageImages;

// (b) First build of the ten: the images step with an empty cache, and each format on its own.
const cold: { wall: number; cpu: number }[] = [];
const skipFirst = process.argv.includes('--skip-first');
for (let run = 0; run < (skipFirst ? 0 : runs); run++) {
  const cacheDir = path.join(work, `cold-${run}`);
  const { wall, cpu, result } = await timed(() =>
    buildImages({ imagesDir, images: declarations, cache: createImageCache(cacheDir) }),
  );
  cold.push({ wall, cpu });
  if (run === 0) console.log(`\n(b) first build of ten photos: ${result.files.length} encodings`);
  await rm(cacheDir, { recursive: true, force: true });
}
const perFormat: Record<string, number> = {};
if (!skipFirst) {
  const plans = [];
  for (const name of names) {
    const source = new Uint8Array(await readFile(path.join(imagesDir, name)));
    const digest = createHash('sha256').update(source).digest('hex');
    plans.push(
      planPhoto(name, name, { digest, read: async () => source }, await probeImage(name, source), [
        imageSlots.card,
      ]),
    );
  }
  const cache = createImageCache(path.join(work, 'per-format'));
  for (const format of ['avif', 'webp', 'jpeg'] as OutputFormat[]) {
    const limit = createLimiter();
    const encodings = plans
      .flatMap((plan) => plan.encodings)
      .filter((encoding) => encoding.format === format);
    perFormat[format] = (
      await timed(() => Promise.all(encodings.map((encoding) => encodePlanned(encoding, cache, limit))))
    ).wall;
  }
}
const coldWall = skipFirst ? NaN : median(cold.map((sample) => sample.wall));
const coldCpu = skipFirst ? NaN : median(cold.map((sample) => sample.cpu));
if (!skipFirst) {
  const formatsTotal = Object.values(perFormat).reduce((a, b) => a + b, 0);
  console.log(
    `    ${coldWall.toFixed(1)} s wall, ${coldCpu.toFixed(1)} s CPU (median of ${runs}; target ≤ 15 s idle); load ${load()}`,
  );
  console.log(
    `    by format, one after another: AVIF ${perFormat.avif.toFixed(1)} s (${Math.round((perFormat.avif / formatsTotal) * 100)} %), WebP ${perFormat.webp.toFixed(1)} s, JPEG ${perFormat.jpeg.toFixed(1)} s`,
  );
}

// (c) Warm: the images step for the ten, cache filled, against a warm build of the real site.
const warmCacheDir = path.join(work, 'warm');
await buildImages({ imagesDir, images: declarations, cache: createImageCache(warmCacheDir) });
const warmImages: { wall: number; cpu: number }[] = [];
for (let run = 0; run < runs; run++) {
  const cache = createImageCache(warmCacheDir);
  const { wall, cpu } = await timed(() => buildImages({ imagesDir, images: declarations, cache }));
  warmImages.push({ wall, cpu });
  if (cache.stats.misses > 0) throw new Error('the warm images step encoded something');
}
const siteCache = path.join(work, 'site-cache');
await cp(path.join(root, 'node_modules/.cache/site/images'), siteCache, { recursive: true }).catch(() => {});
const contentDir = path.join(root, 'content');
await build({ contentDir, writer: createMemoryWriter(), cacheDir: siteCache });
const warmSite: { wall: number; cpu: number }[] = [];
for (let run = 0; run < runs; run++)
  warmSite.push(await timed(() => build({ contentDir, writer: createMemoryWriter(), cacheDir: siteCache })));
const warm = (of: 'wall' | 'cpu') => ({
  images: median(warmImages.map((sample) => sample[of])),
  site: median(warmSite.map((sample) => sample[of])),
});
for (const of of ['cpu', 'wall'] as const) {
  const { images, site } = warm(of);
  console.log(
    `${of === 'cpu' ? '\n(c) warm, CPU' : '    warm, wall'}: the images step for the ten photos ${(images * 1000).toFixed(0)} ms; a warm build of the site ${(site * 1000).toFixed(0)} ms; ten photos add ${((images / site) * 100).toFixed(1)} % (target ≤ 10 %)`,
  );
}
console.log(`    load ${load()}`);

await mkdir(path.dirname(resultsFile), { recursive: true });
await writeFile(
  resultsFile,
  `${JSON.stringify(
    {
      phone: { width: phoneWidth, source: first.length, ...phoneBytes },
      firstBuild: { wall: coldWall, cpu: coldCpu, perFormat },
      warm: { cpu: warm('cpu'), wall: warm('wall') },
      load: os.loadavg(),
    },
    null,
    2,
  )}\n`,
);

const seconds = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(2)} s`);
await writeResultsSection(
  'photos',
  [
    '## Photos (`bench/photos.ts`)',
    `Measured ${machineLine(loadAtStart)}`,
    `Ten generated 4000 × 3000 JPEGs of ${kb(Math.min(...sizes))}–${kb(Math.max(...sizes))}; medians of ${runs} runs.`,
    markdownTable(
      ['measure', 'figure', 'target'],
      [
        [
          `phone bytes of one photo at ${phoneWidth} px (390 px phone at 3x, card slot)`,
          `AVIF ${kb(phoneBytes.avif)}, WebP ${kb(phoneBytes.webp)}, JPEG ${kb(phoneBytes.jpeg)}`,
          'AVIF ≤ 60 KB',
        ],
        [
          'first build of the ten (images step, empty cache)',
          `${seconds(coldWall)} wall, ${seconds(coldCpu)} CPU`,
          '≤ 15 s idle, 2 cores',
        ],
        [
          'AVIF, WebP, JPEG encoded one format after another',
          skipFirst
            ? '–'
            : `${seconds(perFormat.avif)}, ${seconds(perFormat.webp)}, ${seconds(perFormat.jpeg)}`,
          '',
        ],
        ...(['cpu', 'wall'] as const).map((of) => {
          const { images, site } = warm(of);
          return [
            `warm build with the ten photos ÷ warm build without them, ${of === 'cpu' ? 'CPU' : 'wall'}`,
            `${((site + images) / site).toFixed(3)}× (images step ${(images * 1000).toFixed(0)} ms, site ${(site * 1000).toFixed(0)} ms)`,
            '≤ 1.10×',
          ];
        }),
      ],
    ),
    'The warm images step stats each photo and finds its digest, size and every encoding in the cache: it reads no photo. The site build is the real site (its own three photos included) with a warm cache.',
  ].join('\n\n'),
);
await rm(work, { recursive: true, force: true });
