/** The asset stage: hashed file names, self-contained scripts, CSP hashes of the inline scripts, image sizes. */
import { createHash } from 'node:crypto';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAssets, startBundler } from '../../../generator/build/assets.ts';
import { createDisabledImageCache } from '../../../generator/build/imageCache.ts';
import type { PlannedImageBuild } from '../../../generator/build/pictures.ts';
import {
  assetInputOf,
  defaultClientDir,
  encodeImages,
  routeTableOf,
} from '../../../generator/build/stages.ts';
import { loadContent } from '../../../generator/content/load.ts';
import type { Assets } from '../../../generator/model/builtAssets.ts';
import { scriptsFor, pageIds } from '../../../generator/model/pages.ts';
import { realContent } from '../../helpers/site.ts';

let assets: Assets;
let again: Assets;
let images: PlannedImageBuild;

beforeAll(async () => {
  const content = await loadContent(realContent);
  const input = assetInputOf(content, routeTableOf(content), { clientDir: defaultClientDir });
  // Photos planned, not encoded: their files are the images stage's (tests/generator/build/pictures.test.ts).
  images = await encodeImages(content, realContent, createDisabledImageCache(), { encode: false });
  assets = await buildAssets(input, images);
  again = await buildAssets(input, images);
});

const fileOf = (urlPath: string) => assets.files.find((file) => `/${file.path}` === urlPath);

describe('the asset stage', () => {
  it('names each file by a hash of its contents, and the same input makes the same files', () => {
    for (const file of assets.files) {
      const hash = /\.([0-9A-Za-z]{8,10})\.\w+$/.exec(file.path)?.[1];
      expect(hash, file.path).toBeDefined();
    }
    expect(fileOf(assets.stylesheet)).toBeDefined();
    expect(again.files.map((file) => file.path)).toEqual(assets.files.map((file) => file.path));
  });

  it('bundles every script a page loads', () => {
    const entries = new Set(pageIds.flatMap(scriptsFor));
    for (const entry of entries) {
      expect(assets.scripts[entry], entry).toMatch(/^\/assets\/.+\.js$/);
      expect(fileOf(assets.scripts[entry]), entry).toBeDefined();
    }
  });

  it('gives each inline script the CSP hash of its code', () => {
    expect(Object.keys(assets.inlineScripts).length).toBeGreaterThan(0);
    for (const script of Object.values(assets.inlineScripts)) {
      const digest = createHash('sha256').update(script.code).digest('base64');
      expect(script.cspHash).toBe(`sha256-${digest}`);
    }
  });

  it('gives each image a file or a planned encoding, and a size', () => {
    for (const [name, image] of Object.entries(assets.images)) {
      expect(fileOf(image.src) ?? images.encodings.get(image.src.slice(1)), name).toBeDefined();
      expect(image.width, name).toBeGreaterThan(0);
      expect(image.height, name).toBeGreaterThan(0);
    }
  });
});

describe('startBundler', () => {
  it("starts esbuild's process through its own start, once, whatever else asks for it", async () => {
    await startBundler();
    await startBundler(); // a second build in this process: harmless
    // esbuild's own start ran (it starts its process), so it refuses to run again.
    expect(() => esbuild.initialize({})).toThrow(/more than once/);
    // And bundling works on the running process.
    expect((await esbuild.transform('let a = 1', { minify: true })).code).toBe('let a=1;\n');
  });
});
