/**
 * The images step of a build: every image the pages show, read and checked, and
 * each photo encoded as AVIF, WebP and its own format at the widths its slots need
 * (model/imageSlots.ts), through the content-addressed image cache: an unchanged photo is
 * never encoded twice. An SVG is copied as it is. An image file no page shows is a
 * warning; the build leaves it out.
 *
 * Output names are `assets/images/<name>-<width>.<hash>.<ext>`, where the hash is
 * of the source's bytes and every encoding parameter: the name is known before the
 * encoding runs, and hosts may cache it for a year.
 *
 * A photo's digest and probed size are remembered in the cache too, by its path,
 * size, modification time and inode: a warm build neither reads nor hashes an
 * unchanged photo, and reads it only if an encoding is missing.
 */
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  ContentFileError,
  outsideMessage,
  readContentFile,
  realContentPath,
} from '../content/readContentFile.ts';
import { SiteError } from '../errors/siteError.ts';
import { imageCacheKey, type ImageCache } from './imageCache.ts';
import type { ImageAsset, OutputFile } from '../model/builtAssets.ts';
import type { PageImages } from '../content/imageDeclarations.ts';
import {
  createLimiter,
  decodeWidest,
  encodeImage,
  encodeWidth,
  encoderVersion,
  encodings,
  mimeTypes,
  type OutputFormat,
} from '../images/encode.ts';
import {
  extensionOf,
  formatOfExtension,
  maximumSourceBytes,
  probeImage,
  unreadable,
  type ProbedImage,
} from '../images/probe.ts';
import { imageSlots, pageImageSlots, plannedWidths, type ImageSlot } from '../model/imageSlots.ts';

/** One image as the templates draw it. */
export interface ImageBuild {
  files: OutputFile[];
  /** By source file name, e.g. `vision.jpg`. */
  images: Record<string, ImageAsset>;
  /** Image files no page shows, as warnings for the report. */
  warnings: string[];
}

/** One encoding of a photo the build will write. */
export interface PlannedEncoding {
  path: string;
  format: OutputFormat;
  width: number;
  /** The widest width of the photo, whose pixels every narrower width is resized from. */
  widest: number;
  cacheKey: string;
  /** The source's bytes, read once and only when an encoding is not in the cache. */
  readSource: () => Promise<Uint8Array>;
  sourceFile: string;
}

const fallbackFormat: Record<ProbedImage['format'], OutputFormat> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  svg: 'png', // never used: an SVG is copied
};

const modernFormats: OutputFormat[] = ['avif', 'webp'];

function shortHash(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('hex').slice(0, 10);
}

/** The encodings of one photo and the picture the templates draw from them; nothing is encoded yet. */
export function planPhoto(
  name: string,
  sourceFile: string,
  source: { digest: string; read: () => Promise<Uint8Array> },
  probed: ProbedImage,
  slots: readonly ImageSlot[],
): { asset: ImageAsset; encodings: PlannedEncoding[] } {
  const sourceDigest = source.digest;
  const stem = path.basename(name, path.extname(name));
  const widths = plannedWidths(probed.width, slots);
  const fallback = fallbackFormat[probed.format];
  const formats = [...modernFormats.filter((format) => format !== fallback), fallback];
  const widest = widths.at(-1)!;
  const planned: PlannedEncoding[] = [];
  const srcsets = new Map<OutputFormat, string>();
  for (const format of formats) {
    const entries: string[] = [];
    for (const width of widths) {
      const cacheKey = imageCacheKey({
        kind: 'photo',
        source: sourceDigest,
        format,
        width,
        widest,
        options: encodings[format],
        ...encoderVersion,
      });
      const file = `assets/images/${stem}-${width}.${cacheKey.slice(0, 10)}${extensionOf(format)}`;
      planned.push({ path: file, format, width, widest, cacheKey, readSource: source.read, sourceFile });
      entries.push(`/${file} ${width}w`);
    }
    srcsets.set(format, entries.join(', '));
  }
  const fallbackFile = planned.filter((encoding) => encoding.format === fallback).at(-1)!;
  return {
    asset: {
      src: `/${fallbackFile.path}`,
      width: widest,
      height: Math.round((probed.height * widest) / probed.width),
      srcset: srcsets.get(fallback),
      sources: formats
        .filter((format) => format !== fallback)
        .map((format) => ({ type: mimeTypes[format], srcset: srcsets.get(format)! })),
    },
    encodings: planned,
  };
}

/**
 * The bytes of a planned encoding, from the cache or encoded (and cached). Only the
 * encoding waits for `limit`: reading the cache is cheap and runs at once.
 */
