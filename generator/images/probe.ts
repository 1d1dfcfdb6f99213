/**
 * What an image file really is: its format from its first bytes (never from its
 * name), and for a photo its size as shown (EXIF orientation applied). A file whose
 * bytes are not what its name says, one that cannot be read, or one over the size
 * limit is a located SiteError, so the editor learns which file and what to do.
 */
import path from 'node:path';
import { imageSize } from 'image-size';
import type { Metadata } from 'sharp';
import { sharpLibrary } from './sharpLibrary.ts';
import { SiteError } from '../errors/siteError.ts';
import { formatOfExtension, imageExtensions, type ImageFormat } from '../model/imageFormats.ts';

export { formatOfExtension, imageExtensions, type ImageFormat };

/** A source file over this many bytes is refused: a camera's full-size JPEG is 5–15 MB. */
export const maximumSourceBytes = 25 * 1024 * 1024;

const formatNames: Record<ImageFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  avif: 'AVIF',
  svg: 'SVG',
};

/** The format the bytes are, by their signature; undefined for anything else. */
export function sniffFormat(bytes: Uint8Array): ImageFormat | undefined {
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp' && /avi[fs]/.test(ascii(8, 32))) return 'avif';
  const head = Buffer.from(bytes.subarray(0, 4096))
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head)) return 'svg';
  return undefined;
}

export interface ProbedImage {
  format: ImageFormat;
  /** As shown: a portrait photo stored sideways with an EXIF orientation is tall here. */
  width: number;
  height: number;
}

/** Reads and checks one source image; `file` is its path, for the messages. */
export async function probeImage(file: string, bytes: Uint8Array): Promise<ProbedImage> {
  const name = path.basename(file);
  const named = formatOfExtension[path.extname(file).toLowerCase()];
  if (!named)
    throw new SiteError({
      code: 'IMAGE_MISLABELLED',
      message: `${name} is not an image type the site uses`,
      location: { file },
      hint: `Save it as ${imageExtensions.join(', ')}.`,
    });
  if (bytes.byteLength > maximumSourceBytes)
    throw new SiteError({
      code: 'IMAGE_TOO_LARGE',
      message: `${name} is ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB, over the ${maximumSourceBytes / 1024 / 1024} MB limit for a source image`,
      location: { file },
    });
  const actual = sniffFormat(bytes);
  if (actual !== named)
    throw new SiteError({
      code: 'IMAGE_MISLABELLED',
      message: actual
        ? `${name} is named as ${formatNames[named]} but its bytes are ${formatNames[actual]}`
        : `${name} is named as ${formatNames[named]} but its bytes are not an image the site reads (JPEG, PNG, WebP, AVIF or SVG)`,
      location: { file },
      hint: actual
        ? `Rename it to ${path.basename(name, path.extname(name))}${extensionOf(actual)} and use that name in the texts, or export it again as ${formatNames[named]}.`
        : 'Export it again from the photo or drawing program; a file renamed from another type is not converted.',
    });
  if (actual === 'svg') {
    let size: ReturnType<typeof imageSize> | undefined;
    try {
      size = imageSize(bytes);
    } catch {
      // Reported below.
    }
    if (!size?.width || !size.height)
      throw new SiteError({
        code: 'IMAGE_UNREADABLE',
        message: `${name} has no readable width and height`,
        location: { file },
        hint: 'Give the SVG width and height attributes, or a viewBox.',
      });
    return { format: 'svg', width: size.width, height: size.height };
  }
  let metadata: Metadata;
  try {
    metadata = await sharpLibrary()(bytes).metadata();
  } catch (error) {
    throw unreadable(file, error);
  }
  if (!metadata.width || !metadata.height) throw unreadable(file, undefined);
  // Orientations 5 to 8 turn the picture by a quarter: its shown width is its stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  return {
    format: actual,
    width: turned ? metadata.height : metadata.width,
    height: turned ? metadata.width : metadata.height,
  };
}

export function extensionOf(format: ImageFormat): string {
  return format === 'jpeg' ? '.jpg' : `.${format}`;
}

/** A file whose header or pixels cannot be decoded: truncated in a copy, damaged, half saved. */
export function unreadable(file: string, cause: unknown): SiteError {
  return new SiteError({
    code: 'IMAGE_UNREADABLE',
    message: `${path.basename(file)} cannot be read to the end: the file is truncated or damaged`,
    location: { file },
    hint: 'Copy or export the image again; open it in an image viewer to check it shows whole.',
    cause,
  });
}
