import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { copyRealContent, makeTempDir, projectRoot, runSite } from './helpers/site.ts';

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
    for (const option of ['--content <dir>', '--out <dir>', '--base-url <url>', '--strict']) expect(result.stdout).toContain(option);
  });

  it('prints the package version', async () => {
    const { version } = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8'));
    const result = await runSite(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(version);
  });

  it('exits 2 on an unknown option, an unknown command or a bad base URL', async () => {
    for (const args of [['build', '--nope'], ['deploy'], ['build', '--base-url', 'not a url'], ['build', '--base-url', 'https://example.com/sub/']]) {
      const result = await runSite(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/error/i);
    }
  });

  it('builds from any working directory, with content and dist relative to it', async () => {
    // An editor may keep the content elsewhere; the templates must still compile with the project's settings.
    const workDir = await makeTempDir('cwd');
    try {
      await copyRealContent(workDir);
      const result = await runSite(['build'], workDir);
      expect(result.code, result.stderr).toBe(0);
      expect(await readFile(path.join(workDir, 'dist/index.html'), 'utf8')).toMatch(/^<!doctype html><html lang="it"/i);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });
});

/** The packages (under node_modules) a run of the CLI resolved, recorded by a preloaded resolve hook. */
async function packagesLoaded(args: string[]): Promise<{ code: number; packages: Set<string>; stderr: string }> {
  const dir = await makeTempDir('imports');
  const record = path.join(dir, 'imports.txt');
  try {
    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, ['--import', path.join(projectRoot, 'tests/helpers/recordImports.mjs'), path.join(projectRoot, 'bin/site.js'), ...args], { cwd: projectRoot, env: { ...process.env, RECORD_IMPORTS_FILE: record } }, (error, _stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr }),
      );
    });
    const urls = (await readFile(record, 'utf8').catch(() => '')).split('\n');
    const packages = new Set(urls.flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/.][^/]*)\//.exec(url)?.[1] ?? []));
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

  it('a build whose images are all cached loads neither satori nor resvg', async () => {
    const dir = await makeTempDir('cached-build');
    try {
      const args = ['build', '--out', path.join(dir, 'out'), '--cache-dir', path.join(dir, 'cache')];
      const first = await packagesLoaded(args);
      expect(first.code, first.stderr).toBe(0);
      expect(first.packages).toContain('satori');
      expect(first.packages).toContain('@resvg/resvg-js');
      const second = await packagesLoaded(args);
      expect(second.code, second.stderr).toBe(0);
      expect(second.packages).toContain('react-dom');
      expect(second.packages).not.toContain('satori');
      expect(second.packages).not.toContain('@resvg/resvg-js');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
