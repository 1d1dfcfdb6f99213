/**
 * Builds the real content once per test run, before any test file starts, into
 * a temporary folder. Every test that only reads the output (pages, SEO, host
 * files, validity, the preview, real hosts, the browser tests) reads this one
 * build through tests/helpers/sharedBuild.ts; tests that change the content or
 * the CLI's behaviour still build their own.
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../../generator/build/pipeline.ts';
import { defaultImageCacheDir } from '../../generator/build/stages.ts';
import { createDirectoryWriter } from '../../generator/build/writer.ts';

export interface SharedBuildInfo {
  /** The built folder; read it, never change it. */
  dist: string;
  /** The build's report, as JSON. */
  reportFile: string;
  /**
   * A copy of the image cache as this build left it: every image the real content
   * needs, and nothing else. Tests of the cache copy it instead of drawing every
   * image again on a cold cache.
   */
  imageCacheDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    sharedBuild: SharedBuildInfo;
  }
}

export default async function setup(project: TestProject) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'site-shared-'));
  const dist = path.join(root, 'dist');
  const contentDir = path.resolve(import.meta.dirname, '../../content');
  // --strict: the real content is complete, and the tests reading it rely on that.
  const report = await build({ contentDir, writer: createDirectoryWriter(dist), strict: true });
  const reportFile = path.join(root, 'report.json');
  await writeFile(reportFile, JSON.stringify(report));
  // Taken before any test file starts, so no other build is writing or pruning the cache meanwhile.
  const imageCacheDir = path.join(root, 'image-cache');
  await cp(defaultImageCacheDir, imageCacheDir, { recursive: true });
  project.provide('sharedBuild', { dist, reportFile, imageCacheDir });
  return async () => {
    await rm(root, { recursive: true, force: true });
  };
}
