/** The asset stage: hashed file names, self-contained scripts, CSP hashes of the inline scripts, image sizes. */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAssets } from '../../../generator/build/assets.ts';
import { assetInputOf, defaultClientDir, routeTableOf } from '../../../generator/build/stages.ts';
import { loadContent } from '../../../generator/content/load.ts';
import type { Assets } from '../../../generator/model/builtAssets.ts';
import { scriptsFor, pageIds } from '../../../generator/model/pages.ts';
import { realContent } from '../../helpers/site.ts';

let assets: Assets;
let again: Assets;

beforeAll(async () => {
  const content = await loadContent(realContent);
  const input = assetInputOf(content, routeTableOf(content), {
    contentDir: realContent,
    clientDir: defaultClientDir,
  });
  assets = await buildAssets(input);
  again = await buildAssets(input);
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

  it('reads each image size from its file', () => {
    for (const [name, image] of Object.entries(assets.images)) {
      expect(fileOf(image.src), name).toBeDefined();
      expect(image.width, name).toBeGreaterThan(0);
      expect(image.height, name).toBeGreaterThan(0);
    }
  });
});
