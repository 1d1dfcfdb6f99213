/**
 * Encoding one photo at its widths in the formats the pages offer, with sharp
 * (libvips). The source is decoded and resized once, to the widest width the pages
 * use (a JPEG decodes straight at a fraction of its size); each narrower width is
 * resized from those pixels, and each format is encoded from a width's pixels:
 * decoding and resizing cost as much as a fast encoding, so doing it per width and
 * format would spend it many times over. The qualities are set here, per format, and
 * nowhere else; the efforts are the fastest that keep the picture (measured, see
 * docs/performance.md):
 *
 * - AVIF quality 50, effort 0, chroma at half resolution (4:2:0, as in the JPEG
 *   sources and in every WebP): about half the WebP's bytes for the same look;
 *   effort 0 draws the same picture as effort 2 (the same PSNR) for a few per cent
 *   more bytes, and encodes about three times faster; full-resolution chroma (4:4:4)
 *   took two thirds longer for more bytes.
 * - WebP quality 75, effort 1: the format every current browser has; the same
 *   picture as sharp's default effort 4 for a few per cent more bytes, in a third of the time.
 * - JPEG quality 78, baseline, with mozjpeg's quantisation tables and optimised
 *   Huffman coding but without its trellis search: the fallback, which almost no
 *   browser picks; trellis quantisation took four times as long for a sixth fewer
 *   bytes, and a progressive JPEG took two thirds longer for slightly more bytes.
 * - PNG (for PNG sources only, which are drawings or screenshots): lossless, level 9.
 *
 * Every output is turned upright by its EXIF orientation, converted to sRGB, and
 * carries no metadata (sharp writes none unless asked): no EXIF, no GPS position,
 * no camera serial number reaches a visitor.
 */
import { availableParallelism } from 'node:os';
import type { OutputInfo } from 'sharp';
import { sharpLibrary, sharpThreads, sharpVersions } from './sharpLibrary.ts';

export type OutputFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export const encodings = {
  avif: { quality: 50, effort: 0, chromaSubsampling: '4:2:0' },
  webp: { quality: 75, effort: 1 },
  jpeg: { quality: 78, quantisationTable: 3, optimiseCoding: true },
  png: { compressionLevel: 9 },
} as const satisfies Record<OutputFormat, object>;

export const mimeTypes: Record<OutputFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/**
 * What decides an encoding's bytes besides the source, the format's options and the
 * widest width it was resized from: part of every cache key. `pipeline` names how the
 * pixels reach the encoder (decoded and resized once to the widest width, each narrower
 * width resized from those pixels, then encoded from raw pixels); change it when that changes.
 */
export const encoderVersion = {
  ...sharpVersions(),
  threads: sharpThreads,
  pipeline: 'raw-from-widest',
};

/** Raw pixels with their size, as sharp gives them. */
export interface Pixels {
  data: Buffer;
  info: OutputInfo;
}

function encodePixels({ data, info }: Pixels, format: OutputFormat): Promise<Buffer> {
  const { width, height, channels } = info;
  const pipeline = sharpLibrary()(data, { raw: { width, height, channels } });
  return format === 'avif'
    ? pipeline.avif(encodings.avif).toBuffer()
    : format === 'webp'
      ? pipeline.webp(encodings.webp).toBuffer()
      : format === 'jpeg'
        ? pipeline.jpeg(encodings.jpeg).toBuffer()
        : pipeline.png(encodings.png).toBuffer();
}

/**
 * `source` decoded, turned upright, resized to `widest` pixels wide (never enlarged) and
 * converted to sRGB: the pixels every width of it is made from. Rejects a truncated or damaged source.
 */
export async function decodeWidest(source: Uint8Array, widest: number): Promise<Pixels> {
  return sharpLibrary()(source, { failOn: 'truncated' })
    .rotate()
    .resize({ width: widest, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
}

/**
 * The bytes of `widest` (decodeWidest's pixels) at `width` pixels wide in each of
 * `formats`, in their order: resized from those pixels when narrower, then encoded per format.
 */
export async function encodeWidth(
  widest: Pixels,
  width: number,
  formats: readonly OutputFormat[],
): Promise<Uint8Array[]> {
  const { info } = widest;
  const pixels =
    width >= info.width
      ? widest
      : await sharpLibrary()(widest.data, {
          raw: { width: info.width, height: info.height, channels: info.channels },
        })
          .resize({ width })
          .raw({ depth: 'uchar' })
          .toBuffer({ resolveWithObject: true });
  const encoded: Uint8Array[] = [];
  // One after another: the caller's limiter already keeps every core busy with other widths.
  for (const format of formats) encoded.push(new Uint8Array(await encodePixels(pixels, format)));
  return encoded;
}

/**
 * The bytes of `source` at `width` pixels wide in `format`, made from its pixels at
 * `widest` (the widest width the pages use; `width` itself by default): the same bytes
 * `encodeWidth` gives from `decodeWidest(source, widest)`.
 */
export async function encodeImage(
  source: Uint8Array,
  format: OutputFormat,
  width: number,
  widest = width,
): Promise<Uint8Array> {
  return (await encodeWidth(await decodeWidest(source, widest), width, [format]))[0];
}

/**
 * Runs at most `limit` tasks at once, in the order they were given: one per core by default,
 * as libvips gives each operation one thread (sharpLibrary.ts); more at once only costs memory.
 */
export function createLimiter(limit = Math.max(1, availableParallelism())) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
