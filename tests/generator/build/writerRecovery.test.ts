/**
 * A build killed at the worst moment: between the two renames of the swap (the
 * old output set aside, the new one not yet in), or while staging. The next
 * command finishes or undoes the swap and removes what dead builds left; it
 * never touches a running build's folders or a folder without the mark.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDirectoryWriter, outputMarkFile, recoverOutput } from '../../../generator/build/writer.ts';
import { makeTempDir, projectRoot, runSite } from '../../helpers/site.ts';

let workDir: string;

beforeAll(async () => {
  workDir = await makeTempDir('recovery');
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** Runs `site build` with the second rename of the swap hanging, and kills it (SIGKILL) right there. */
async function killInsideTheSwap(outDir: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      path.join(projectRoot, 'tests/helpers/hang-in-swap.mjs'),
      path.join(projectRoot, 'bin/site.js'),
      'build',
      '--out',
      outDir,
    ],
    { cwd: projectRoot, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (stderr.includes('between the two renames')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the build ended (${code}) before its swap: ${stderr}`)));
  });
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const markOf = async (folder: string) =>
  JSON.parse(await readFile(path.join(folder, outputMarkFile), 'utf8'));
const siblings = async (outDir: string) =>
  (await readdir(path.dirname(outDir))).filter((name) => name.startsWith(`${path.basename(outDir)}.`));

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

/** A folder as a build of `pid` leaves it: marked, with one page. */
async function leftover(folder: string, complete: boolean, page = 'left over') {
  await mkdir(folder, { recursive: true });
  await writeFile(
    path.join(folder, outputMarkFile),
    JSON.stringify({ writtenBy: 'site build (b2b-mobile-site)', complete }),
  );
  await writeFile(path.join(folder, 'index.html'), page);
}

/** Generous: each of these runs a real build on two busy cores. */
const slow = 300_000;

describe('a build killed inside the swap', () => {
  it(
    'leaves a complete new output that the next command moves in, even when that build itself fails',
    async () => {
      const outDir = path.join(workDir, 'killed', 'dist');
      // An earlier output, as a finished build leaves it (the mark is what lets the next build replace it).
      await leftover(outDir, true, 'the earlier output');
      await writeFile(path.join(outDir, 'from-the-first-build.txt'), 'old');

      await killInsideTheSwap(outDir);
      // The state the issue describes: no output folder, only the set-aside and the staged one.
      const left = await siblings(outDir);
      expect(left.map((name) => name.replace(/-\d+-\d+$/, '')).sort()).toEqual(['dist.old', 'dist.tmp']);
      expect(await readdir(path.dirname(outDir))).not.toContain('dist');

      // The next command fails for a reason of its own (no such content), yet first finishes the swap.
      const next = await runSite([
        'build',
        '--out',
        outDir,
        '--content',
        path.join(workDir, 'no-such-content'),
      ]);
      expect(next.code).toBe(1);
      expect(next.stderr).toContain('Content folder not found');
      expect(await markOf(outDir)).toMatchObject({ complete: true });
      const entries = await readdir(outDir);
      expect(entries).toEqual(
        expect.arrayContaining(['index.html', 'sitemap.xml', '404.html', 'nginx.conf', 'assets']),
      );
      // It is the new output, not the old one with its extra file, and nothing else is left beside it.
      expect(entries).not.toContain('from-the-first-build.txt');
      expect(await readFile(path.join(outDir, 'index.html'), 'utf8')).toMatch(/^<!doctype html>/i);
      expect(await siblings(outDir)).toEqual([]);
    },
    slow,
  );

  it(
    'leaves no output folder when there was none before, and the preview finds the complete new one',
    async () => {
      const outDir = path.join(workDir, 'again', 'dist');
      await killInsideTheSwap(outDir);
      // There was no earlier output: only the staged one is left.
      expect(await readdir(path.dirname(outDir))).toEqual([expect.stringMatching(/^dist\.tmp-\d+-\d+$/)]);
      const preview = spawn(
        process.execPath,
        [path.join(projectRoot, 'bin/site.js'), 'preview', '--dir', outDir, '--port', '0'],
        { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const listen = (chunk: Buffer) => {
          output += chunk;
          if (output.includes('Previewing')) resolve();
        };
        preview.stdout.on('data', listen);
        preview.stderr.on('data', listen);
        preview.once('exit', (code) => reject(new Error(`preview ended (${code}): ${output}`)));
      });
      preview.removeAllListeners('exit');
      const stopped = new Promise((resolve) => preview.once('exit', resolve));
      preview.kill('SIGTERM');
      await stopped;
      expect(output).toContain('its complete output');
      expect(await markOf(outDir)).toMatchObject({ complete: true });
      expect(await readdir(outDir)).toEqual(
        expect.arrayContaining(['index.html', 'sitemap.xml', '404.html']),
      );
      expect(await siblings(outDir)).toEqual([]);
    },
    slow,
  );
});

describe('recovering the output', () => {
  it('puts the set-aside output back when the staged one was not finished', async () => {
    const outDir = path.join(workDir, 'restore', 'dist');
    const pid = deadPid();
    await leftover(`${outDir}.old-${pid}-1000`, true, 'previous');
    await leftover(`${outDir}.tmp-${pid}-1000`, false, 'half');
    const done = await recoverOutput(outDir);
    expect(done[0]).toMatch(/previous output dist\.old-\d+-1000 is back in place/);
    expect(await readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('previous');
    expect(await siblings(outDir)).toEqual([]);
  });

  it('removes stale staging folders of dead processes, and keeps those of running ones and any without the mark', async () => {
    const outDir = path.join(workDir, 'stale', 'dist');
    await leftover(outDir, true, 'current');
    const dead = deadPid();
    await leftover(`${outDir}.tmp-${dead}-1000`, false);
    await leftover(`${outDir}.old-${dead}-1001`, false);
    await mkdir(`${outDir}.tmp-${dead}-1002`);
    const running = `${outDir}.tmp-${process.pid}-1003`;
    await leftover(running, false);
    const stranger = `${outDir}.tmp-${dead}-1004`;
    await mkdir(stranger);
    await writeFile(path.join(stranger, 'notes.txt'), 'not a build');
    const done = await recoverOutput(outDir);
    expect(done).toHaveLength(3);
    expect((await siblings(outDir)).sort()).toEqual([path.basename(running), path.basename(stranger)].sort());
    expect(await readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('current');
    expect(await readFile(path.join(stranger, 'notes.txt'), 'utf8')).toBe('not a build');
  });

  it('never restores what is left of a set-aside output whose removal was cut short', async () => {
    const outDir = path.join(workDir, 'halfremoved', 'dist');
    const pid = deadPid();
    // Removal marks the folder incomplete first: what is left of it is not an output.
    await leftover(`${outDir}.old-${pid}-1000`, false, 'partial');
    await recoverOutput(outDir);
    expect(await readdir(path.dirname(outDir))).toEqual([]);
  });

  it('runs in the build before anything else, so a staging folder left by a killed build is gone after the next', async () => {
    const outDir = path.join(workDir, 'writer', 'dist');
    const dead = deadPid();
    await leftover(`${outDir}.tmp-${dead}-1000`, false);
    const writer = createDirectoryWriter(outDir);
    await writer.prepare();
    await writer.write({ path: 'index.html', contents: 'new' });
    const warnings = await writer.commit();
    expect(warnings.join('\n')).toMatch(/Removed dist\.tmp-\d+-1000/);
    expect(await siblings(outDir)).toEqual([]);
    expect(await readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('new');
  });
});
