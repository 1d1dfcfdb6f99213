// How the TypeScript generator reaches Node: compiled once into the cache, not
// transpiled at every start. Registering tsx alone cost about 4.5 times a bare
// `node -e 0` before a line of the generator ran (its loader thread, then every
// import resolved through it); `site --version` cost about 16 times.
//
// The compiled CLI is one CommonJS file in node_modules/.cache/site/cli/<key>/, with the
// pure-JavaScript packages bundled in, where <key> is a hash of NODE_ENV, of the bytes of
// every project source the compile read (esbuild's metafile lists them) and of npm's record
// of the installed packages. Each start checks those files again: one whose inode, size and
// times are those the manifest recorded is unchanged (as git's index has it), any other is
// hashed. An edited template or generator module changes the key, and that start recompiles
// (a fraction of a second) before it runs. Nothing to remember. Beside it, V8's code cache of
// each command (runCompiled) spares compiling the same functions at every start.
//
// bin/ is CommonJS (bin/package.json): an ES module entry costs Node its module loader first.
'use strict';
const { isAscii } = require('node:buffer');
const { createHash } = require('node:crypto');
const {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

/** The manifest of the current compile: one per NODE_ENV, which decides what is bundled. */
const manifestName = () => `manifest.${nodeEnvironment() || 'unset'}.json`;
/** Compiled trees no start has used for this long are removed when a new one is written. */
const staleAfterMilliseconds = 24 * 60 * 60 * 1000;

/**
 * The key of a set of source files: the project's folder, NODE_ENV, their paths and bytes. Undefined
 * when one no longer exists. The folder is part of it because the compiled code finds the
 * project (client scripts, templates) by absolute path: a cache copied with node_modules
 * from another checkout of the same sources would otherwise run that checkout.
 */
function sourcesKey(projectRoot, inputs, loaded = new Map()) {
  const hash = createHash('sha256').update(`${path.resolve(projectRoot)}\0${nodeEnvironment()}\0`);
  for (const input of inputs) {
    let digest = loaded.get(path.resolve(projectRoot, input))?.digest;
    if (!digest) {
      try {
        digest = createHash('sha256')
          .update(readFileSync(path.join(projectRoot, input)))
          .digest();
      } catch {
        return undefined;
      }
    }
    hash.update(input).update('\0').update(digest).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A file's identity and times, [device, inode, size, mtimeMs, ctimeMs], as git's index keeps
 * them; undefined when it is missing or changed within the last second (a write within the
 * clock's granularity could then go unseen). Any write sets the change time, which no program
 * can set back.
 */
function identityOf(file, info = statSync(file, { throwIfNoEntry: false })) {
  if (!info || Date.now() - info.ctimeMs < 1000) return undefined;
  return [info.dev, info.ino, info.size, info.mtimeMs, info.ctimeMs];
}

/**
 * Each input's identity when its bytes were last found to make the manifest's key: for a source
 * the compile read, as it was before the read (a save during the compile then differs from it).
 */
function identitiesOf(projectRoot, inputs, loaded = new Map()) {
  return Object.fromEntries(
    inputs.flatMap((input) => {
      const file = path.join(projectRoot, input);
      const before = loaded.get(path.resolve(file));
      const identity = before ? before.identity : identityOf(file);
      return identity ? [[input, identity]] : [];
    }),
  );
}

/** True when no input changed since its identity was taken: a start then reads none of them. */
function unchangedInputs(projectRoot, manifest) {
  return manifest.inputs.every((input) => {
    const known = manifest.identities?.[input];
    const info = known && statSync(path.join(projectRoot, input), { throwIfNoEntry: false });
    return (
      info !== undefined &&
      [info.dev, info.ino, info.size, info.mtimeMs, info.ctimeMs].every(
        (value, index) => value === known[index],
      )
    );
  });
}

function writeManifest(cacheDir, manifest) {
  const manifestTemporary = path.join(cacheDir, `${manifestName()}.${process.pid}`);
  writeFileSync(manifestTemporary, JSON.stringify(manifest));
  renameSync(manifestTemporary, path.join(cacheDir, manifestName()));
}

function readManifest(cacheDir) {
  try {
    const manifest = JSON.parse(readFileSync(path.join(cacheDir, manifestName()), 'utf8'));
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
 * Reads every project source for esbuild, noting its identity (before the read) and the digest
 * of the bytes read into `loaded`: the key is made of what was compiled, so a source saved
 * during the compile makes the next start compile again. And `import.meta.url` of a compiled
 * module would name the cache: each source keeps its own location, so paths it derives (the
 * project root, a font file) stay right.
 */
const projectSourcesPlugin = (loaded) => ({
  name: 'project-sources',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/, namespace: 'file' }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const before = statSync(args.path);
      const bytes = readFileSync(args.path);
      loaded.set(path.resolve(args.path), {
        identity: identityOf(args.path, before),
        digest: createHash('sha256').update(bytes).digest(),
      });
      const text = bytes.toString('utf8');
      const contents = text.includes('import.meta.')
        ? text
            .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
            .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
            .replaceAll('import.meta.filename', JSON.stringify(args.path))
        : text;
      return { contents, loader: path.extname(args.path).slice(1).replace(/^[cm]/, '') };
    });
  },
});

/**
 * Each bundled package's modules end by telling `globalThis.__siteBundledPackage`, when something
 * defines it, that the package ran: how tests see which packages a command loads (a resolve
 * hook sees only what stays outside the bundle). Otherwise it costs one property read a module.
 */
const packageMarkPlugin = {
  name: 'package-mark',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/, namespace: 'file' }, (args) => {
      const name = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](?!.*[\\/]node_modules[\\/])/.exec(
        args.path,
      )?.[1];
      if (name === undefined) return undefined;
      const text = readFileSync(args.path, 'utf8');
      return {
        contents: `${text}\n;globalThis.__siteBundledPackage?.(${JSON.stringify(name.replace(/\\/g, '/'))});\n`,
        loader: 'js',
      };
    });
  },
};

