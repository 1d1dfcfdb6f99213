/** The up-to-date check: a key of every input, and a record of exactly what the last build wrote. */
import { mkdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../../generator/build/pipeline.ts';
import {
  codeVersionOf,
  readBuildInputs,
  recordBuild,
  recordFileFor,
  upToDateReport,
  type BuildInputs,
  type BuildInputState,
} from '../../../generator/build/upToDate.ts';
import { makeTempDir } from '../../helpers/site.ts';

let dir: string;
let inputs: BuildInputs;
const write = async (file: string, text: string) => {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
};

beforeAll(async () => {
  dir = await makeTempDir('up-to-date');
  const projectRoot = path.join(dir, 'project');
  for (const [file, text] of Object.entries({
    'bin/cli.ts': 'cli',
    'generator/build.ts': 'build',
    'templates/Page.tsx': 'page',
    'client/main.ts': 'main',
    'client/styles.css': 'css',
    'package-lock.json': '{}',
  })) {
    await write(path.join(projectRoot, file), text);
  }
  await write(path.join(dir, 'content/site.yaml'), 'brand: A\n');
  await write(path.join(dir, 'content/texts/it/home.yaml'), 'title: Ciao\n');
  inputs = { projectRoot, contentDir: path.join(dir, 'content'), year: 2026 };
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const buildInputKey = async (inputs: BuildInputs) => (await readBuildInputs(inputs)).key;

describe('build input key', () => {
  it('is the same for the same inputs, and changes with any byte of content or source and with each option', async () => {
    const key = await buildInputKey(inputs);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await buildInputKey(inputs)).toBe(key);
    expect(await buildInputKey({ ...inputs, baseUrl: 'https://www.example.org' })).not.toBe(key);
    expect(await buildInputKey({ ...inputs, strict: true })).not.toBe(key);
    expect(await buildInputKey({ ...inputs, year: 2027 })).not.toBe(key);
    for (const file of [
      'content/texts/it/home.yaml',
      'project/templates/Page.tsx',
      'project/client/styles.css',
      'project/generator/build.ts',
      'project/package-lock.json',
    ]) {
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

describe('the digests remembered between runs', () => {
  it('reads a file again when its bytes changed, even with its size and times put back, and not otherwise', async () => {
    const memoryFile = path.join(dir, 'memory/digests.json');
    const remembering = { ...inputs, memoryDir: path.dirname(memoryFile) };
    const site = path.join(dir, 'content/site.yaml');
    // A digest is remembered only for a file that had not changed for a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const first = await readBuildInputs(remembering);
    expect(first.key).toBe(await buildInputKey(inputs));
    const remembered = JSON.parse(await readFile(memoryFile, 'utf8')) as [string, unknown[]][];
    expect(remembered.map(([file]) => file)).toContain(site);

    // The same bytes under a changed time: the key stays.
    const { mtime } = await stat(site);
    await utimes(site, new Date(), new Date());
    expect((await readBuildInputs(remembering)).key).toBe(first.key);
    // Other bytes of the same size, with the modification time put back: the change time tells.
    await writeFile(site, 'brand: B\n');
    await utimes(site, mtime, mtime);
    const changed = await readBuildInputs(remembering);
    expect(changed.key).toBe(await buildInputKey(inputs));
    expect(changed.key).not.toBe(first.key);
    await writeFile(site, 'brand: A\n');

    // A remembered digest is taken as it is for a file whose identity and times match: it is not read.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await readBuildInputs(remembering);
    const entries = JSON.parse(await readFile(memoryFile, 'utf8')) as [string, unknown[]][];
    const entry = entries.find(([file]) => file === site)!;
    entry[1][5] = 'remembered';
    await writeFile(memoryFile, JSON.stringify(entries));
    expect((await readBuildInputs(remembering)).digests['content/site.yaml']).toBe('remembered');
    // A damaged memory is no memory.
    await writeFile(memoryFile, '[[');
    expect((await readBuildInputs(remembering)).key).toBe(first.key);
  });
});

describe('code version', () => {
  it('changes with any byte of the generator, its templates, scripts, styles and packages and with NODE_ENV, not with content or options', async () => {
    const codeVersion = async (changed: BuildInputs = inputs) =>
      codeVersionOf(await readBuildInputs(changed));
    const version = await codeVersion();
    expect(
      await codeVersion({ ...inputs, baseUrl: 'https://www.example.org', strict: true, year: 2027 }),
    ).toBe(version);
    const home = path.join(dir, 'content/texts/it/home.yaml');
    await writeFile(home, 'title: Ciao ciao\n');
    expect(await codeVersion()).toBe(version);
    await writeFile(home, 'title: Ciao\n');
    for (const file of [
      'project/templates/Page.tsx',
      'project/client/styles.css',
      'project/client/main.ts',
      'project/generator/build.ts',
      'project/bin/cli.ts',
      'project/package-lock.json',
    ]) {
      const original = await readFile(path.join(dir, file), 'utf8');
      await writeFile(path.join(dir, file), `${original}!`);
      expect(await codeVersion(), file).not.toBe(version);
      await writeFile(path.join(dir, file), original);
    }
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      expect(await codeVersion()).not.toBe(version);
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    expect(await codeVersion()).toBe(version);
  });
});

describe('build record', () => {
  const report = { fileCount: 2, destination: 'out' } as unknown as BuildReport;
  const state = (key: string, digests: Record<string, string> = {}): BuildInputState => ({
    key,
    digests,
    contentDates: {},
  });

  it('answers the last report only while the key is the same and the folder holds exactly the files written, and says why not', async () => {
    const out = path.join(dir, 'out');
    await write(path.join(out, 'index.html'), '<p>a</p>');
    await write(path.join(out, 'assets/site.css'), 'p{}');
    await write(path.join(out, '.site-build.json'), '{}'); // the writer's mark is not output
    const recordFile = recordFileFor(path.join(dir, 'records'), out);
    await recordBuild(recordFile, out, state('key-1'), report);

    expect(await upToDateReport(recordFile, out, state('key-1'))).toEqual({ report });
    expect(await upToDateReport(recordFile, out, state('key-2'))).toEqual({
      reason: expect.stringMatching(/^the inputs changed since the last build into /),
    });

    await writeFile(path.join(out, 'index.html'), '<p>b</p>'); // same size, other bytes
    expect(await upToDateReport(recordFile, out, state('key-1'))).toEqual({
      reason: expect.stringMatching(/ is not as the last build left it: index\.html changed$/),
    });
    await writeFile(path.join(out, 'index.html'), '<p>a</p>');
    expect(await upToDateReport(recordFile, out, state('key-1'))).toEqual({ report });

    await write(path.join(out, 'extra.html'), 'x'); // a file the build did not write
    expect((await upToDateReport(recordFile, out, state('key-1'))).reason).toMatch(
      /: extra\.html was not written by it$/,
    );
    await rm(path.join(out, 'extra.html'));
    await rm(path.join(out, 'assets/site.css')); // a file it wrote, gone
    expect((await upToDateReport(recordFile, out, state('key-1'))).reason).toMatch(
      /: assets\/site\.css is missing$/,
    );
  });

  it('names the inputs that changed since the last build, three at most', async () => {
    const out = path.join(dir, 'out-named');
    await write(path.join(out, 'index.html'), '<p>a</p>');
    const recordFile = recordFileFor(path.join(dir, 'records'), out);
    const before = await readBuildInputs(inputs);
    await recordBuild(recordFile, out, before, report);
    expect(await upToDateReport(recordFile, out, await readBuildInputs(inputs))).toEqual({ report });

    const home = path.join(dir, 'content/texts/it/home.yaml');
    const original = await readFile(home, 'utf8');
    await writeFile(home, `${original}!`);
    await write(path.join(dir, 'project/templates/Card.tsx'), 'card');
    const { reason } = await upToDateReport(
      recordFile,
      out,
      await readBuildInputs({ ...inputs, strict: true }),
    );
    // Options first, with their values; the files by name.
    expect(reason).toMatch(
      /^--strict changed \(false → true\), content file texts\/it\/home\.yaml changed, templates\/Card\.tsx was added since the last build into \S*out-named$/,
    );
    await writeFile(home, original);
    await rm(path.join(dir, 'project/templates/Card.tsx'));

    // A new content file has a new date too, which is not named again.
    await write(path.join(dir, 'content/images/new.svg'), '<svg/>');
    expect((await upToDateReport(recordFile, out, await readBuildInputs(inputs))).reason).toMatch(
      /^content file images\/new\.svg was added since /,
    );
    await rm(path.join(dir, 'content/images'), { recursive: true });

    const many = { ...before.digests, a: '1', b: '2', c: '3', d: '4', e: '5' };
    expect((await upToDateReport(recordFile, out, state('other', many))).reason).toMatch(
      /^a was added, b was added, c was added and 2 more since /,
    );
  });

  it('builds when there is no record, or a damaged one, and keeps one record per folder', async () => {
    const recordFile = recordFileFor(path.join(dir, 'records'), path.join(dir, 'elsewhere'));
    expect(recordFile).not.toBe(recordFileFor(path.join(dir, 'records'), path.join(dir, 'out')));
    expect(await upToDateReport(recordFile, path.join(dir, 'elsewhere'), state('key-1'))).toEqual({});
    await write(recordFile, '{"version":3,"key":"key-1","fi');
    expect(await upToDateReport(recordFile, path.join(dir, 'elsewhere'), state('key-1'))).toEqual({});
    await write(recordFile, '{"version":3,"key":"key-1"}');
    expect(await upToDateReport(recordFile, path.join(dir, 'elsewhere'), state('key-1'))).toEqual({});
  });

  it('builds after a record of another version, and says so', async () => {
    const out = path.join(dir, 'out-versioned');
    await write(path.join(out, 'index.html'), '<p>a</p>');
    const recordFile = recordFileFor(path.join(dir, 'records'), out);
    await recordBuild(recordFile, out, state('key-1'), report);
    const record = JSON.parse(await readFile(recordFile, 'utf8'));
    await writeFile(recordFile, JSON.stringify({ ...record, version: 1 }));
    expect(await upToDateReport(recordFile, out, state('key-1'))).toEqual({
      reason: expect.stringMatching(
        /^the last build into \S*out-versioned was recorded by another version of site$/,
      ),
    });
  });
});
