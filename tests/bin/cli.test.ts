import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { appendFile, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { realRouteTable } from '../helpers/routeTable.ts';
import { warmImageCache } from '../helpers/sharedBuild.ts';
import { copyRealContent, makeTempDir, projectRoot, runSite } from '../helpers/site.ts';

describe('site CLI', () => {
  it('prints help and exits 0', async () => {
    const result = await runSite(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: site');
    expect(result.stdout).toContain('build');
  });

  it('lists the build options', async () => {
    const result = await runSite(['build', '--help']);
    expect(result.code).toBe(0);
    for (const option of ['--content <dir>', '--out <dir>', '--base-url <url>', '--strict'])
      expect(result.stdout).toContain(option);
  });

  it('prints the package version', async () => {
    const { version } = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8'));
    const result = await runSite(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(version);
  });

  it('exits 2 on an unknown option, an unknown command or a bad base URL', async () => {
    for (const args of [
      ['build', '--nope'],
      ['deploy'],
      ['build', '--base-url', 'not a url'],
      ['build', '--base-url', 'https://example.com/sub/'],
    ]) {
      const result = await runSite(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/error/i);
    }
  });
});

/** The packages (under node_modules) a run of the CLI resolved, recorded by a preloaded resolve hook. */
async function packagesLoaded(
  args: string[],
  cwd = projectRoot,
): Promise<{ code: number; packages: Set<string>; stdout: string; stderr: string }> {
  const dir = await makeTempDir('imports');
  const record = path.join(dir, 'imports.txt');
  try {
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          '--import',
          path.join(projectRoot, 'tests/helpers/recordImports.mjs'),
          path.join(projectRoot, 'bin/site.js'),
          ...args,
        ],
        {
          cwd,
          env: { ...process.env, NO_COLOR: '1', RECORD_IMPORTS_FILE: record },
          maxBuffer: 16 * 1024 * 1024,
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
      );
    });
    const urls = (await readFile(record, 'utf8').catch(() => '')).split('\n');
    const packages = new Set(
      urls.flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/.][^/]*)\//.exec(url)?.[1] ?? []),
    );
    return { ...result, packages };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('site CLI start-up', () => {
  it('--help, --version and a usage error load commander and no part of the build', async () => {
    await runSite(['--version']); // compiles the CLI if its sources changed since the last start
    for (const args of [['--help'], ['--version'], ['build', '--nope']]) {
      const { packages } = await packagesLoaded(args);
      expect([...packages], args.join(' ')).toEqual(['commander']);
    }
  });

  it('`site schema` writes the schemas and loads no part of the build', async () => {
    // On a copy: `site schema` also writes each content file's schema line.
    const dir = await makeTempDir('schema-cli');
    const contentDir = await copyRealContent(dir);
    const out = path.join(dir, 'schemas');
    expect((await runSite(['schema', '--content', contentDir, '--out', out])).code).toBe(0);
    const { code, packages, stderr } = await packagesLoaded([
      'schema',
      '--check',
      '--content',
      contentDir,
      '--out',
      out,
    ]);
    expect(code, stderr).toBe(0);
    const allowed = ['commander', 'fast-glob', 'yaml', 'zod'];
    expect([...packages].filter((name) => !allowed.includes(name))).toEqual([]);
    expect(packages).toContain('zod');
  });
});

/**
 * The cache entry of a social preview PNG (1200 wide): a checksum, then the PNG, whose header
 * gives its width at bytes 16 to 19.
 */
async function firstDrawnPreview(cache: string): Promise<string> {
  const checksumLength = 32;
  for (const name of (await readdir(cache)).filter((file) => file.endsWith('.img')).sort()) {
    const bytes = await readFile(path.join(cache, name));
    const png = bytes.subarray(checksumLength);
    const isPng = png.subarray(1, 4).toString('latin1') === 'PNG';
    if (isPng && png.readUInt32BE(16) === 1200) return name;
  }
  throw new Error(`no social preview PNG in ${cache}`);
}

/**
 * Two real builds of a copy of the real content, shared by the tests below: the
 * first from another working folder with one image missing from the cache, the
 * second with every image cached. The last test builds once more, after changing
 * one byte of the output.
 */
