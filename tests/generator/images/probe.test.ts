/** The format from the bytes, never the name; the size as shown; the limits. */
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../generator/errors/siteError.ts';
import { maximumSourceBytes, probeImage, sniffFormat } from '../../../generator/images/probe.ts';
import { makePhoto } from '../../helpers/photos.ts';

const svg = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"/>',
);

async function probeError(file: string, bytes: Uint8Array): Promise<SiteError> {
  const error = await probeImage(file, bytes).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SiteError);
  return error as SiteError;
}

describe('probeImage', () => {
  it('reads each format from its bytes, with its size', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif'] as const) {
      const bytes = await makePhoto({ width: 64, height: 48, format, grain: 0 });
      expect(sniffFormat(bytes), format).toBe(format);
      const name = `photo.${format === 'jpeg' ? 'jpg' : format}`;
      expect(await probeImage(`/c/images/${name}`, bytes)).toEqual({ format, width: 64, height: 48 });
    }
    expect(await probeImage('/c/images/logo.svg', svg)).toEqual({ format: 'svg', width: 40, height: 20 });
  });

  it('gives a photo turned by its EXIF orientation the size it is shown at', async () => {
    const stored = await sharp(await makePhoto({ width: 60, height: 40, grain: 0 }))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await probeImage('/c/images/portrait.jpg', stored)).toMatchObject({ width: 40, height: 60 });
  });

  it('refuses a JPEG named as SVG or PNG, saying what it is and how to fix it, at the file', async () => {
    const jpeg = await makePhoto({ width: 32, height: 32 });
    const error = await probeError('/c/images/vision.svg', jpeg);
    expect(error.code).toBe('IMAGE_MISLABELLED');
    expect(error.location).toEqual({ file: '/c/images/vision.svg' });
    expect(error.message).toBe('vision.svg is named as SVG but its bytes are JPEG');
    expect(error.hint).toMatch(/^Rename it to vision\.jpg /);
    expect((await probeError('/c/images/vision.png', jpeg)).message).toBe(
      'vision.png is named as PNG but its bytes are JPEG',
    );
  });

  it('refuses bytes that are no image at all, and an SVG without a size', async () => {
    const text = await probeError('/c/images/photo.jpg', Buffer.from('not a photo'));
    expect(text.code).toBe('IMAGE_MISLABELLED');
    expect(text.message).toMatch(/its bytes are not an image the site reads/);
    const sizeless = await probeError(
      '/c/images/mark.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    expect(sizeless.code).toBe('IMAGE_UNREADABLE');
  });

  it('refuses a PNG whose header is cut short', async () => {
    const png = await makePhoto({ width: 32, height: 32, format: 'png' });
    const error = await probeError('/c/images/cut.png', png.subarray(0, 20));
    expect(error.code).toBe('IMAGE_UNREADABLE');
    expect(error.message).toBe('cut.png cannot be read to the end: the file is truncated or damaged');
  });

  it('refuses a source over the size limit before reading it', async () => {
    const huge = Buffer.alloc(maximumSourceBytes + 1);
    const error = await probeError(path.join('/c/images', 'huge.jpg'), huge);
    expect(error.code).toBe('IMAGE_TOO_LARGE');
    expect(error.message).toMatch(/^huge\.jpg is 25\.0 MB, over the 25 MB limit/);
  });
});
