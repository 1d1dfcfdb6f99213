/** The CLI's TypeScript compiled once into the cache and recompiled when any source changes. */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { cp, mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, projectRoot } from '../helpers/site.ts';

let root: string;
const cacheDir = () => path.join(root, 'node_modules/.cache/site/cli');
/** The compile's manifest (one per NODE_ENV). */
const manifestFile = async () =>
  path.join(
    cacheDir(),
    (await readdir(cacheDir())).find((name) => /^manifest\..*\.json$/.test(name))!,
  );

/** Runs compiledEntry and runCompiled in a fresh Node process, as `site` does, exiting with `exitCode`. */
function start(
  at = root,
  exitCode = 0,
): Promise<{
  url: string;
  greeting: string;
  location: string;
  codeCache: 'none' | 'used' | 'rejected';
  error?: string;
}> {
  const script = `
    import { fileURLToPath, pathToFileURL } from 'node:url';
    import { compiledEntry, runCompiled } from ${JSON.stringify(pathToFileURL(path.join(projectRoot, 'bin/compile.js')).href)};
    try {
      const file = await compiledEntry(${JSON.stringify(at)}, 'bin/cli.ts');
      const { exports, codeCache } = runCompiled(file, 'greet');
      console.log(JSON.stringify({ url: pathToFileURL(file).href, greeting: await exports.greeting(), location: exports.location, codeCache }));
      process.exitCode = ${exitCode};
    } catch (error) {
      console.log(JSON.stringify({ error: error.constructor.name + ': ' + error.message }));
    }`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: at }, (error, stdout, stderr) =>
      error && error.code !== exitCode ? reject(new Error(stderr)) : resolve(JSON.parse(stdout)),
    );
  });
}

