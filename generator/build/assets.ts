/**
 * Stage 4: the browser's assets. One stylesheet through lightningcss (nesting
 * lowered for the browserslist targets, minified), the client scripts through
 * esbuild (bundled, minified), with the images of the images step
 * (build/pictures.ts); every file name carries a hash of its contents so hosts
 * can cache it for a year. esbuild, lightningcss and browserslist load only when
 * something must be bundled: a build whose inputs are those of an earlier one
 * takes that one's bundles from the result cache.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import type { ResultCache } from '../content/resultCache.ts';
import { SiteError } from '../errors/siteError.ts';
import type { ClientLanguages } from '../model/languages.ts';
import type { SiteSettings } from '../content/schemas/siteSchema.ts';
import type { Zone } from '../content/schemas/offerSchema.ts';
import type { OutputFile, InlineScript, ImageAsset, Assets } from '../model/builtAssets.ts';

export interface AssetInput {
  clientDir: string;
  site: SiteSettings;
  zones: Zone[];
  browserslistQuery: string;
  /** The languages the browser scripts work with, bundled into them as the constant `__SITE_LANGUAGES__`. */
  languages: ClientLanguages;
  /** The path of the cockpit landing page in the default language (from the route table), bundled as `__SITE_COCKPIT_PATH__`. */
  cockpitPath: string;
}

/** Facts of the content the scripts receive from the build, never as a copy of their own. */
const buildConstants = (input: AssetInput) => ({ __SITE_LANGUAGES__: JSON.stringify(input.languages) });
/** The inline first-visit script also forwards the cockpit host's `/` to the cockpit landing page. */
const inlineConstants = (input: AssetInput) => ({
  ...buildConstants(input),
  __SITE_COCKPIT_PATH__: JSON.stringify(input.cockpitPath),
});

function contentHash(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('hex').slice(0, 10);
}

function hashedName(name: string, contents: string | Uint8Array): string {
  const extension = path.extname(name);
  return `assets/${path.basename(name, extension)}.${contentHash(contents)}${extension}`;
}

/** Colours that are content (brand, zone badges) become custom properties, so no markup needs a style attribute. */
function contentStyles(site: SiteSettings, zones: Zone[]): string {
  const zoneRules = zones.map((zone) => `.zone-${zone.id}{--zone-colour:${zone.colour}}`).join('\n');
  return `:root{--brand:${site.theme.primary};--page-background:${site.theme.background}}\n${zoneRules}\n`;
}

export async function buildStylesheet(input: AssetInput): Promise<OutputFile> {
  const sourcePath = path.join(input.clientDir, 'styles.css');
  const [{ default: browserslist }, { browserslistToTargets, bundleAsync, transform }] = await Promise.all([
    import('browserslist'),
    import('lightningcss'),
  ]);
  const targets = browserslistToTargets(browserslist(input.browserslistQuery));
  try {
    const generated = transform({
      filename: 'content-colours.css',
      code: Buffer.from(contentStyles(input.site, input.zones)),
      minify: true,
      targets,
    });
    const bundled = await bundleAsync({ filename: sourcePath, minify: true, targets });
    const code = Buffer.concat([generated.code, bundled.code]);
    return { path: hashedName('site.css', code), contents: new Uint8Array(code) };
  } catch (error) {
    const loc = error as { fileName?: string; loc?: { line: number; column: number } };
    throw new SiteError({
      code: 'ASSET_FAILED',
      message: `Stylesheet could not be processed: ${(error as Error).message}`,
      location: { file: loc.fileName ?? sourcePath, line: loc.loc?.line, column: loc.loc?.column },
      cause: error,
    });
  }
}

