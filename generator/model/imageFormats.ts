/** The image formats a page may show, by the file name's extension under content/images. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'svg';

export const formatOfExtension: Readonly<Record<string, ImageFormat>> = {
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.png': 'png',
  '.webp': 'webp',
  '.avif': 'avif',
  '.svg': 'svg',
};

export const imageExtensions = Object.keys(formatOfExtension);
