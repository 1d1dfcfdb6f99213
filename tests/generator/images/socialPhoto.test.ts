/** The preview crop: it fills 1200 × 630 and keeps the focus as central as the edges allow. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cropAround, cropPhoto, previewJpeg } from '../../../generator/images/socialPhoto.ts';
import { createCardEncoder, type RawPicture } from '../../../generator/images/cardPixels.ts';
import { sniffFormat } from '../../../generator/images/probe.ts';

/** A photo's preview as social.ts makes it: the texts laid over the (cropped) photo, as JPEG. */
const composePhotoPreview = (photo: RawPicture, texts: RawPicture) =>
  createCardEncoder()(photo, texts, { left: 0, top: 0 }, (card) => card.jpeg(previewJpeg));

const target = { width: 1200, height: 630 };

describe('cropAround', () => {
  it('scales a 4:3 photo to the target width and keeps the focus row in the middle', () => {
    expect(cropAround(1600, 1200, { x: 0.5, y: 0.5 }, target)).toEqual({
      scaledWidth: 1200,
      scaledHeight: 900,
      left: 0,
      top: 135,
    });
    expect(cropAround(1600, 1200, { x: 0.5, y: 0.62 }, target).top).toBe(243);
  });

  it('stops at the edges: a focus at a corner crops from that corner', () => {
    expect(cropAround(4000, 1000, { x: 0, y: 0 }, target)).toMatchObject({
      left: 0,
      top: 0,
      scaledHeight: 630,
    });
    const right = cropAround(4000, 1000, { x: 1, y: 1 }, target);
    expect(right.left).toBe(right.scaledWidth - 1200);
    expect(right.top).toBe(0);
  });
});

describe('a photo preview', () => {
  it('crops around the focus: a red top half stays red under a focus at the top', async () => {
    const photo = await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#00f' } })
      .composite([
        { input: { create: { width: 800, height: 600, channels: 3, background: '#f00' } }, top: 0, left: 0 },
      ])
      .jpeg()
      .toBuffer();
    // resvg's pixels: RGBA with premultiplied alpha; all clear here.
    const clear = { data: new Uint8Array(1200 * 630 * 4), width: 1200, height: 630, channels: 4 as const };
    const colourAt = async (focusY: number) => {
      const preview = await composePhotoPreview(await cropPhoto(photo, { x: 0.5, y: focusY }, target), clear);
      expect(sniffFormat(preview)).toBe('jpeg');
      const { data, info } = await sharp(preview).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([1200, 630]);
      const middle = (315 * 1200 + 600) * 3;
      return data[middle] > data[middle + 2] ? 'red' : 'blue';
    };
    expect(await colourAt(0.1)).toBe('red');
    expect(await colourAt(0.9)).toBe('blue');
  });

  it('lays the overlay over the photo as resvg draws it, with premultiplied alpha', async () => {
    const black = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    // White at half opacity, premultiplied: each colour channel is already halved.
    const halfWhite = new Uint8Array(1200 * 630 * 4).fill(128);
    const preview = await composePhotoPreview(await cropPhoto(black, { x: 0.5, y: 0.5 }, target), {
      data: halfWhite,
      width: 1200,
      height: 630,
      channels: 4,
    });
    const { data } = await sharp(preview).raw().toBuffer({ resolveWithObject: true });
    const middle = (315 * 1200 + 600) * 3;
    expect(Math.abs(data[middle] - 128)).toBeLessThanOrEqual(3);
  });

  it('turns the photo upright before cropping it', async () => {
    // Stored 1200 wide and 800 high, shown 800 wide and 1200 high (EXIF orientation 6).
    const sideways = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0f0' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const crop = await cropPhoto(sideways, { x: 0.5, y: 0.5 }, target);
    expect([crop.width, crop.height, crop.data.length]).toEqual([1200, 630, 1200 * 630 * 3]);
  });
});