export async function buildScripts(
  input: AssetInput,
): Promise<{ files: OutputFile[]; scripts: Record<string, string> }> {
  const { default: fg } = await import('fast-glob');
  const entryPoints = await fg('*.ts', {
    cwd: input.clientDir,
    absolute: true,
    ignore: ['*.d.ts', '*.test.ts'],
  });
  const entries = entryPoints.filter((entry) => !path.basename(entry).startsWith('_'));
  const esbuild = await import('esbuild');
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      entryPoints: entries,
      bundle: true,
      minify: true,
      format: 'esm',
      target: 'es2020',
      write: false,
      metafile: true,
      outdir: 'assets',
      entryNames: '[name].[hash]',
      // No shared chunks: the entries share a few hundred bytes at most, and a chunk would cost
      // every page one more request that the browser only discovers after the entry arrives.
      splitting: false,
      define: buildConstants(input),
      logLevel: 'silent',
      legalComments: 'none',
    });
  } catch (error) {
    throw new SiteError({
      code: 'ASSET_FAILED',
      message: `Client scripts could not be bundled: ${(error as Error).message.split('\n')[0]}`,
      location: { file: input.clientDir },
      cause: error,
    });
  }
  const scripts: Record<string, string> = {};
  const files: OutputFile[] = [];
  for (const output of result.outputFiles) {
    const relative = path.relative(process.cwd(), output.path).split(path.sep).join('/');
    files.push({ path: relative, contents: output.contents });
    const meta = result.metafile.outputs[relative];
    if (meta?.entryPoint) scripts[path.basename(meta.entryPoint, '.ts')] = `/${relative}`;
  }
  return { files, scripts };
}

/** Each file in client/inline/ becomes one minified, self-contained script to inline. */
export async function buildInlineScripts(input: AssetInput): Promise<Record<string, InlineScript>> {
  const { default: fg } = await import('fast-glob');
  const entries = await fg('inline/*.ts', { cwd: input.clientDir, absolute: true });
  const esbuild = await import('esbuild');
  const scripts: Record<string, InlineScript> = {};
  for (const entry of entries.sort()) {
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'iife',
      target: 'es2020',
      write: false,
      define: inlineConstants(input),
      logLevel: 'silent',
      legalComments: 'none',
    });
    const code = result.outputFiles[0].text.trim();
    scripts[path.basename(entry, '.ts')] = {
      code,
      cspHash: `sha256-${createHash('sha256').update(code).digest('base64')}`,
    };
  }
  return scripts;
}

/** The parts of the assets, each built on its own, so `site dev` rebuilds only the part an edit touches. */
export interface AssetParts {
  stylesheet: OutputFile;
  scripts: { files: OutputFile[]; scripts: Record<string, string> };
  images: { files: OutputFile[]; images: Record<string, ImageAsset> };
  inlineScripts: Record<string, InlineScript>;
}

export function assembleAssets({ stylesheet, scripts, images, inlineScripts }: AssetParts): Assets {
  return {
    stylesheet: `/${stylesheet.path}`,
    scripts: scripts.scripts,
    images: images.images,
    inlineScripts,
    files: [stylesheet, ...scripts.files, ...images.files],
  };
}

/**
 * Starts esbuild's process now, for a build that will bundle (one without a result cache to take the
 * bundles from). Starting a process copies this one's memory map: small at the start of a build, and
 * grown by the photos' and cards' pixels by the time the bundles are made, when the same start cost
 * some 16 ms more CPU. The bundling step uses the running process, or starts one itself.
 */
export function startBundler(): Promise<void> {
  return (
    import('esbuild')
      .then((esbuild) => esbuild.initialize({}))
      // Started already (a second build in this process), or not at all: the bundling step reports what fails.
      .catch(() => {})
  );
}

/**
 * Every asset. With `cache` (a build that knows its code version, whose client folder is the
 * project's, which the version covers), the bundles of an earlier build with the same input are
 * taken instead of made: they are a function of the client folder, the packages and `input`.
 */
export async function buildAssets(
  input: AssetInput,
  images: AssetParts['images'],
  cache?: ResultCache,
): Promise<Assets> {
  const { clientDir, ...facts } = input;
  const key = cache?.keyOf('assets', clientDir, JSON.stringify(facts));
  const cached = (key === undefined ? undefined : await cache!.get(key)) as Bundles | undefined;
  if (cached?.stylesheet && cached.scripts && cached.inlineScripts)
    return assembleAssets({ ...cached, images });
  const [stylesheet, scripts, inlineScripts] = await Promise.all([
    buildStylesheet(input),
    buildScripts(input),
    buildInlineScripts(input),
  ]);
  if (key !== undefined) cache!.hold(key, { stylesheet, scripts, inlineScripts } satisfies Bundles);
  return assembleAssets({ stylesheet, scripts, images, inlineScripts });
}

type Bundles = Omit<AssetParts, 'images'>;