export async function encodePlanned(
  encoding: PlannedEncoding,
  cache: ImageCache,
  limit: <T>(task: () => Promise<T>) => Promise<T> = (task) => task(),
): Promise<Uint8Array> {
  const cached = await cache.get(encoding.cacheKey);
  if (cached) return cached;
  let bytes: Uint8Array;
  try {
    const source = await encoding.readSource();
    bytes = await limit(() => encodeImage(source, encoding.format, encoding.width, encoding.widest));
  } catch (error) {
    throw unreadable(encoding.sourceFile, error);
  }
  await cache.put(encoding.cacheKey, bytes);
  return bytes;
}

/**
 * The bytes of every planned encoding, in their order: from the cache, else encoded.
 * Each source is read and decoded once (at its widest width, decodeWidest), each of
 * its missing widths resized once from those pixels, and the missing formats of a
 * width encoded from that (encodeWidth): the same bytes as `encodePlanned` gives for
 * each on its own.
 */
export async function encodeAll(
  planned: readonly PlannedEncoding[],
  cache: ImageCache,
  limit = createLimiter(),
): Promise<PromiseSettledResult<Uint8Array>[]> {
  const cached = await Promise.all(planned.map((encoding) => cache.get(encoding.cacheKey)));
  // The missing encodings, by source, then by width.
  const missing = new Map<string, Map<number, number[]>>();
  planned.forEach((encoding, index) => {
    if (cached[index]) return;
    const widths = missing.get(encoding.sourceFile) ?? new Map<number, number[]>();
    widths.set(encoding.width, [...(widths.get(encoding.width) ?? []), index]);
    missing.set(encoding.sourceFile, widths);
  });
  const drawn = new Map<number, Promise<Uint8Array>>();
  for (const widths of missing.values()) {
    const first = planned[[...widths.values()][0][0]];
    const decoded = (async () => {
      try {
        const source = await first.readSource();
        return await limit(() => decodeWidest(source, first.widest));
      } catch (error) {
        throw unreadable(first.sourceFile, error);
      }
    })();
    for (const [width, indexes] of widths) {
      const encoded = (async () => {
        const pixels = await decoded;
        try {
          const formats = indexes.map((index) => planned[index].format);
          return await limit(() => encodeWidth(pixels, width, formats));
        } catch (error) {
          throw unreadable(first.sourceFile, error);
        }
      })();
      indexes.forEach((index, position) =>
        drawn.set(
          index,
          encoded.then(async (all) => {
            await cache.put(planned[index].cacheKey, all[position]);
            return all[position];
          }),
        ),
      );
    }
    // Awaited through each width's encodings; a failure is reported there, not as an unhandled rejection here.
    decoded.catch(() => {});
  }
  return Promise.allSettled(planned.map((_, index) => cached[index] ?? drawn.get(index)!));
}

export interface ImageBuildInput {
  imagesDir: string;
  images: PageImages;
  cache: ImageCache;
  /** false: plan the photos only, and leave encoding to `encodePlanned` when one is asked for (`site dev`). */
  encode?: boolean;
}

export interface PlannedImageBuild extends ImageBuild {
  /** Every photo encoding by output path, for a server that encodes on request. */
  encodings: Map<string, PlannedEncoding>;
}

/** The refusal of the safe reader (content/readContentFile.ts) as the error an editor reads. */
function refusal(error: unknown, file: string): unknown {
  if (!(error instanceof ContentFileError)) return error;
  const name = path.basename(file);
  if (error.code === 'OUTSIDE_CONTENT')
    return new SiteError({ code: 'CONTENT_OUTSIDE', message: outsideMessage, location: { file } });
  if (error.code === 'TOO_BIG')
    return new SiteError({
      code: 'IMAGE_TOO_LARGE',
      message: `${name} is ${(error.bytes! / 1024 / 1024).toFixed(1)} MB, over the ${maximumSourceBytes / 1024 / 1024} MB limit for a source image`,
      location: { file },
    });
  return new SiteError({
    code: 'IMAGE_UNREADABLE',
    message: `${name} is not a plain file (a device or a pipe)`,
    location: { file },
  });
}

/** A source image's bytes, read as every content file is: never through a link that leads outside the content folder (images/'s parent). */
export async function readSourceImage(imagesDir: string, file: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readContentFile(path.dirname(imagesDir), file, maximumSourceBytes));
  } catch (error) {
    throw refusal(error, file);
  }
}

/** A source image's real path, once it is known to stay inside the content folder. */
async function realSourcePath(imagesDir: string, file: string): Promise<string> {
  try {
    return await realContentPath(path.dirname(imagesDir), file);
  } catch (error) {
    throw refusal(error, file);
  }
}

/** What is remembered of a photo between builds, so an unchanged one is neither read nor hashed. */
interface SourceFacts {
  digest: string;
  probed: ProbedImage;
}