describe('site build', () => {
  const origin = 'https://preview.example.org';
  let workDir: string;
  let cache: string;
  let first: Awaited<ReturnType<typeof packagesLoaded>>;
  let second: Awaited<ReturnType<typeof packagesLoaded>>;
  /** The second build's arguments: the same options into another folder, so that it is a build, not "nothing changed". */
  let secondArgs: string[];
  let secondOut: string;

  beforeAll(async () => {
    // An editor may keep the content elsewhere; the templates must still compile with the project's settings.
    workDir = await makeTempDir('cli-build');
    await copyRealContent(workDir);
    // Every image of the real content cached but one social preview drawn as a PNG (satori lays it
    // out, resvg rasterises it): the first build draws that one, the second none. The cache also
    // holds icons and photo encodings, which need other packages.
    cache = await warmImageCache(path.join(workDir, 'cache'));
    const dropped = await firstDrawnPreview(cache);
    await rm(path.join(cache, dropped));
    first = await packagesLoaded(
      ['build', '--base-url', origin, '--strict', '--cache-dir', 'cache'],
      workDir,
    );
    secondOut = path.join(workDir, 'other');
    secondArgs = ['build', '--out', secondOut, '--base-url', origin, '--strict', '--cache-dir', cache];
    second = await packagesLoaded(secondArgs, workDir);
  }, 600_000);

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('builds from any working directory, with content and dist relative to it, under --base-url and --strict, and prints a summary', async () => {
    expect(first.code, first.stderr).toBe(0);
    const home = await readFile(path.join(workDir, 'dist/index.html'), 'utf8');
    expect(home).toMatch(/^<!doctype html><html lang="it"/i);
    // --base-url replaces the content's origin in canonicals, alternates, the sitemap and robots.txt.
    expect(home).toContain(`<link rel="canonical" href="${origin}/"/>`);
    expect(home).toContain(`hrefLang="x-default" href="${origin}/"`);
    expect(await readFile(path.join(workDir, 'dist/sitemap.xml'), 'utf8')).toContain(
      `<loc>${origin}${realRouteTable.pathOf('about', realRouteTable.languages.default)}</loc>`,
    );
    expect(await readFile(path.join(workDir, 'dist/robots.txt'), 'utf8')).toContain(
      `Sitemap: ${origin}/sitemap.xml`,
    );
    expect(first.stdout).toMatch(
      /Built \d+ pages \(it \d+, en \d+, de \d+, fr \d+\), \d+ files, [\d.]+ (KB|MB) in [\d.]+ s/,
    );
    expect(first.stdout).toContain('Render pages');
  });

  it('a build whose images are all cached loads neither satori nor resvg, and one whose pages were all rendered before no React renderer', () => {
    expect(first.code, first.stderr).toBe(0);
    expect(first.packages).toContain('satori');
    expect(first.packages).toContain('@resvg/resvg-js');
    expect(second.code, second.stderr).toBe(0);
    // As many pages as the first build (the same content).
    const pagesBuilt = (stdout: string) => stdout.match(/Built (\d+) pages/)?.[1];
    expect(pagesBuilt(first.stdout)).toMatch(/^[1-9]\d*$/);
    expect(pagesBuilt(second.stdout)).toBe(pagesBuilt(first.stdout));
    expect(first.packages).toContain('react-dom');
    // A build all the same (above: it built as many pages), whose pages the first build rendered and
    // stored, and whose sitemap (the same routes, origin and dates) the result cache holds.
    expect(second.packages).not.toContain('sitemap');
    expect(second.stdout).toMatch(/Pages: 0 rendered/);
    expect(second.packages).not.toContain('react-dom');
    expect(second.packages).not.toContain('satori');
    expect(second.packages).not.toContain('@resvg/resvg-js');
  });

  it('a build into a folder that already holds what it would write does nothing and loads no part of the build', async () => {
    const files = async () => {
      const listing = await readdir(secondOut, { recursive: true, withFileTypes: true });
      const entries = listing
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name));
      return Object.fromEntries(
        await Promise.all(
          entries.map(
            async (file) =>
              [
                path.relative(secondOut, file),
                `${(await stat(file)).mtimeMs} ${(await readFile(file)).toString('base64')}`,
              ] as const,
          ),
        ),
      );
    };
    expect(second.code, second.stderr).toBe(0);
    const before = await files();

    const again = await packagesLoaded(secondArgs, workDir);
    expect(again.code, again.stderr).toBe(0);
    // First, so that a build here says why it built ("Building: …").
    expect(again.stdout).toMatch(
      new RegExp(
        `^Nothing changed since the last build .* already holds its ${second.stdout.match(/Built (\d+) pages/)?.[1]} pages, \\d+ files`,
        'm',
      ),
    );
    expect(
      [...again.packages].filter((name) =>
        ['react', 'react-dom', 'esbuild', 'lightningcss', 'satori', 'i18next', 'zod'].includes(name),
      ),
    ).toEqual([]);
    expect(await files()).toEqual(before); // not one file written, not one touched

    // One byte of the output changed is a build, which says so (every other input: tests/generator/build/upToDate.test.ts).
    const robots = path.join(secondOut, 'robots.txt');
    const written = await readFile(robots, 'utf8');
    await appendFile(robots, '#');
    const rebuilt = await packagesLoaded(secondArgs, workDir);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(rebuilt.stdout).toMatch(
      /^Building: other is not as the last build left it: robots\.txt changed\.$/m,
    );
    // A build, whose pages come from the last one unrendered.
    expect(rebuilt.stdout).toMatch(/^Built \d+ pages/m);
    expect(rebuilt.packages).not.toContain('react-dom');
    expect(await readFile(robots, 'utf8')).toBe(written);
  }, 300_000);
});
