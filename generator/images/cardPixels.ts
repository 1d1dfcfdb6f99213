/**
 * The pixels of social cards. Cards share their background (a language's card frame, or a page's
 * shaded hero photo; social.ts): each card is the background with the part of it its texts reach
 * laid over it, then encoded by sharp.
 *
 * The pixels are RGB: a card is opaque, and sharp encodes three channels in about two thirds of
 * the time it takes to drop a fourth first. A card's pixel buffer is used again by a later card:
 * a fresh 2.3 MB buffer per card cost more in page faults than copying the background into a used
 * one. So at most one card per core is laid out and encoded at a time.
 */
import { availableParallelism } from 'node:os';
import type { Sharp as SharpPipeline } from 'sharp';
import { createLimiter } from './encode.ts';
import { sharpLibrary } from './sharpLibrary.ts';

/** Pixels as sharp reads them raw: 8 bits a channel, rows top to bottom. */
export interface RawPicture {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
}

/**
 * Opaque RGBA pixels (resvg's, whose premultiplied colours are the plain ones where alpha is
 * full) as RGB: the alpha channel dropped.
 */
export async function opaqueRgb(picture: RawPicture): Promise<RawPicture> {
  if (picture.channels === 3) return picture;
  const { width, height } = picture;
  const { data } = await sharpLibrary()(picture.data, { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width, height, channels: 3 };
}

/**
 * A picture put together from rows rasterised apart (RGBA, as resvg draws them): each of `strips`
 * as wide as the picture, at its first row; in every other row, `blankRow`, the one row of the
 * picture's background where nothing else is drawn. resvg draws a card frame's text rows and one
 * more, not the whole card. Whole rows are copied as they are.
 */
export function fromRows(
  width: number,
  height: number,
  strips: { picture: RawPicture; top: number }[],
  blankRow?: RawPicture,
): RawPicture {
  const stride = width * 4;
  const data = Buffer.allocUnsafe(stride * height);
  const covered = new Uint8Array(height);
  const checked = (picture: RawPicture, what: string) => {
    if (picture.channels !== 4 || picture.data.length !== picture.width * picture.height * 4)
      throw new Error(`fromRows: ${what} is not RGBA`);
    if (picture.width !== width) throw new Error(`fromRows: ${what} is not as wide as the picture`);
    return picture;
  };
  for (const { picture, top } of strips) {
    checked(picture, 'a strip');
    if (top < 0 || top + picture.height > height)
      throw new Error('fromRows: a strip reaches outside the picture');
    data.set(picture.data, top * stride);
    covered.fill(1, top, top + picture.height);
  }
  if (covered.includes(0)) {
    if (!blankRow) throw new Error('fromRows: no blank row for the rows no strip covers');
    if (checked(blankRow, 'the blank row').height !== 1)
      throw new Error('fromRows: the blank row is not one row');
    for (let row = 0; row < height; row++) if (!covered[row]) data.set(blankRow.data, row * stride);
  }
  return { data, width, height, channels: 4 };
}

/** How a card's pixels become a file: sharp's PNG or JPEG settings applied to the pipeline. */
export type CardEncoding = (pixels: SharpPipeline) => SharpPipeline;

/**
 * A function that encodes `background` (RGB) with `texts` (premultiplied RGBA, as resvg draws
 * them) laid over it at `at`. At most `inFlight` cards (one per core) are laid out and encoded at
 * once; their buffers are reused.
 */
export function createCardEncoder(
  inFlight = availableParallelism(),
): (background: RawPicture, texts: RawPicture, at: Place, encoding: CardEncoding) => Promise<Uint8Array> {
  const limit = createLimiter(inFlight);
  const spare: Buffer[] = [];
  return (background, texts, at, encoding) =>
    limit(async () => {
      const { width, height, channels } = background;
      if (channels !== 3) throw new Error('createCardEncoder: an RGB background');
      const reused = spare.pop();
      const pixels =
        reused?.length === background.data.length ? reused : Buffer.allocUnsafe(background.data.length);
      try {
        pixels.set(background.data);
        layOverInto(pixels, background, texts, at);
        const card = sharpLibrary()(pixels, { raw: { width, height, channels } });
        return new Uint8Array(await encoding(card).toBuffer());
      } finally {
        spare.push(pixels);
      }
    });
}

/** Where an overlay goes on a card: its first column and row, in whole pixels. */
export interface Place {
  left: number;
  top: number;
}

/**
 * `overlay` laid over `pixels`, an RGB picture, with its top left corner at `at`. The overlay is
 * RGBA with premultiplied alpha, as resvg draws it, so laying it over is one multiply-add per
 * channel (`overlay + picture × (1 − alpha)`, rounded): a third of what sharp's composite costs,
 * which works in floating point. Where the overlay is clear the picture stays as it is.
 */
export function layOverInto(
  pixels: Uint8Array,
  picture: { width: number; height: number; channels: number },
  overlay: RawPicture,
  at: Place,
): void {
  if (
    picture.channels !== 3 ||
    overlay.channels !== 4 ||
    overlay.data.length !== overlay.width * overlay.height * 4 ||
    at.left < 0 ||
    at.top < 0 ||
    at.left + overlay.width > picture.width ||
    at.top + overlay.height > picture.height
  )
    throw new Error('layOverInto: an RGB picture and an RGBA overlay within it');
  const over = overlay.data;
  for (let row = 0, pixel = 0; row < overlay.height; row++) {
    const end = pixel + overlay.width * 4;
    for (let to = ((at.top + row) * picture.width + at.left) * 3; pixel < end; pixel += 4, to += 3) {
      const alpha = over[pixel + 3];
      if (alpha === 0) continue;
      const through = 255 - alpha;
      pixels[to] = (over[pixel] + (pixels[to] * through + 127) / 255) | 0;
      pixels[to + 1] = (over[pixel + 1] + (pixels[to + 1] * through + 127) / 255) | 0;
      pixels[to + 2] = (over[pixel + 2] + (pixels[to + 2] * through + 127) / 255) | 0;
    }
  }
}