/**
 * A photo's SHA-256 and probed size: from the cache when its path, size, modification
 * time and inode are those of a file read before, else read, checked and remembered.
 * Its bytes are read at most once, when an encoding needs them.
 */
async function knownSource(
  imagesDir: string,
  sourceFile: string,
  cache: ImageCache,
): Promise<SourceFacts & { readSource: () => Promise<Uint8Array> }> {
  let bytes: Promise<Uint8Array> | undefined;
  const readSource = () => (bytes ??= readSourceImage(imagesDir, sourceFile));
  const info = await stat(await realSourcePath(imagesDir, sourceFile));
  const factsKey = imageCacheKey({
    kind: 'photo-source',
    path: path.resolve(sourceFile),
    size: info.size,
    modified: info.mtimeMs,
    inode: info.ino,
  });
  const remembered = await cache.get(factsKey);
  if (remembered) {
    try {
      const facts = JSON.parse(Buffer.from(remembered).toString('utf8')) as SourceFacts;
      return { ...facts, readSource };
    } catch {
      // A checksummed entry that is not JSON was written by something else: read the file.
    }
  }
  const source = await readSource();
  const probed = await probeImage(sourceFile, source);
  const digest = createHash('sha256').update(source).digest('hex');
  await cache.put(
    factsKey,
    new TextEncoder().encode(JSON.stringify({ digest, probed } satisfies SourceFacts)),
  );
  return { digest, probed, readSource };
}

export async function buildImages(input: ImageBuildInput): Promise<PlannedImageBuild> {
  const uses = new Map<string, { slots: ImageSlot[]; declarations: PageImages[keyof PageImages][] }>();
  for (const declaration of Object.values(input.images)) {
    const use = uses.get(declaration.file) ?? { slots: [], declarations: [] };
    use.slots.push(imageSlots[pageImageSlots[declaration.key]]);
    use.declarations.push(declaration);
    uses.set(declaration.file, use);
  }
  const present = await readdir(input.imagesDir).catch(() => [] as string[]);
  const warnings = present
    .filter((name) => formatOfExtension[path.extname(name).toLowerCase()] && !uses.has(name))
    .sort()
    .map((name) => `content/images/${name} is not shown by any page; the build leaves it out.`);

  const files: OutputFile[] = [];
  const images: Record<string, ImageAsset> = {};
  const encodings = new Map<string, PlannedEncoding>();
  const problems: SiteError[] = [];
  // By code unit: the same order everywhere, and no ICU collator to load (its first use costs milliseconds).
  for (const [name, use] of [...uses].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const sourceFile = path.join(input.imagesDir, name);
    try {
      if (formatOfExtension[path.extname(name).toLowerCase()] === 'svg') {
        const source = await readSourceImage(input.imagesDir, sourceFile);
        const probed = await probeImage(sourceFile, source);
        const file = `assets/images/${path.basename(name, '.svg')}.${shortHash(source)}.svg`;
        files.push({ path: file, contents: source });
        images[name] = { src: `/${file}`, width: probed.width, height: probed.height };
        continue;
      }
      const { digest, probed, readSource } = await knownSource(input.imagesDir, sourceFile, input.cache);
      const needed = Math.max(...use.slots.map((slot) => slot.minimumSourceWidth));
      if (probed.width < needed) {
        for (const declaration of use.declarations)
          problems.push(
            new SiteError({
              code: 'IMAGE_TOO_SMALL',
              message: `${declaration.key}.file: ${name} is ${probed.width} px wide; the page shows it up to ${needed} px wide`,
              location: declaration.location,
              hint: `Use a photo at least ${needed} px wide (twice that looks sharp on high-density screens).`,
            }),
          );
        continue;
      }
      const plan = planPhoto(name, sourceFile, { digest, read: readSource }, probed, use.slots);
      images[name] = plan.asset;
      for (const encoding of plan.encodings) encodings.set(encoding.path, encoding);
    } catch (error) {
      if (error instanceof SiteError) problems.push(error);
      else throw error;
    }
  }
  if (problems.length === 0 && input.encode !== false) {
    const encoded = await encodeAll([...encodings.values()], input.cache);
    const failed = new Set<string>();
    for (const [index, encoding] of [...encodings.values()].entries()) {
      const result = encoded[index];
      if (result.status === 'fulfilled') files.push({ path: encoding.path, contents: result.value });
      else if (!failed.has(encoding.sourceFile)) {
        failed.add(encoding.sourceFile);
        if (result.reason instanceof SiteError) problems.push(result.reason);
        else throw result.reason;
      }
    }
  }
  if (problems.length > 0)
    throw new SiteError({
      code: problems[0].code,
      message: `${problems.length} image${problems.length === 1 ? '' : 's'} cannot be used; nothing was written.`,
      problems,
    });
  return { files, images, warnings, encodings };
}
