/**
 * Template code that can change while `site dev` runs. Node caches every module
 * it imported, so an edited template needs a new module: esbuild bundles the
 * one build stage that imports templates, the render stage (build/render.ts: pages
 * and the brand mark), with everything it imports from the project (templates and
 * the model), and each edit's bundle is imported
 * under a new file name. Packages (React, satori) stay outside the bundle, loaded
 * once and shared. A bundle is small and an edit's rebundle is incremental
 * (measured: see bench/dev.ts); the old bundles are removed when dev stops.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { importFile } from './importFile.cjs';

export type TemplateModules = typeof import('../build/render.ts');

export interface TemplateCode {
  /** The current template code; bundled again only after `invalidate`. */
  load(): Promise<TemplateModules>;
  invalidate(): void;
  /** Every project file the bundle was made from, absolute. */
  readonly inputs: string[];
  close(): Promise<void>;
}

/** Bundles of two template codes in one process (a test's, a copy's) must never share a file name. */
let instances = 0;

export async function createTemplateCode(projectRoot: string): Promise<TemplateCode> {
  // Inside the project, so the bundle's imports of packages resolve from its node_modules.
  const cacheDir = path.join(projectRoot, 'node_modules/.cache/site/dev');
  const outDir = path.join(cacheDir, `templates-${process.pid}-${++instances}`);
  await removeOrphans(cacheDir);
  await mkdir(outDir, { recursive: true });
  const context = await esbuild.context({
    absWorkingDir: projectRoot,
    entryPoints: [path.join(projectRoot, 'generator/build/render.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
    tsconfig: path.join(projectRoot, 'tsconfig.json'),
    // A source's own location, not the bundle's: a module finding files beside itself keeps finding them.
    plugins: [sourceLocationPlugin],
  });
  let current: Promise<TemplateModules> | undefined;
  let generation = 0;
  let inputs: string[] = [];

  const bundle = async (): Promise<TemplateModules> => {
    let result: esbuild.BuildResult<{ write: false; metafile: true }>;
    try {
      result = await context.rebuild();
    } catch (error) {
      // A template that does not compile: esbuild's messages name file, line and column.
      const messages = await esbuild.formatMessages((error as esbuild.BuildFailure).errors ?? [], {
        kind: 'error',
        color: false,
      });
      throw new Error(`The templates do not compile:\n${messages.join('\n').trim() || String(error)}`, {
        cause: error,
      });
    }
    inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(projectRoot, input));
    const file = path.join(outDir, `templates-${++generation}.mjs`);
    await writeFile(file, result.outputFiles[0].contents);
    return (await importFile(pathToFileURL(file).href)) as TemplateModules;
  };

  return {
    load() {
      current ??= bundle().catch((error: unknown) => {
        // A template that does not compile: try again on the next load.
        current = undefined;
        throw error;
      });
      return current;
    },
    invalidate() {
      current = undefined;
    },
    get inputs() {
      return inputs;
    },
    async close() {
      await context.dispose();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

/** Bundles of a dev server that was killed (no clean stop) are removed by the next one. */
async function removeOrphans(cacheDir: string) {
  const names = await readdir(cacheDir).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(/^templates-(\d+)(?:-\d+)?$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    await rm(path.join(cacheDir, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sourceLocationPlugin: esbuild.Plugin = {
  name: 'source-location',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.')) return undefined;
      const contents = text
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: path.extname(args.path).slice(1).replace(/^[cm]/, '') as esbuild.Loader };
    });
  },
};