beforeAll(async () => {
  root = await makeTempDir('compile');
  await mkdir(path.join(root, 'bin'));
  await mkdir(path.join(root, 'templates'));
  await writeFile(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { jsx: 'react-jsx', allowImportingTsExtensions: true, noEmit: true } }),
  );
  await writeFile(
    path.join(root, 'bin/cli.ts'),
    `export const location: string = import.meta.url;\nexport async function greeting(): Promise<string> { return (await import('../templates/greeting.ts')).greeting; }\n`,
  );
  await writeFile(
    path.join(root, 'templates/greeting.ts'),
    `export const greeting: string = 'Buongiorno';\n`,
  );
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('compiled CLI', () => {
  it("compiles on the first start, into the cache, keeping each module's own location", async () => {
    const first = await start();
    expect(first.greeting).toBe('Buongiorno');
    expect(first.url.startsWith(pathToFileURL(cacheDir()).href)).toBe(true);
    expect(first.location).toBe(pathToFileURL(path.join(root, 'bin/cli.ts')).href);
  });

  it('reuses the compiled code while no source changed', async () => {
    const first = await start();
    const compiled = await stat(fileURLToPath(first.url));
    const { key } = JSON.parse(await readFile(await manifestFile(), 'utf8'));
    const second = await start();
    expect(second.url).toBe(first.url);
    // Not compiled again (the manifest itself may be rewritten, to remember the sources' identities).
    expect((await stat(fileURLToPath(second.url))).mtimeMs).toBe(compiled.mtimeMs);
    expect(JSON.parse(await readFile(await manifestFile(), 'utf8')).key).toBe(key);
  });

  it('a copy of the project, its cache included, runs its own sources, not the original’s', async () => {
    await start();
    const copy = `${root}-copy`;
    await cp(root, copy, { recursive: true });
    try {
      const copied = await start(copy);
      expect(copied.location).toBe(pathToFileURL(path.join(copy, 'bin/cli.ts')).href);
      expect(copied.url.startsWith(pathToFileURL(path.join(copy, 'node_modules/.cache/site/cli')).href)).toBe(
        true,
      );
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('an edited template takes effect on the next start, with no other command', async () => {
    const before = await start();
    await writeFile(
      path.join(root, 'templates/greeting.ts'),
      `export const greeting: string = 'Buonasera';\n`,
    );
    const after = await start();
    expect(after.greeting).toBe('Buonasera');
    expect(after.url).not.toBe(before.url);
    expect(JSON.parse(await readFile(await manifestFile(), 'utf8')).inputs).toContain(
      'templates/greeting.ts',
    );
  });

  it("keeps V8's code cache of a command: made by its first run, used by the next, made again when damaged", async () => {
    await writeFile(
      path.join(root, 'templates/greeting.ts'),
      `export const greeting: string = 'Buon pomeriggio';\n`,
    );
    const first = await start();
    expect(first.codeCache).toBe('none');
    const second = await start();
    expect(second).toEqual({ ...first, codeCache: 'used' });
    const codeCacheFile = `${fileURLToPath(second.url)}.greet.v8-cache`;
    await writeFile(codeCacheFile, 'not a code cache');
    const damaged = await start();
    expect(damaged).toEqual({ ...first, codeCache: 'rejected' });
    expect((await start()).codeCache).toBe('used');
  });

  it('keeps no code cache from a run that failed: it would lack most of what a run compiles', async () => {
    await writeFile(
      path.join(root, 'templates/greeting.ts'),
      `export const greeting: string = 'Buona notte';\n`,
    );
    expect((await start(root, 1)).codeCache).toBe('none');
    expect((await start()).codeCache).toBe('none');
    expect((await start()).codeCache).toBe('used');
  });

  it('sees an edit that keeps the size and the modification time of a source its manifest remembers', async () => {
    const template = path.join(root, 'templates/greeting.ts');
    await writeFile(template, `export const greeting: string = 'Ciao';\n`);
    expect((await start()).greeting).toBe('Ciao');
    // Older than a second: the next start remembers the sources' identities and then reads none of them.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await start();
    const remembered = JSON.parse(await readFile(await manifestFile(), 'utf8')).identities;
    expect(Object.keys(remembered)).toContain('templates/greeting.ts');
    const { mtime } = await stat(template);
    await writeFile(template, `export const greeting: string = 'Olè!';\n`);
    await utimes(template, mtime, mtime);
    expect((await start()).greeting).toBe('Olè!');
  });

  it('a source that does not compile is reported with its file and line', async () => {
    await writeFile(
      path.join(root, 'templates/greeting.ts'),
      `export const greeting: string = 'Buonasera;\n`,
    );
    const result = await start();
    expect(result.error).toMatch(/^CompileError: .*templates\/greeting\.ts:1:/s);
    await writeFile(path.join(root, 'templates/greeting.ts'), `export const greeting: string = 'Salve';\n`);
    expect((await start()).greeting).toBe('Salve');
  });
});

describe('a package bundled on its own (satori)', () => {
  /** A start whose compiled CLI loads the project's `satori` (here a stand-in) and says what it gave. */
  const startDrawing = (at: string) =>
    new Promise<{ drawn: string; bundles: string[] }>((resolve, reject) => {
      const script = `
        import path from 'node:path';
        import { readdirSync } from 'node:fs';
        import { compiledEntry, runCompiled } from ${JSON.stringify(pathToFileURL(path.join(projectRoot, 'bin/compile.js')).href)};
        const file = await compiledEntry(${JSON.stringify(at)}, 'bin/cli.ts');
        const { exports } = runCompiled(file, 'draw');
        const drawn = await exports.drawn();
        process.on('exit', () => console.log(JSON.stringify({ drawn, bundles: readdirSync(path.dirname(file)).filter((name) => name.startsWith('package.')).sort() })));`;
      execFile(
        process.execPath,
        ['--input-type=module', '-e', script],
        { cwd: at },
        (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(JSON.parse(stdout))),
      );
    });

  /** A copy of the fixture project with a stand-in for satori, CommonJS as its own build is, whose `index.cjs` is `index`. */
  async function projectWithSatori(index: string): Promise<string> {
    const at = await makeTempDir('compile-package');
    await cp(root, at, { recursive: true });
    await rm(path.join(at, 'node_modules/.cache'), { recursive: true, force: true });
    await mkdir(path.join(at, 'node_modules/satori'), { recursive: true });
    await writeFile(
      path.join(at, 'node_modules/satori/package.json'),
      JSON.stringify({ name: 'satori', version: '0.0.0', main: 'index.cjs' }),
    );
    await writeFile(path.join(at, 'node_modules/satori/words.cjs'), `exports.word = 'disegnato';\n`);
    await writeFile(
      path.join(at, 'node_modules/satori/index.cjs'),
      `Object.defineProperty(exports, '__esModule', { value: true });\n${index}`,
    );
    await writeFile(
      path.join(at, 'bin/cli.ts'),
      `${await readFile(path.join(at, 'bin/cli.ts'), 'utf8')}export async function drawn(): Promise<string> { const loaded: any = await import('satori'); return (typeof loaded.default === 'function' ? loaded.default : loaded.default.default)(); }\n`,
    );
    return at;
  }

  it('is bundled beside the compiled CLI on first use, and loaded from there with its own code cache', async () => {
    // With a module of its own to bundle.
    const at = await projectWithSatori(`exports.default = () => require('./words.cjs').word;\n`);
    try {
      const first = await startDrawing(at);
      expect(first.drawn).toBe('disegnato');
      // Bundled with what it requires; its code cache is written when the run ends well.
      expect(first.bundles).toEqual(['package.satori.cjs', 'package.satori.cjs.default.v8-cache']);
      // The bundle runs, not the installed package: a change to it after bundling is not seen.
      await writeFile(path.join(at, 'node_modules/satori/words.cjs'), `exports.word = 'cambiato';\n`);
      expect((await startDrawing(at)).drawn).toBe('disegnato');
    } finally {
      await rm(at, { recursive: true, force: true });
    }
  });

  it('is loaded as installed when it cannot be bundled', async () => {
    // A require esbuild cannot resolve, which Node never runs: the bundle fails, the package works.
    const at = await projectWithSatori(
      `exports.default = () => require('./words.cjs').word;\nif (process.env.SITE_NEVER_SET) require('./not-installed.cjs');\n`,
    );
    try {
      expect(await startDrawing(at)).toEqual({ drawn: 'disegnato', bundles: [] });
    } finally {
      await rm(at, { recursive: true, force: true });
    }
  });
  it("takes Node's zlib in place of fflate, which satori inflates its fonts with", async () => {
    // A stand-in that inflates as satori does; fflate is not installed here: only the bundle's stand-in answers.
    const table = deflateRawSync('disegnato').toString('base64');
    const at = await projectWithSatori(
      `exports.default = () => Buffer.from(require('fflate').inflateSync(Buffer.from('${table}', 'base64'))).toString();\n`,
    );
    try {
      expect((await startDrawing(at)).drawn).toBe('disegnato');
    } finally {
      await rm(at, { recursive: true, force: true });
    }
  });
});

describe('the code cache a command line runs with', () => {
  const { codeCacheName } = createRequire(import.meta.url)('../../bin/compile.js') as {
    codeCacheName: (args: string[]) => string;
  };

  it("is its command's, but help and a build without caches have their own", () => {
    expect(codeCacheName(['build'])).toBe('build');
    expect(codeCacheName(['build', '--strict'])).toBe('build');
    expect(codeCacheName(['build', '--out', 'x', '--no-cache'])).toBe('build-no-cache');
    expect(codeCacheName(['check', '--no-cache'])).toBe('check');
    expect(codeCacheName([])).toBe('default');
    expect(codeCacheName(['build', '--help'])).toBe('help');
    expect(codeCacheName(['help', 'build'])).toBe('help');
    expect(codeCacheName(['translations', 'help', 'status'])).toBe('help');
    expect(codeCacheName(['translations', 'status'])).toBe('translations');
    expect(codeCacheName(['-h'])).toBe('help');
  });

  it('compiles the real CLI to plain ASCII, which a start reads without decoding UTF-8', async () => {
    const { compiledEntry } = createRequire(import.meta.url)('../../bin/compile.js') as {
      compiledEntry: (projectRoot: string, entry: string) => Promise<string>;
    };
    const bytes = await readFile(await compiledEntry(projectRoot, 'bin/cli.ts'));
    const firstOther = bytes.findIndex((byte) => byte > 0x7f);
    expect(firstOther, bytes.subarray(Math.max(0, firstOther - 80), firstOther + 20).toString()).toBe(-1);
  });
});
