/**
 * A page's social preview from its hero photo: the photo cropped to 1200 × 630
 * around the focus point the editor set (`focus: 50% 30%`, the centre by default),
 * the brand and title laid over it (drawn by social.ts), saved as JPEG: a photo
 * as PNG would weigh ten times as much.
 */
import sharp from 'sharp';
import type { PageId } from '../model/pages.ts';
import { encoderVersion } from './encode.ts';
import type { PageImageKey } from '../model/imageSlots.ts';

/** The pages whose preview shows their hero photo, and the image each shows. */
export const heroPhotoOf: Partial<Record<PageId, PageImageKey>> = {
  partnership: 'partnership.hero.image',
  coverage: 'coverage.hero.image',
};

export const previewJpeg = { quality: 82, mozjpeg: true } as const;

/** What besides the photo's bytes, the focus and the overlay decides the preview's bytes. */
export const photoPreviewVersion = { ...encoderVersion, jpeg: previewJpeg };

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

/** The photo cropped around its focus, with `overlay` (a PNG of the target's size) on top, as JPEG. */
export async function composePhotoPreview(
  photo: Uint8Array,
  focus: { x: number; y: number },
  overlay: Uint8Array,
  target: { width: number; height: number },
): Promise<Uint8Array> {
  const upright = await sharp(photo).rotate().toBuffer({ resolveWithObject: true });
  const crop = cropAround(upright.info.width, upright.info.height, focus, target);
  const bytes = await sharp(upright.data)
    .resize(crop.scaledWidth, crop.scaledHeight)
    .extract({ left: crop.left, top: crop.top, ...target })
    .composite([{ input: Buffer.from(overlay) }])
    .toColourspace('srgb')
    .jpeg(previewJpeg)
    .toBuffer();
  return new Uint8Array(bytes);
}
