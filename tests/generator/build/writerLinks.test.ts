/**
 * A file the output in place already holds with the same bytes is linked into the new output;
 * where the file system refuses links (no hard links, a protected link), it is written instead
 * and the build goes on.
 */
import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDirectoryWriter } from '../../../generator/build/writer.ts';
import { makeTempDir } from '../../helpers/site.ts';

const links = vi.hoisted(() => ({ refused: false, attempts: 0 }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return {
    ...fs,
    linkSync: (existing: string, created: string) => {
      links.attempts += 1;
      if (links.refused)
        throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
      return fs.linkSync(existing, created);
    },
  };
});

let workDir: string;
beforeAll(async () => {
  workDir = await makeTempDir('writer-links');
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function buildOnce(out: string, files: Record<string, string>) {
  const writer = createDirectoryWriter(out);
  await writer.prepare();
  for (const [file, contents] of Object.entries(files)) await writer.write({ path: file, contents });
  await writer.commit();
}

describe('directory writer, unchanged files', () => {
  it('links a file whose bytes the output in place holds', async () => {
    const out = path.join(workDir, 'linked');
    await buildOnce(out, { 'index.html': 'same', 'other.html': 'first' });
    const before = await stat(path.join(out, 'index.html'));
    links.refused = false;
    links.attempts = 0;
    await buildOnce(out, { 'index.html': 'same', 'other.html': 'second' });
    expect(links.attempts).toBeGreaterThan(0);
    expect((await stat(path.join(out, 'index.html'))).ino).toBe(before.ino);
    expect(await readFile(path.join(out, 'other.html'), 'utf8')).toBe('second');
  });

  it('writes the bytes where the file system refuses the link, and the build succeeds', async () => {
    const out = path.join(workDir, 'refused');
    await buildOnce(out, { 'index.html': 'same', 'other.html': 'first' });
    const before = await stat(path.join(out, 'index.html'));
    links.refused = true;
    links.attempts = 0;
    try {
      await buildOnce(out, { 'index.html': 'same', 'other.html': 'second' });
    } finally {
      links.refused = false;
    }
    expect(links.attempts).toBeGreaterThan(0);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('same');
    expect((await stat(path.join(out, 'index.html'))).ino).not.toBe(before.ino);
    expect(await readFile(path.join(out, 'other.html'), 'utf8')).toBe('second');
  });
});
