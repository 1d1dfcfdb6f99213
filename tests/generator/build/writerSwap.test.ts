/**
 * The swap at the end of a build, when the file system refuses part of it: the
 * previous output must come back, or at least be named, and a leftover copy of
 * it must not fail a build whose new output is in place.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDirectoryWriter } from '../../../generator/build/writer.ts';
import { makeTempDir } from '../../helpers/site.ts';

/** Each fs call the writer makes can be made to fail once, by a test. */
const failures = vi.hoisted(() => ({
  rename: [] as ((from: string, to: string) => boolean)[],
  rm: [] as ((target: string) => boolean)[],
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const refused = (syscall: string) =>
    Object.assign(new Error(`EACCES: permission denied, ${syscall}`), { code: 'EACCES' });
  return {
    ...fs,
    rename: async (from: string, to: string) => {
      const index = failures.rename.findIndex((matches) => matches(from, to));
      if (index >= 0) {
        failures.rename.splice(index, 1);
        throw refused('rename');
      }
      return fs.rename(from, to);
    },
    rm: async (target: string, options?: Parameters<typeof fs.rm>[1]) => {
      const index = failures.rm.findIndex((matches) => matches(target));
      if (index >= 0) {
        failures.rm.splice(index, 1);
        throw refused('rm');
      }
      return fs.rm(target, options);
    },
  };
});

let workDir: string;
let outDir: string;

/** An earlier build: two files and the mark every build leaves. */
async function earlierBuild() {
  await rm(outDir, { recursive: true, force: true });
  const writer = createDirectoryWriter(outDir);
  await writer.prepare();
  for (const file of ['index.html', 'sitemap.xml'])
    await writer.write({ path: file, contents: `old ${file}` });
  await writer.commit();
}

async function newBuild() {
  const writer = createDirectoryWriter(outDir);
  await writer.prepare();
  for (const file of ['index.html', 'sitemap.xml'])
    await writer.write({ path: file, contents: `new ${file}` });
  return writer;
}

beforeAll(async () => {
  workDir = await makeTempDir('swap');
  outDir = path.join(workDir, 'dist');
});

afterEach(() => {
  failures.rename.length = 0;
  failures.rm.length = 0;
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('the output swap', () => {
  it('puts the previous output back when the new one cannot be moved into place', async () => {
    await earlierBuild();
    const writer = await newBuild();
    failures.rename.push((from, to) => from.includes('.tmp-') && to === outDir);
    const error = await writer.commit().then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );
    expect(error).toMatchObject({
      code: 'OUTPUT_FAILED',
      message: expect.stringContaining('move the new output into place'),
    });
    // The file system's own error is kept, not only folded into the message.
    expect(error?.cause).toMatchObject({ code: 'EACCES', message: expect.stringContaining('rename') });
    await writer.abort();
    expect(await readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('old index.html');
    expect((await readdir(workDir)).sort()).toEqual(['dist']);
  });

  it('names where both outputs are when the previous one cannot be put back either', async () => {
    await earlierBuild();
    const writer = await newBuild();
    failures.rename.push(
      (from, to) => from.includes('.tmp-') && to === outDir,
      (from, to) => from.includes('.old-') && to === outDir,
    );
    const error = await writer.commit().then(
      () => undefined,
      (caught: unknown) => caught as { code: string; message: string; hint: string },
    );
    expect(error?.code).toBe('OUTPUT_FAILED');
    const leftovers = (await readdir(workDir)).sort();
    const previous = leftovers.find((name) => name.startsWith('dist.old-'))!;
    const staged = leftovers.find((name) => name.startsWith('dist.tmp-'))!;
    expect(error?.hint).toContain(path.join(workDir, previous));
    expect(error?.hint).toContain(path.join(workDir, staged));
    expect(await readFile(path.join(workDir, previous, 'index.html'), 'utf8')).toBe('old index.html');
    await rm(path.join(workDir, staged), { recursive: true });
    await rm(path.join(workDir, previous), { recursive: true });
  });

  it('warns, and does not fail, when the previous output cannot be removed after the swap', async () => {
    await earlierBuild();
    const writer = await newBuild();
    failures.rm.push((target) => target.includes('.old-'));
    const warnings = await writer.commit();
    expect(await readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('new index.html');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/previous output could not be removed from .*dist\.old-/);
  });
});
