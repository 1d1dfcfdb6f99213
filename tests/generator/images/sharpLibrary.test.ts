/** sharp's versions read from the installed packages, without loading the library, match the library's own. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sharpLibrary, sharpVersions } from '../../../generator/images/sharpLibrary.ts';

describe('sharpLibrary', () => {
  it('tells the versions sharp reports for itself and its libvips', () => {
    expect(sharpVersions()).toEqual({ sharp: sharp.versions.sharp, vips: sharp.versions.vips });
  });

  it('gives the sharp function itself', () => {
    expect(sharpLibrary()).toBe(sharp);
  });
});
