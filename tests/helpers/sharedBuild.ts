/** The one build of the real content per test run (tests/setup/buildOnce.ts), read from its folder. */
import { cp, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import type { BuildReport } from '../../generator/build/pipeline.ts';
import type { MemoryBuild } from './memoryBuild.ts';

/** The shared build's folder: read it, never change it. */
export const sharedDist = (): string => inject('sharedBuild').dist;

/**
 * A private copy of the image cache as the shared build left it (every image of the
 * real content), in `into`; a test may change it.
 */
export async function warmImageCache(into: string): Promise<string> {
  await cp(inject('sharedBuild').imageCacheDir, into, { recursive: true });
  return into;
}

/** The shared build's report, without reading its files. */
export async function sharedReport(): Promise<BuildReport> {
  return JSON.parse(await readFile(inject('sharedBuild').reportFile, 'utf8')) as BuildReport;
}

/** The shared build, with the same reading helpers as an in-memory build. */
export async function sharedBuild(): Promise<MemoryBuild> {
  const { dist } = inject('sharedBuild');
  const report = await sharedReport();
  const paths = (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  const files = new Map(
    await Promise.all(paths.map(async (file) => [file, await readFile(path.join(dist, file))] as const)),
  );
  const get = (file: string) => {
    const contents = files.get(file);
    if (contents === undefined) throw new Error(`not built: ${file}`);
    return contents;
  };
  return {
    report,
    text: (file) => get(file).toString('utf8'),
    bytes: (file) => new Uint8Array(get(file)),
    paths,
  };
}
