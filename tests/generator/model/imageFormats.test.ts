/** The image formats a page may show, by file extension. */
import { describe, expect, it } from 'vitest';
import { formatOfExtension, imageExtensions } from '../../../generator/model/imageFormats.ts';

describe('image formats', () => {
  it('reads both spellings of JPEG as one format', () => {
    expect(formatOfExtension['.jpg']).toBe('jpeg');
    expect(formatOfExtension['.jpeg']).toBe('jpeg');
  });

  it('lists every extension it knows, with its dot, in lower case', () => {
    expect(imageExtensions).toEqual(Object.keys(formatOfExtension));
    for (const extension of imageExtensions) expect(extension).toMatch(/^\.[a-z]+$/);
    expect(formatOfExtension['.gif']).toBeUndefined();
  });
});