/**
 * generator/dev/importFile.cjs imports a module by URL, which code run from V8's code cache cannot
 * (see runCompiled): it is required from where it is, outside the bundle.
 */
const importFilePlugin = {
  name: 'import-file',
  setup(build) {
    build.onResolve({ filter: /[\\/]importFile\.cjs$/ }, (args) => ({
      path: path.resolve(args.resolveDir, args.path),
      external: true,
    }));
  },
};

/**
 * zod re-exports its sixty locales, each made when the bundle starts; the generator writes its
 * own messages and zod's default is English: only English is bundled (`z.locales.en`).
 */
const zodEnglishOnlyPlugin = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? {
            path: path.join(path.dirname(args.importer), '../locales/index.js'),
            namespace: 'zod-english-only',
          }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

/**
 * Packages loaded from node_modules when they run rather than bundled: those with native code
 * or WebAssembly, those that read their own files by path, and the large ones only a rare path
 * needs (TypeScript, Playwright).
 */
const externalPackages = [
  '@resvg/resvg-js',
  'axe-core',
  'browserslist',
  'chokidar',
  'esbuild',
  'lightningcss',
  'linkinator',
  'playwright-core',
  'satori',
  'sharp',
  'typescript',
  'vnu-jar',
];

/** NODE_ENV as the compiled code sees it (bin/site.js defaults it to production); part of the key. */
const nodeEnvironment = () => process.env.NODE_ENV ?? '';

/** A source that does not compile: the message esbuild gives, with file, line and column. */
class CompileError extends Error {}

async function compile(projectRoot, cacheDir, entry) {
  const esbuild = await import('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  const staging = path.join(cacheDir, `.staging-${process.pid}-${Date.now()}`);
  const output = `${path.basename(entry).replace(/\.[cm]?[jt]sx?$/, '')}.cjs`;
  const loaded = new Map();
  let result;
  try {
    result = await esbuild.build({
      absWorkingDir: projectRoot,
      entryPoints: [entry],
      outfile: path.join(staging, output),
      bundle: true,
      // One CommonJS file, so that V8's code cache can be kept for it (see runCompiled). A
      // command's own modules still run only when it does: esbuild starts each dynamically
      // imported module only when it is first asked for.
      format: 'cjs',
      // `import()` becomes `require()`: V8 cannot restore dynamic import for code from its cache.
      supported: { 'dynamic-import': false },
      platform: 'node',
      target: 'node20',
      // Pure-JavaScript packages are bundled: tree-shaken, and no module resolution at each start.
      external: externalPackages,
      // React's packages choose their build by NODE_ENV: only the one this start runs is bundled.
      define: { 'process.env.NODE_ENV': JSON.stringify(nodeEnvironment()) },
      tsconfig: path.join(projectRoot, 'tsconfig.json'),
      metafile: true,
      logLevel: 'silent',
      plugins: [projectSourcesPlugin(loaded), packageMarkPlugin, importFilePlugin, zodEnglishOnlyPlugin],
      // Without comments and indentation the file is plain ASCII (esbuild escapes the rest), which
      // a start reads as Latin-1 with no UTF-8 decoding, into a string of half the bytes. Names
      // stay: a stack trace still says which function.
      minifyWhitespace: true,
    });
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    const messages = await esbuild.formatMessages(error.errors ?? [], { kind: 'error', color: false });
    throw new CompileError(messages.join('\n').trim() || String(error));
  }
  const inputs = [
    ...Object.keys(result.metafile.inputs).filter((input) => !isPackageFile(input)),
    'tsconfig.json',
    // How it was compiled: this file and what the bundles take in place of packages (absent in a
    // test's fixture project, which compiles with the real ones).
    ...[__filename, ...[...separatelyBundledPackages.values()].flatMap((alias) => Object.values(alias))]
      .map((file) => path.relative(projectRoot, file).split(path.sep).join('/'))
      .filter((file) => !file.startsWith('..') && exists(path.join(projectRoot, file))),
    ...packagesRecord(projectRoot),
  ].sort();
  const key = sourcesKey(projectRoot, inputs, loaded);
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
    entry: path.relative(projectRoot, path.join(target, output)),
    identities: identitiesOf(projectRoot, inputs, loaded),
  };
  writeManifest(cacheDir, manifest);
  removeStaleTrees(cacheDir, key);
  return manifest;
}

