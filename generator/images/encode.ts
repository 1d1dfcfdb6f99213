/**
 * Encoding one photo at one width in one format, with sharp (libvips). The
 * qualities are set here, per format, and nowhere else:
 *
 * - AVIF quality 50, effort 2: about a third of the WebP's bytes for the same look;
 *   effort 2 encodes four to five times faster than sharp's default 4 for a few
 *   per cent more bytes, so a first build with many photos stays in seconds.
 * - WebP quality 75 (effort 4, sharp's default): the format every current browser has.
 * - JPEG quality 78 with mozjpeg's tables and progressive scans: the fallback.
 * - PNG (for PNG sources only, which are drawings or screenshots): lossless, level 9.
 *
 * Every output is turned upright by its EXIF orientation, converted to sRGB, and
 * carries no metadata (sharp writes none unless asked): no EXIF, no GPS position,
 * no camera serial number reaches a visitor.
 */
import { availableParallelism } from 'node:os';
import sharp from 'sharp';

export type OutputFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export const encodings = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 78, mozjpeg: true, progressive: true },
  png: { compressionLevel: 9 },
} as const satisfies Record<OutputFormat, object>;

export const mimeTypes: Record<OutputFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** What decides an encoding's bytes besides the source: part of every cache key. */
export const encoderVersion = { sharp: sharp.versions.sharp, vips: sharp.versions.vips };

/** The bytes of `source` at `width` pixels wide in `format`; rejects a truncated or damaged source. */
export async function encodeImage(
  source: Uint8Array,
  format: OutputFormat,
  width: number,
): Promise<Uint8Array> {
  const pipeline = sharp(source, { failOn: 'truncated' })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .toColourspace('srgb');
  const encoded =
    format === 'avif'
      ? pipeline.avif(encodings.avif)
      : format === 'webp'
        ? pipeline.webp(encodings.webp)
        : format === 'jpeg'
          ? pipeline.jpeg(encodings.jpeg)
          : pipeline.png(encodings.png);
  return new Uint8Array(await encoded.toBuffer());
}

/**
 * Runs at most `limit` tasks at once, in the order they were given: libvips already
 * uses every core for one image, so more at once only costs memory.
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
