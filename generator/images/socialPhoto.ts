/**
 * A page's social preview from its hero photo: the photo cropped to 1200 × 630
 * around the focus point the editor set (`focus: 50% 30%`, the centre by default),
 * a shade laid over it once for every language, then the brand and title (drawn by
 * social.ts, cardPixels.ts), saved as JPEG: a photo as PNG would weigh ten times as much.
 */
import { sharpLibrary } from './sharpLibrary.ts';
import type { PageId } from '../model/pages.ts';
import { encoderVersion } from './encode.ts';
import type { PageImageKey } from '../model/imageSlots.ts';
import { layOverInto, type RawPicture } from './cardPixels.ts';

/** The pages whose preview shows their hero photo, and the image each shows. */
export const heroPhotoOf: Partial<Record<PageId, PageImageKey>> = {
  partnership: 'partnership.hero.image',
  coverage: 'coverage.hero.image',
};

/**
 * Quality 82 with mozjpeg's quantisation tables and optimised Huffman coding, baseline (every
 * crawler reads it); mozjpeg's trellis search took seven times as long for a sixth fewer bytes.
 */
export const previewJpeg = { quality: 82, quantisationTable: 3, optimiseCoding: true } as const;

/** What besides the photo's bytes, the focus and the overlay decides the preview's bytes. */
export const photoPreviewVersion = {
  ...encoderVersion,
  jpeg: previewJpeg,
  overlay: 'premultiplied over: the shade over the photo, then the texts over their rows',
};

export interface Crop {
  /** The photo is first scaled to this size, the smallest that covers the target. */
  scaledWidth: number;
  scaledHeight: number;
  left: number;
  top: number;
}

/** The crop of a `width` × `height` photo that fills the target and keeps the focus as central as the edges allow. */
export function cropAround(
  width: number,
  height: number,
  focus: { x: number; y: number },
  target: { width: number; height: number },
): Crop {
  const scale = Math.max(target.width / width, target.height / height);
  const scaledWidth = Math.max(target.width, Math.round(width * scale));
  const scaledHeight = Math.max(target.height, Math.round(height * scale));
  const clamp = (value: number, most: number) => Math.min(Math.max(0, Math.round(value)), most);
  return {
    scaledWidth,
    scaledHeight,
    left: clamp(focus.x * scaledWidth - target.width / 2, scaledWidth - target.width),
    top: clamp(focus.y * scaledHeight - target.height / 2, scaledHeight - target.height),
  };
}

/**
 * The photo turned upright, scaled and cropped around its focus to the target, in
 * sRGB: decoded once per page, then shared by that page's preview in every language.
 */
export async function cropPhoto(
  photo: Uint8Array,
  focus: { x: number; y: number },
  target: { width: number; height: number },
): Promise<RawPicture> {
  const { autoOrient } = await sharpLibrary()(photo).metadata();
  const crop = cropAround(autoOrient.width, autoOrient.height, focus, target);
  const { data, info } = await sharpLibrary()(photo, { failOn: 'truncated' })
    .rotate()
    .resize(crop.scaledWidth, crop.scaledHeight)
    .extract({ left: crop.left, top: crop.top, ...target })
    .toColourspace('srgb')
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 };
}

/** The cropped photo with `overlay` (premultiplied RGBA, as resvg draws it, as large as the photo) laid over it. */
export function layOver(photo: RawPicture, overlay: RawPicture): RawPicture {
  if (overlay.width !== photo.width || overlay.height !== photo.height)
    throw new Error('layOver: an overlay as large as the photo');
  // A copy: `Buffer.from` copies a Buffer several times slower than this on Node 20.
  const out = Buffer.allocUnsafe(photo.data.length);
  out.set(photo.data);
  layOverInto(out, photo, overlay, { left: 0, top: 0 });
  return { data: out, width: photo.width, height: photo.height, channels: 3 };
}
