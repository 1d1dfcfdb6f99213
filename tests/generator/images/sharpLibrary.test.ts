/** sharp's versions read from the installed packages, without loading the library, match the library's own. */
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { sharpLibrary, sharpVersions } from '../../../generator/images/sharpLibrary.ts';

describe('sharpLibrary', () => {
  it('tells the versions sharp reports for itself and its libvips', () => {
    expect(sharpVersions()).toEqual({ sharp: sharp.versions.sharp, vips: sharp.versions.vips });
  });

  it('gives the sharp function itself', () => {
    expect(sharpLibrary()).toBe(sharp);
  });

  it('loads it with one thread per operation, whatever its default on this platform', async () => {
    // A Mac's default: a thread per core (sharp's own is one on Linux with glibc).
    sharp.concurrency(4);
    vi.resetModules();
    const { sharpLibrary: loadedAfresh } = await import('../../../generator/images/sharpLibrary.ts');
    expect(loadedAfresh()).toBe(sharp);
    expect(sharp.concurrency()).toBe(1);
  });
});
