// How the TypeScript generator reaches Node: compiled once into the cache, not
// transpiled at every start. Registering tsx alone cost about 4.5 times a bare
// `node -e 0` before a line of the generator ran (its loader thread, then every
// import resolved through it); `site --version` cost about 16 times.
//
// The compiled CLI lives in node_modules/.cache/site/cli/<key>/, where <key> is a
// hash of the bytes of every source file the compile read (esbuild's metafile
// lists them). Each start hashes those files again (about 80 small files, a few
// milliseconds): an edited template or generator module changes the key, and that
// start recompiles (a fraction of a second) before it runs. Nothing to remember.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const manifestName = 'manifest.json';
/** Compiled trees no start has used for this long are removed when a new one is written. */
const staleAfterMilliseconds = 24 * 60 * 60 * 1000;

/**
 * The key of a set of source files: the project's folder, their paths and bytes. Undefined
 * when one no longer exists. The folder is part of it because the compiled code finds the
 * project (client scripts, templates) by absolute path: a cache copied with node_modules
 * from another checkout of the same sources would otherwise run that checkout.
 */
export function sourcesKey(projectRoot, inputs) {
  const hash = createHash('sha256').update(path.resolve(projectRoot)).update('\0');
  for (const input of inputs) {
    let bytes;
    try {
      bytes = readFileSync(path.join(projectRoot, input));
    } catch {
      return undefined;
    }
    hash.update(input).update('\0').update(createHash('sha256').update(bytes).digest()).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function readManifest(cacheDir) {
  try {
    const manifest = JSON.parse(readFileSync(path.join(cacheDir, manifestName), 'utf8'));
    return Array.isArray(manifest.inputs) &&
      typeof manifest.key === 'string' &&
      typeof manifest.entry === 'string'
      ? manifest
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `import.meta.url` of a compiled module would name the cache; each source keeps
 * its own location, so paths it derives (the project root, a font file) stay right.
 */
const sourceLocationPlugin = {
  name: 'source-location',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.')) return undefined;
      const contents = text
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: path.extname(args.path).slice(1).replace(/^[cm]/, '') };
    });
  },
};

/** A source that does not compile: the message esbuild gives, with file, line and column. */
export class CompileError extends Error {}

async function compile(projectRoot, cacheDir, entry) {
  const esbuild = await import('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  const staging = path.join(cacheDir, `.staging-${process.pid}-${Date.now()}`);
  let result;
  try {
    result = await esbuild.build({
      absWorkingDir: projectRoot,
      entryPoints: [entry],
      outdir: staging,
      outbase: projectRoot,
      bundle: true,
      // Each command's dynamic imports stay separate files, loaded only when it runs.
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      tsconfig: path.join(projectRoot, 'tsconfig.json'),
      metafile: true,
      logLevel: 'silent',
      plugins: [sourceLocationPlugin],
    });
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    const messages = await esbuild.formatMessages(error.errors ?? [], { kind: 'error', color: false });
    throw new CompileError(messages.join('\n').trim() || String(error));
  }
  const inputs = [...Object.keys(result.metafile.inputs), 'tsconfig.json'].sort();
  const key = sourcesKey(projectRoot, inputs);
  const target = path.join(cacheDir, key);
  try {
    renameSync(staging, target);
  } catch {
    // Another start compiled the same sources at the same time: its copy is as good.
    rmSync(staging, { recursive: true, force: true });
  }
  const manifest = {
    key,
    inputs,
    entry: path.relative(projectRoot, path.join(target, entry)).replace(/\.tsx?$/, '.js'),
  };
  const manifestTemporary = path.join(cacheDir, `${manifestName}.${process.pid}`);
  writeFileSync(manifestTemporary, JSON.stringify(manifest));
  renameSync(manifestTemporary, path.join(cacheDir, manifestName));
  removeStaleTrees(cacheDir, key);
  return manifest;
}

/** Older compiled trees: kept a while, since a process started from one may still import its chunks. */
function removeStaleTrees(cacheDir, keep) {
  const now = Date.now();
  for (const name of readdirSync(cacheDir)) {
    if (name === keep || name === manifestName) continue;
    const folder = path.join(cacheDir, name);
    try {
      if (now - statSync(folder).mtimeMs > staleAfterMilliseconds)
        rmSync(folder, { recursive: true, force: true });
    } catch {
      // Removed by another start meanwhile.
    }
  }
}

/**
 * The file URL of the compiled `entry` (a path relative to the project), compiled
 * now if any source it was compiled from has changed since.
 */
export async function compiledEntry(
  projectRoot,
  entry,
  cacheDir = path.join(projectRoot, 'node_modules/.cache/site/cli'),
) {
  const manifest = readManifest(cacheDir);
  const fresh =
    manifest &&
    manifest.inputs.includes(entry) &&
    sourcesKey(projectRoot, manifest.inputs) === manifest.key &&
    exists(path.join(projectRoot, manifest.entry));
  const current = fresh ? manifest : await compile(projectRoot, cacheDir, entry);
  return pathToFileURL(path.join(projectRoot, current.entry)).href;
}

function exists(file) {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

export const defaultProjectRoot = fileURLToPath(new URL('..', import.meta.url));
