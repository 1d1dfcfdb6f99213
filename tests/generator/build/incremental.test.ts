/**
 * A build that reuses the last one: after each of a series of edits to a copy of the
 * content, the build that reuses the previous output writes the same bytes as a full
 * build, and renders only the pages whose inputs changed.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { parseDocument, visit, isScalar } from 'yaml';
import { build, type BuildReport } from '../../../generator/build/pipeline.ts';
import {
  changedContentFiles,
  previousOutput,
  recordPages,
  type PageInputs,
} from '../../../generator/build/incremental.ts';
import { readBuildInputs, recordBuild, recordFileFor } from '../../../generator/build/upToDate.ts';
import { createDirectoryWriter } from '../../../generator/build/writer.ts';
import { copyRealContent, makeTempDir, projectRoot } from '../../helpers/site.ts';

let dir: string;
let contentDir: string;
const now = new Date('2026-06-01T12:00:00Z');

beforeAll(async () => {
  dir = await makeTempDir('incremental');
  contentDir = await copyRealContent(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `site build` as the CLI runs it: the previous build's pages reused unless `full`. */
async function siteBuild(outDir: string, full: boolean): Promise<BuildReport> {
  const recordFile = recordFileFor(path.join(dir, 'records'), outDir);
  const inputs = await readBuildInputs({ projectRoot, contentDir, year: now.getFullYear() });
  const previous = full ? undefined : await previousOutput(recordFile, outDir, inputs);
  let pages: [string, Record<string, PageInputs>] | undefined;
  const report = await build({
    contentDir,
    writer: createDirectoryWriter(outDir),
    now,
    previous,
    onPages: (pageFacing, written) => {
      pages = [pageFacing, written];
    },
  });
  await recordBuild(recordFile, outDir, inputs, report);
  await recordPages(recordFile, inputs, ...pages!);
  return report;
}

async function filesOf(folder: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = new Map<string, Buffer>();
  for (const entry of entries.filter((entry) => entry.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(folder, file), await readFile(file));
  }
  return files;
}

/** The incremental build and a full build from the same content: the same files, byte for byte. */
async function expectSameAsFullBuild(): Promise<BuildReport> {
  const incremental = await siteBuild(path.join(dir, 'incremental'), false);
  const full = await siteBuild(path.join(dir, 'full'), true);
  const [a, b] = await Promise.all([filesOf(path.join(dir, 'incremental')), filesOf(path.join(dir, 'full'))]);
  expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
  const differing = [...a].filter(([file, bytes]) => !bytes.equals(b.get(file)!)).map(([file]) => file);
  expect(differing).toEqual([]);
  expect(incremental.unusedTexts).toEqual(full.unusedTexts);
  expect(incremental.missingTextFiles).toEqual(full.missingTextFiles);
  expect(full.reusedPages).toBe(0);
  return incremental;
}

const pageCount = (report: BuildReport) =>
  Object.values(report.pagesByLanguage).reduce((total, count) => total + count, 0);

/** Appends words to the first text of a YAML file (or to the first value of `key`), keeping the rest as written. */
async function appendToText(file: string, words: string, key?: string): Promise<void> {
  const target = path.join(contentDir, file);
  const document = parseDocument(await readFile(target, 'utf8'));
  let done = false;
  visit(document, {
    Pair(_, pair) {
      if (done || !isScalar(pair.value) || typeof pair.value.value !== 'string') return;
      if (key !== undefined && !(isScalar(pair.key) && pair.key.value === key)) return;
      pair.value.value = `${pair.value.value} ${words}`;
      done = true;
      return visit.BREAK;
    },
  });
  expect(done).toBe(true);
  await writeFile(target, document.toString());
}

describe('a build that reuses the last one', () => {
  it('writes what a full build writes after each of a series of edits, rendering only what changed', async () => {
    const first = await expectSameAsFullBuild();
    expect(first.reusedPages).toBe(0); // nothing to reuse yet
    const pages = pageCount(first);

    // Nothing changed (the up-to-date check aside): every page is reused.
    expect((await expectSameAsFullBuild()).reusedPages).toBe(pages);

    // One text of one language: its pages only.
    const aboutEnglish = await readFile(path.join(contentDir, 'texts/en/about.yaml'));
    await appendToText('texts/en/about.yaml', 'Edited once.');
    const oneText = await expectSameAsFullBuild();
    expect(oneText.reusedPages).toBeGreaterThan(0);
    expect(oneText.reusedPages).toBeLessThan(pages);

    // A text of the default language, which the other languages fall back to.
    await appendToText('texts/it/common.yaml', 'Modificato.');
    expect((await expectSameAsFullBuild()).reusedPages).toBeLessThan(pages);

    // A plan's name; a language's text file removed (its pages show the default language's).
    await appendToText('plans.yaml', 'Plus', 'name');
    await expectSameAsFullBuild();
    await rm(path.join(contentDir, 'texts/de/about.yaml'));
    await expectSameAsFullBuild();

    // A slug, its old one kept as a forward (as the build requires): every link to the page moves, so every page is rendered.
    const slugs = parseDocument(await readFile(path.join(contentDir, 'slugs.yaml'), 'utf8'));
    const oldSlug = String(slugs.getIn(['about', 'en']));
    slugs.setIn(['about', 'en'], `${oldSlug}-edited`);
    const listed =
      (slugs.getIn(['former', 'about', 'en']) as { toJSON(): string[] } | undefined)?.toJSON() ?? [];
    slugs.setIn(['former', 'about', 'en'], slugs.createNode([...listed, oldSlug], { flow: true }));
    await writeFile(path.join(contentDir, 'slugs.yaml'), slugs.toString());
    expect((await expectSameAsFullBuild()).reusedPages).toBe(0);

    // A photo a page shows, replaced by another (its name kept): the pages that show it name its new encodings.
    const photo = path.join(contentDir, 'images/vision.jpg');
    await writeFile(
      photo,
      await sharp(await readFile(photo))
        .flop()
        .jpeg()
        .toBuffer(),
    );
    expect((await expectSameAsFullBuild()).reusedPages).toBeLessThan(pages);

    // The first edit undone.
    await writeFile(path.join(contentDir, 'texts/en/about.yaml'), aboutEnglish);
    await expectSameAsFullBuild();
  }, 600_000);

  it('renders again a page whose file in the previous output no longer has the recorded bytes', async () => {
    const outDir = path.join(dir, 'incremental');
    await siteBuild(outDir, false);
    const page = path.join(outDir, 'index.html');
    await writeFile(page, 'edited by hand');
    const report = await expectSameAsFullBuild();
    expect(report.reusedPages).toBe(pageCount(report) - 1);
  }, 600_000);
});

describe('changedContentFiles', () => {
  it('names the changed, added and removed content files, ignores dates, and gives up on anything else', () => {
    const before = {
      'content/a.yaml': '1',
      'content/b.yaml': '2',
      'date/a.yaml': 'x',
      'option/strict': 'false',
    };
    expect(
      changedContentFiles(before, {
        'content/a.yaml': '1',
        'content/c.yaml': '3',
        'date/a.yaml': 'y',
        'option/strict': 'false',
      }),
    ).toEqual(new Set(['b.yaml', 'c.yaml']));
    expect(changedContentFiles(before, { ...before, 'option/strict': 'true' })).toBeUndefined();
    expect(changedContentFiles(before, { ...before, 'templates/Page.tsx': '1' })).toBeUndefined();
  });
});
