import { describe, expect, it } from 'vitest';
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
