/** One encoding: its format and width, upright, in sRGB, with no metadata left. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLimiter, decodeWidest, encodeImage, encodeWidth } from '../../../generator/images/encode.ts';
import { sniffFormat } from '../../../generator/images/probe.ts';
import { makePhoto } from '../../helpers/photos.ts';

describe('encodeImage', () => {
  it('writes each format at the width asked for, keeping the aspect', async () => {
    const source = await makePhoto({ width: 800, height: 600 });
    for (const format of ['avif', 'webp', 'jpeg', 'png'] as const) {
      const bytes = await encodeImage(source, format, 400);
      expect(sniffFormat(bytes), format).toBe(format);
      expect(await sharp(bytes).metadata(), format).toMatchObject({ width: 400, height: 300 });
    }
  });

  it('strips EXIF (a GPS position included) and the colour profile, converts to sRGB, and turns the photo upright', async () => {
    const tagged = await sharp(await makePhoto({ width: 300, height: 200, grain: 0 }))
      .withExif({
        IFD0: { Make: 'Camera', Copyright: 'Someone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 0/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const before = await sharp(tagged).metadata();
    expect(before.exif).toBeDefined();
    expect(before.icc).toBeDefined();
    for (const format of ['avif', 'webp', 'jpeg'] as const) {
      const after = await sharp(await encodeImage(tagged, format, 100)).metadata();
      expect(after.exif, format).toBeUndefined();
      expect(after.orientation, format).toBeUndefined();
      expect(after.space, format).toBe('srgb');
      expect([after.width, after.height], format).toEqual([100, 150]);
    }
    const jpeg = Buffer.from(await encodeImage(tagged, 'jpeg', 100));
    expect(jpeg.includes('Someone')).toBe(false);
  });

  it('makes a narrower width from the widest width’s pixels: the same bytes alone, and the picture a direct resize gives', async () => {
    const source = await makePhoto({ width: 1600, height: 1200, seed: 21, quality: 90 });
    const [fromWidest] = await encodeWidth(await decodeWidest(source, 1200), 400, ['webp']);
    expect(Buffer.from(await encodeImage(source, 'webp', 400, 1200))).toEqual(Buffer.from(fromWidest));
    expect(await sharp(fromWidest).metadata()).toMatchObject({ width: 400, height: 300 });
    // Against the source resized straight to 400 px: the difference is far below what the encoder itself loses.
    const direct = await sharp(source).resize({ width: 400 }).removeAlpha().raw().toBuffer();
    const widest = await decodeWidest(source, 1200);
    const resized = await sharp(widest.data, {
      raw: { width: widest.info.width, height: widest.info.height, channels: widest.info.channels },
    })
      .resize({ width: 400 })
      .raw()
      .toBuffer();
    let squared = 0;
    for (let index = 0; index < direct.length; index++) squared += (direct[index] - resized[index]) ** 2;
    const psnr = 10 * Math.log10((255 * 255) / (squared / direct.length));
    expect(psnr).toBeGreaterThan(40);
  });

  it('refuses a truncated source instead of encoding half a picture', async () => {
    const source = await makePhoto({ width: 400, height: 300 });
    await expect(encodeImage(source.subarray(0, source.length / 2), 'webp', 200)).rejects.toThrow();
  });
});

describe('createLimiter', () => {
  it('runs no more than its limit at once, and every task', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        limit(async () => {
          most = Math.max(most, ++running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running--;
          return index;
        }),
      ),
    );
    expect(results).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });
});
