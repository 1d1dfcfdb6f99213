/** The up-to-date check: a key of every input, and a record of exactly what the last build wrote. */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../generator/build.ts';
import { buildInputKey, recordBuild, recordFileFor, upToDateReport, type BuildInputs } from '../../generator/upToDate.ts';
import { makeTempDir } from '../helpers/site.ts';

let dir: string;
let inputs: BuildInputs;
const write = async (file: string, text: string) => {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
};

beforeAll(async () => {
  dir = await makeTempDir('up-to-date');
  const projectRoot = path.join(dir, 'project');
  for (const [file, text] of Object.entries({ 'bin/cli.ts': 'cli', 'generator/build.ts': 'build', 'templates/Page.tsx': 'page', 'client/main.ts': 'main', 'client/styles.css': 'css', 'package-lock.json': '{}' })) {
    await write(path.join(projectRoot, file), text);
  }
  await write(path.join(dir, 'content/site.yaml'), 'brand: A\n');
  await write(path.join(dir, 'content/texts/it/home.yaml'), 'title: Ciao\n');
  inputs = { projectRoot, contentDir: path.join(dir, 'content'), year: 2026 };
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('build input key', () => {
  it('is the same for the same inputs, and changes with any byte of content or source and with each option', async () => {
    const key = await buildInputKey(inputs);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await buildInputKey(inputs)).toBe(key);
    expect(await buildInputKey({ ...inputs, baseUrl: 'https://www.example.org' })).not.toBe(key);
    expect(await buildInputKey({ ...inputs, strict: true })).not.toBe(key);
    expect(await buildInputKey({ ...inputs, year: 2027 })).not.toBe(key);
    for (const file of ['content/texts/it/home.yaml', 'project/templates/Page.tsx', 'project/client/styles.css', 'project/generator/build.ts', 'project/package-lock.json']) {
      const original = await readFile(path.join(dir, file), 'utf8');
      await writeFile(path.join(dir, file), `${original}!`);
      expect(await buildInputKey(inputs), file).not.toBe(key);
      await writeFile(path.join(dir, file), original);
    }
    // A new file (an image added to the content) is an input too.
    await write(path.join(dir, 'content/images/new.svg'), '<svg/>');
    expect(await buildInputKey(inputs)).not.toBe(key);
    await rm(path.join(dir, 'content/images'), { recursive: true });
    expect(await buildInputKey(inputs)).toBe(key);
  });
});

describe('build record', () => {
  const report = { fileCount: 2, destination: 'out' } as unknown as BuildReport;

  it('answers the last report only while the key is the same and the folder holds exactly the files written', async () => {
    const out = path.join(dir, 'out');
    await write(path.join(out, 'index.html'), '<p>a</p>');
    await write(path.join(out, 'assets/site.css'), 'p{}');
    await write(path.join(out, '.site-build.json'), '{}'); // the writer's mark is not output
    const recordFile = recordFileFor(path.join(dir, 'records'), out);
    await recordBuild(recordFile, out, 'key-1', report);

    expect(await upToDateReport(recordFile, out, 'key-1')).toEqual(report);
    expect(await upToDateReport(recordFile, out, 'key-2')).toBeUndefined();

    await writeFile(path.join(out, 'index.html'), '<p>b</p>'); // same size, other bytes
    expect(await upToDateReport(recordFile, out, 'key-1')).toBeUndefined();
    await writeFile(path.join(out, 'index.html'), '<p>a</p>');
    expect(await upToDateReport(recordFile, out, 'key-1')).toEqual(report);

    await write(path.join(out, 'extra.html'), 'x'); // a file the build did not write
    expect(await upToDateReport(recordFile, out, 'key-1')).toBeUndefined();
    await rm(path.join(out, 'extra.html'));
    await rm(path.join(out, 'assets/site.css')); // a file it wrote, gone
    expect(await upToDateReport(recordFile, out, 'key-1')).toBeUndefined();
  });

  it('builds when there is no record, or a damaged one, and keeps one record per folder', async () => {
    const recordFile = recordFileFor(path.join(dir, 'records'), path.join(dir, 'elsewhere'));
    expect(recordFile).not.toBe(recordFileFor(path.join(dir, 'records'), path.join(dir, 'out')));
    expect(await upToDateReport(recordFile, path.join(dir, 'elsewhere'), 'key-1')).toBeUndefined();
    await write(recordFile, '{"version":1,"key":"key-1","fi');
    expect(await upToDateReport(recordFile, path.join(dir, 'elsewhere'), 'key-1')).toBeUndefined();
  });
});