const isPackageFile = (input) => input.split(/[\\/]/).includes('node_modules');

/**
 * What stands for the bundled packages in the key: npm's record of the installed tree, which
 * every install rewrites (hashing each package's files at every start would cost more than the
 * start saves). None when the project has no installed packages to bundle.
 */
function packagesRecord(projectRoot) {
  return ['node_modules/.package-lock.json', 'package-lock.json']
    .filter((file) => exists(path.join(projectRoot, file)))
    .slice(0, 1);
}

/**
 * Older compiled trees, and files no start writes any more (the manifest of the ES-module
 * compile, a manifest left half-written by a stopped start): kept a day, since a start of
 * another NODE_ENV or another process starting from one may still read them.
 */
function removeStaleTrees(cacheDir, keep) {
  const now = Date.now();
  for (const name of readdirSync(cacheDir)) {
    if (name === keep || /^manifest\.[^.]*\.json$/.test(name)) continue;
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
 * The path of the compiled `entry` (a path relative to the project), compiled now if any
 * source it was compiled from has changed since.
 */
async function compiledEntry(
  projectRoot,
  entry,
  cacheDir = path.join(projectRoot, 'node_modules/.cache/site/cli'),
) {
  const manifest = readManifest(cacheDir);
  const fresh =
    manifest &&
    manifest.inputs.includes(entry) &&
    exists(path.join(projectRoot, manifest.entry)) &&
    (unchangedInputs(projectRoot, manifest) || sameBytes(projectRoot, cacheDir, manifest));
  const current = fresh ? manifest : await compile(projectRoot, cacheDir, entry);
  return path.join(projectRoot, current.entry);
}

/**
 * The code cache a command line runs with (see runCompiled): its command's, but help has its own
 * and so has a build without caches, since each runs other code than the command's usual run
 * (commander alone; drawing every image and parsing every file). The first run after a compile
 * makes a cache, so a shared one would be as small as `build --help` left it.
 */
function codeCacheName(args) {
  const [command = 'default'] = args;
  // Help as a flag, as a command, or as the subcommand of a command group (`translations help`).
  const words = args.filter((arg) => !arg.startsWith('-'));
  if (args.includes('--help') || args.includes('-h') || words.slice(0, 2).includes('help')) return 'help';
  return command === 'build' && args.includes('--no-cache') ? 'build-no-cache' : command;
}

/**
 * Runs a compiled file as Node runs a CommonJS module, with V8's code cache: the functions an
 * earlier run of the same command compiled are read back instead of being compiled again
 * (Node 20 keeps no code cache for ES modules). One cache per command (`name`, e.g. `build`),
 * made by the first run of that command after a compile and used while it matches the file;
 * a damaged or foreign one is ignored and made again. Returns the module's exports and whether
 * the cache was used.
 */
function runCompiled(file, name = 'default') {
  const bytes = readFileSync(file);
  // ASCII (the compile's output) is Latin-1 too, read without decoding UTF-8.
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const codeCacheFile = `${file}.${/^[a-z][a-z-]{0,30}$/.test(name) ? name : 'default'}.v8-cache`;
  let cachedData;
  try {
    cachedData = readFileSync(codeCacheFile);
  } catch {
    // None yet: this run makes it.
  }
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  const codeCache = cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'used';
  // At exit, the cache holds every function this run compiled, not only the top level; a run that
  // failed (a content error stops a build early) would leave one that lacks most of them.
  if (codeCache !== 'used')
    process.once('exit', (code) => {
      if (code === 0) writeCodeCache(codeCacheFile, script);
    });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, requireFor(file), module, file, path.dirname(file));
  return { exports: module.exports, codeCache };
}

/**
 * Large pure-JavaScript packages that only rare work loads, each bundled on its first use into a
 * file of its own beside the compiled CLI, run with its own V8 code cache (runCompiled), with the
 * packages its bundle takes in place of others (esbuild's `alias`). satori (1.6 MB with its layout
 * engine, and its font and CSS packages) draws social images: from its bundle it loads in about
 * 30 ms of CPU instead of 75. In the CLI's bundle every start would read it, and the code cache of a
 * command that never draws would carry it. Its fonts are inflated by Node's zlib (nativeInflate.cjs).
 */
const separatelyBundledPackages = new Map([
  ['satori', { fflate: path.join(__dirname, 'nativeInflate.cjs') }],
]);

/** The `require` of compiled code: Node's, but a separately bundled package comes from its bundle. */
function requireFor(file) {
  const requireFromFile = createRequire(file);
  const required = (id) =>
    separatelyBundledPackages.has(id) ? packageBundle(file, id) : requireFromFile(id);
  return Object.assign(required, requireFromFile);
}

const loadedPackageBundles = new Map();

/**
 * A separately bundled package's exports, bundled now if this compile has no bundle of it yet. The
 * bundle sits in the compiled CLI's folder, whose key covers npm's record of the installed packages.
 */
function packageBundle(compiledFile, name) {
  if (!loadedPackageBundles.has(name)) {
    const file = path.join(path.dirname(compiledFile), `package.${name.replace(/[^a-z0-9.-]/gi, '_')}.cjs`);
    try {
      if (!exists(file)) bundlePackage(compiledFile, name, file);
    } catch {
      // Not bundled (esbuild failed, a read-only cache) and no other start's bundle either: Node
      // loads the package as installed, for the rest of this run.
      if (!exists(file)) {
        loadedPackageBundles.set(name, createRequire(compiledFile)(name));
        return loadedPackageBundles.get(name);
      }
    }
    loadedPackageBundles.set(name, runCompiled(file).exports);
    // As the CLI's bundled packages do (packageMarkPlugin): how tests see which packages a command loads.
    globalThis.__siteBundledPackage?.(name);
  }
  return loadedPackageBundles.get(name);
}

/** Bundles `name` as installed for `compiledFile`'s project into `file`: plain ASCII, as the CLI's bundle. */
function bundlePackage(compiledFile, name, file) {
  const staging = `${file}.${process.pid}.tmp`;
  // Synchronous: `require` is. esbuild's own process does the work, about 0.2 s once per compile.
  require('esbuild').buildSync({
    stdin: {
      contents: `module.exports = require(${JSON.stringify(name)});`,
      resolveDir: path.dirname(compiledFile),
    },
    outfile: staging,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    define: { 'process.env.NODE_ENV': JSON.stringify(nodeEnvironment()) },
    alias: separatelyBundledPackages.get(name),
    minifyWhitespace: true,
    charset: 'ascii',
    // The licences stay with the installed packages; this is a cache of them.
    legalComments: 'none',
    logLevel: 'silent',
  });
  try {
    renameSync(staging, file);
  } finally {
    rmSync(staging, { force: true });
  }
}

function writeCodeCache(file, script) {
  const temporary = `${file}.${process.pid}`;
  try {
    writeFileSync(temporary, script.createCachedData());
    renameSync(temporary, file);
  } catch {
    // A cache that cannot be written only makes the next start slower.
    rmSync(temporary, { force: true });
  }
}

/** True when the inputs' bytes still make the manifest's key; their identities are then kept for the next start. */
function sameBytes(projectRoot, cacheDir, manifest) {
  if (sourcesKey(projectRoot, manifest.inputs) !== manifest.key) return false;
  const identities = identitiesOf(projectRoot, manifest.inputs);
  if (JSON.stringify(identities) === JSON.stringify(manifest.identities ?? {})) return true;
  try {
    writeManifest(cacheDir, { ...manifest, identities });
  } catch {
    // Not writable: the next start hashes the inputs again.
  }
  return true;
}

function exists(file) {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

const defaultProjectRoot = path.join(__dirname, '..');

module.exports = { CompileError, codeCacheName, compiledEntry, defaultProjectRoot, runCompiled };
