/**
 * sharp, loaded on first use. Its native library costs tens of milliseconds to load, and a
 * build whose images all come from the cache encodes nothing: it needs only the versions that
 * key the cache, which the installed packages' own files tell without loading the library.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type SharpModule from 'sharp';

export type Sharp = typeof SharpModule;

const require = createRequire(import.meta.url);
let loaded: Sharp | undefined;

/**
 * The threads libvips gives one operation. libvips' AVIF encoder (aom) writes other bytes with
 * more threads, and sharp's default differs by platform (one on Linux with glibc, a thread per core
 * on macOS and musl): the same photo made other files, and cache entries, on each. With one on every
 * machine the bytes are the same everywhere; photos are encoded a few at a time instead (encode.ts).
 */
export const sharpThreads = 1;

/** The sharp function, loading the library the first time. */
export function sharpLibrary(): Sharp {
  if (!loaded) {
    loaded = require('sharp') as Sharp;
    loaded.concurrency(sharpThreads);
  }
  return loaded;
}

const jsonOf = (specifier: string): Record<string, unknown> | undefined => {
  try {
    return JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

/**
 * sharp's version and libvips' as `sharp.versions` gives them: from the prebuilt libvips package
 * sharp installs for this platform (the one it loads when its prebuilt binding is installed), or
 * else from the library itself (a libvips of the system's, whose version only it knows). A sharp
 * built from source beside installed prebuilt packages would be keyed by the prebuilt libvips.
 */
export function sharpVersions(): { sharp: string; vips: string } {
  const sharpVersion = jsonOf('sharp/package.json')?.version;
  // sharp's prebuilt packages are named by platform: glibc Linux, else musl Linux.
  const platform = `${process.platform}-${process.arch}`;
  const prebuilt = (name: (platform: string) => string) =>
    jsonOf(name(platform)) ?? jsonOf(name(platform.replace(/^linux/, 'linuxmusl')));
  const vipsVersion = prebuilt((platform) => `@img/sharp-libvips-${platform}/versions`)?.vips;
  const prebuiltBinding = prebuilt((platform) => `@img/sharp-${platform}/package`);
  if (typeof sharpVersion === 'string' && typeof vipsVersion === 'string' && prebuiltBinding)
    return { sharp: sharpVersion, vips: vipsVersion };
  const { versions } = sharpLibrary();
  return { sharp: versions.sharp, vips: versions.vips };
}
