/**
 * The output writer replaces a whole folder, so it must never replace one that
 * holds the content, the project or the working folder, nor a folder of other
 * files that a mistyped `--out` happens to name.
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertReplaceableOutput,
  createDirectoryWriter,
  createMemoryWriter,
  outputMarkFile,
} from '../../../generator/build/writer.ts';
import { copyRealContent, makeTempDir, runSite } from '../../helpers/site.ts';

let workDir: string;
/** Generous: each test runs real builds on two busy cores. */
const slow = 240_000;

beforeAll(async () => {
  workDir = await makeTempDir('writer');
  await copyRealContent(workDir);
  await writeFile(path.join(workDir, 'notes.txt'), 'keep me');
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function refuses(out: string) {
  const before = (await readdir(workDir)).sort();
  const result = await runSite(['build', '--out', out], workDir);
  expect(result.code, out).toBe(1);
  expect(result.stderr).toContain('[OUTPUT_FAILED]');
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect((await readdir(workDir)).sort()).toEqual(before);
  expect(await readFile(path.join(workDir, 'notes.txt'), 'utf8')).toBe('keep me');
  return result.stderr;
}

describe('the directory writer', () => {
  it(
    'refuses to replace the working folder or the content folder',
    async () => {
      expect(await refuses('.')).toMatch(/Refusing to replace .*: it holds/);
      expect(await refuses('content')).toMatch(/Refusing to replace .*content: it holds/);
      expect((await readdir(path.join(workDir, 'content'))).length).toBeGreaterThan(5);
    },
    slow,
  );

  it(
    'refuses a non-empty folder that is not an earlier build',
    async () => {
      await mkdir(path.join(workDir, 'photos'));
      await writeFile(path.join(workDir, 'photos/holiday.jpg'), 'not a site');
      expect(await refuses('photos')).toContain('is not an earlier build');
      expect(await readFile(path.join(workDir, 'photos/holiday.jpg'), 'utf8')).toBe('not a site');
    },
    slow,
  );

  it(
    'refuses a folder that merely holds the files a build writes, and deletes nothing of it',
    async () => {
      // index.html and sitemap.xml are what a build writes, but not proof that a build wrote them.
      await mkdir(path.join(workDir, 'lookalike'));
      for (const [file, text] of [
        ['index.html', '<p>mine</p>'],
        ['sitemap.xml', '<urlset/>'],
        ['precious.doc', 'irreplaceable'],
      ])
        await writeFile(path.join(workDir, 'lookalike', file), text);
      expect(await refuses('lookalike')).toContain(`it has no ${outputMarkFile}`);
      expect((await readdir(path.join(workDir, 'lookalike'))).sort()).toEqual([
        'index.html',
        'precious.doc',
        'sitemap.xml',
      ]);
      expect(await readFile(path.join(workDir, 'lookalike/precious.doc'), 'utf8')).toBe('irreplaceable');
    },
    slow,
  );

  it(
    'refuses a folder whose mark some other program wrote, or an unfinished build',
    async () => {
      for (const [name, mark] of [
        ['foreign', '{"writtenBy":"another tool","complete":true}'],
        ['unfinished', '{"writtenBy":"site build (b2b-mobile-site)","complete":false}'],
        ['garbled', 'not json'],
      ]) {
        await mkdir(path.join(workDir, name));
        await writeFile(path.join(workDir, name, outputMarkFile), mark);
        await writeFile(path.join(workDir, name, 'keep.txt'), 'keep');
        expect(await refuses(name), name).toContain('is not an earlier build');
        expect(await readFile(path.join(workDir, name, 'keep.txt'), 'utf8')).toBe('keep');
      }
    },
    slow,
  );

  it(
    'reports an output path inside a file as a user error',
    async () => {
      expect(await refuses('notes.txt/dist')).toContain('inside a file');
    },
    slow,
  );

  it(
    'builds into a new folder, then replaces its own earlier build',
    async () => {
      // The writer's own output into a new folder: what every build leaves, without rendering the site again.
      const earlier = createDirectoryWriter(path.join(workDir, 'site-out'));
      await earlier.prepare();
      await earlier.write({ path: 'index.html', contents: 'an earlier build' });
      await earlier.commit();
      expect(await readFile(path.join(workDir, 'site-out/index.html'), 'utf8')).toBe('an earlier build');
      await writeFile(path.join(workDir, 'site-out/stale.txt'), 'from an old build');
      const second = await runSite(['build', '--out', 'site-out'], workDir);
      expect(second.code, second.stderr).toBe(0);
      const entries = await readdir(path.join(workDir, 'site-out'));
      expect(entries).toContain('index.html');
      expect(entries).not.toContain('stale.txt');
      expect(await readFile(path.join(workDir, 'site-out/index.html'), 'utf8')).toMatch(/^<!doctype html>/i);
      // The mark names what wrote the folder; it is what lets the next build replace it.
      expect(
        JSON.parse(await readFile(path.join(workDir, 'site-out', outputMarkFile), 'utf8')),
      ).toMatchObject({ writtenBy: 'site build (b2b-mobile-site)', complete: true });
      expect((await readdir(workDir)).filter((name) => name.startsWith('site-out.'))).toEqual([]);
    },
    slow,
  );

  it('links a file the output in place holds with the same bytes, and leaves that output as it was until the swap', async () => {
    const target = path.join(workDir, 'linked');
    const first = createDirectoryWriter(target);
    await first.prepare();
    for (const [file, contents] of Object.entries({
      'same.txt': 'same',
      'a/changed.txt': 'old',
      'gone.txt': 'x',
    }))
      await first.write({ path: file, contents });
    await first.commit();
    const sameInode = (await stat(path.join(target, 'same.txt'))).ino;
    const changedInode = (await stat(path.join(target, 'a/changed.txt'))).ino;

    const aborted = createDirectoryWriter(target);
    await aborted.prepare();
    await aborted.write({ path: 'same.txt', contents: 'same' });
    await aborted.write({ path: 'a/changed.txt', contents: 'new' });
    await aborted.abort();
    expect(await readFile(path.join(target, 'same.txt'), 'utf8')).toBe('same');
    expect(await readFile(path.join(target, 'a/changed.txt'), 'utf8')).toBe('old');
    expect((await stat(path.join(target, 'same.txt'))).nlink).toBe(1);

    const second = createDirectoryWriter(target);
    await second.prepare();
    await second.write({ path: 'same.txt', contents: Buffer.from('same') });
    await second.write({ path: 'a/changed.txt', contents: 'new' });
    await second.commit();
    expect((await readdir(target)).sort()).toEqual([outputMarkFile, 'a', 'same.txt']);
    expect((await stat(path.join(target, 'same.txt'))).ino).toBe(sameInode);
    expect((await stat(path.join(target, 'a/changed.txt'))).ino).not.toBe(changedInode);
    expect(await readFile(path.join(target, 'a/changed.txt'), 'utf8')).toBe('new');
  });

  it(
    'checks the destination before the build and again before the swap',
    async () => {
      const target = path.join(workDir, 'late');
      const writer = createDirectoryWriter(target, { protectedDirs: [] });
      await writer.prepare();
      await writer.write({ path: 'index.html', contents: '<!doctype html>' });
      // Something else fills the folder while the build runs: the swap must not delete it.
      await mkdir(target);
      await writeFile(path.join(target, 'work.txt'), 'someone else’s');
      await expect(writer.commit()).rejects.toThrow(/is not an earlier build/);
      await writer.abort();
      expect(await readdir(target)).toEqual(['work.txt']);
    },
    slow,
  );

  it(
    'accepts a missing or empty folder, and refuses the file system root and the home folder',
    async () => {
      await expect(
        assertReplaceableOutput(path.join(workDir, 'does-not-exist'), []),
      ).resolves.toBeUndefined();
      await mkdir(path.join(workDir, 'empty'));
      await expect(assertReplaceableOutput(path.join(workDir, 'empty'), [])).resolves.toBeUndefined();
      await expect(assertReplaceableOutput(path.parse(workDir).root, [])).rejects.toThrow(/Refusing/);
      await expect(assertReplaceableOutput(os.homedir(), [])).rejects.toThrow(/Refusing .*: it holds/);
      await expect(assertReplaceableOutput(path.dirname(workDir), [workDir])).rejects.toThrow(/it holds/);
    },
    slow,
  );
});

describe('the memory writer', () => {
  it('shows nothing until commit, and nothing after an abort', async () => {
    const committed = createMemoryWriter();
    await committed.write({ path: 'a.html', contents: 'a' });
    expect(committed.files.size).toBe(0);
    await committed.commit();
    expect([...committed.files.keys()]).toEqual(['a.html']);
    const aborted = createMemoryWriter();
    await aborted.write({ path: 'b.html', contents: 'b' });
    await aborted.abort();
    expect(aborted.files.size).toBe(0);
  });
});

describe('an output on a file system that takes no new folders', () => {
  // /proc answers every mkdir with ENOENT, as some read-only mounts do; Node's recursive mkdir never returned there.
  it.skipIf(process.platform !== 'linux')(
    'is a clear OUTPUT_FAILED error, without the raw "ENOENT … mkdir"',
    async () => {
      const writer = createDirectoryWriter('/proc/site-output-test/dist');
      const error = await Promise.race([
        writer.prepare().then(
          () => undefined,
          (caught: unknown) => caught,
        ),
        new Promise((resolve) => setTimeout(() => resolve('still waiting after 10 s'), 10_000)),
      ]);
      expect(error).toMatchObject({
        code: 'OUTPUT_FAILED',
        message:
          'Could not create the output folder: the file system there does not take new folders (ENOENT)',
      });
      expect((error as Error).message).not.toContain('mkdir');
    },
    20_000,
  );
});
