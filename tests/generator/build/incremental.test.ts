/**
 * A build that reuses the last one: after each of a series of edits to a copy of the
 * content, the build that reuses the previous output (and the result cache and the
 * stored pages), and a build into a fresh folder that has only those caches, write the
 * same bytes as a full build that reads none of them, and render only the pages whose
 * inputs changed. A damaged cache entry is made again, never trusted.
 */
import { readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { parseDocument, visit, isScalar } from 'yaml';
import { build, type BuildReport } from '../../../generator/build/pipeline.ts';
import {
  changedContentFiles,
  keepPages,
  previousOutput,
  recordPages,
  type PageInputs,
  type PageStore,
} from '../../../generator/build/incremental.ts';
import {
  codeVersionOf,
  readBuildInputs,
  recordBuild,
  recordFileFor,
  type BuildInputState,
} from '../../../generator/build/upToDate.ts';
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

type BuildKind =
  /** As `site build` runs: the previous output, the result cache and the stored pages. */
  | 'incremental'
  /** Into a fresh folder: the result cache and the stored pages only. */
  | 'fresh'
  /** Reads none of these (the image cache aside: another test covers it). */
  | 'full';

/** The options every build of a step shares (the base URL). */
let commandLine: { baseUrl?: string } = {};

function pageStoreOf(inputs: BuildInputState, codeVersion: string): PageStore {
  return {
    dir: path.join(dir, 'pages'),
    codeVersion,
    contentDigests: Object.fromEntries(
      Object.entries(inputs.digests)
        .filter(([name]) => name.startsWith('content/'))
        .map(([name, digest]) => [name.slice('content/'.length), digest]),
    ),
  };
}

/**
 * `site build` as the CLI runs it; `otherCode` names another version of the generator's sources (as a
 * template edit would make), whose code version is this code's with that mark.
 */
async function siteBuild(outDir: string, kind: BuildKind, otherCode?: string): Promise<BuildReport> {
  const recordFile = recordFileFor(path.join(dir, 'records'), outDir);
  const inputs = await readBuildInputs({
    projectRoot,
    contentDir,
    year: now.getFullYear(),
    baseUrl: commandLine.baseUrl,
  });
  // Made from this code's version: a build trusts what it files under a version (the code's text names).
  const codeVersion = codeVersionOf(inputs) + (otherCode ? `-${otherCode}` : '');
  const previous = kind === 'incremental' ? await previousOutput(recordFile, outDir, inputs) : undefined;
  const pageStore = kind === 'full' ? undefined : pageStoreOf(inputs, codeVersion);
  let pages: [string, Record<string, PageInputs>] | undefined;
  const report = await build({
    contentDir,
    writer: createDirectoryWriter(outDir),
    now,
    baseUrl: commandLine.baseUrl,
    previous,
    codeVersion: kind === 'full' ? undefined : codeVersion,
    resultCacheDir: path.join(dir, 'results'),
    pageStore,
    onPages: (pageFacing, written) => {
      pages = [pageFacing, written];
    },
  });
  await recordBuild(recordFile, outDir, inputs, report);
  await recordPages(recordFile, inputs, ...pages!);
  if (pageStore) await keepPages(pageStore, ...pages!, outDir);
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

/**
 * The incremental build, a build into a fresh folder and a full build from the same content: the
 * same files, byte for byte. Gives the incremental build's report.
 */
async function expectSameAsFullBuild(otherCode?: string): Promise<BuildReport> {
  const incremental = await siteBuild(path.join(dir, 'incremental'), 'incremental', otherCode);
  const fresh = path.join(dir, `fresh-${(freshFolders += 1)}`);
  const fromCaches = await siteBuild(fresh, 'fresh', otherCode);
  const full = await siteBuild(path.join(dir, 'full'), 'full');
  const [a, b, c] = await Promise.all(
    [path.join(dir, 'incremental'), fresh, path.join(dir, 'full')].map(filesOf),
  );
  expect([...a.keys()].sort()).toEqual([...c.keys()].sort());
  expect([...b.keys()].sort()).toEqual([...c.keys()].sort());
  const differing = (files: Map<string, Buffer>) =>
    [...files].filter(([file, bytes]) => !bytes.equals(c.get(file)!)).map(([file]) => file);
  expect(differing(a)).toEqual([]);
  expect(differing(b)).toEqual([]);
  for (const report of [incremental, fromCaches]) {
    expect(report.unusedTexts).toEqual(full.unusedTexts);
    expect(report.missingTextFiles).toEqual(full.missingTextFiles);
    expect(report.translationStatus).toEqual(full.translationStatus);
  }
  expect(full.reusedPages).toBe(0);
  // Whatever the incremental build rendered, the fresh folder's build found stored since: it renders nothing.
  expect(fromCaches.reusedPages).toBe(pageCount(fromCaches));
  await rm(fresh, { recursive: true, force: true });
  return incremental;
}
let freshFolders = 0;

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
    const renamed = await expectSameAsFullBuild();
    expect(renamed.reusedPages).toBe(0);
    // The forward is a page of its own (for hosts without redirect rules): count again.
    const pagesWithForward = pageCount(renamed);
    expect(pagesWithForward).toBeGreaterThan(pages);

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

    // A colour of the site settings: the stylesheet (a bundle the result cache holds) changes, and every page names it.
    const site = parseDocument(await readFile(path.join(contentDir, 'site.yaml'), 'utf8'));
    site.setIn(['theme', 'primary'], '#123456');
    await writeFile(path.join(contentDir, 'site.yaml'), site.toString());
    expect((await expectSameAsFullBuild()).reusedPages).toBe(0);

    // An option: another base URL, then back.
    commandLine = { baseUrl: 'https://staging.example.ch' };
    expect((await expectSameAsFullBuild()).reusedPages).toBe(0);
    commandLine = {};
    expect((await expectSameAsFullBuild()).reusedPages).toBe(pagesWithForward);

    // Another version of the generator's code (a template, a style, a package): nothing stored is taken.
    const freshOther = path.join(dir, 'fresh-other-code');
    const otherCode = await siteBuild(freshOther, 'fresh', 'other');
    expect(otherCode.reusedPages).toBe(0);
    const [other, full] = await Promise.all([freshOther, path.join(dir, 'full')].map(filesOf));
    expect([...other].filter(([file, bytes]) => !bytes.equals(full.get(file) ?? Buffer.alloc(0)))).toEqual(
      [],
    );

    // The first edit undone.
    await writeFile(path.join(contentDir, 'texts/en/about.yaml'), aboutEnglish);
    await expectSameAsFullBuild();

    // --no-cache (every image drawn anew, no cache read) writes the same bytes.
    const noCache = path.join(dir, 'no-cache');
    await build({ contentDir, writer: createDirectoryWriter(noCache), now, cache: false });
    const [drawn, incremental] = await Promise.all([noCache, path.join(dir, 'incremental')].map(filesOf));
    expect([...drawn.keys()].sort()).toEqual([...incremental.keys()].sort());
    expect([...drawn].filter(([file, bytes]) => !bytes.equals(incremental.get(file)!))).toEqual([]);
  }, 600_000);

  it('makes a damaged or truncated cache entry again instead of trusting it', async () => {
    await expectSameAsFullBuild();
    // Every stored result and page damaged: half of them cut short, the others with a byte changed.
    const damaged: string[] = [];
    for (const folder of [path.join(dir, 'results'), path.join(dir, 'pages/html')]) {
      for (const [index, name] of (await readdir(folder)).entries()) {
        const file = path.join(folder, name);
        const bytes = await readFile(file);
        if (index % 2 === 0) await truncate(file, Math.floor(bytes.length / 2));
        else {
          bytes[Math.floor(bytes.length / 2)] ^= 0xff;
          await writeFile(file, bytes);
        }
        damaged.push(file);
      }
    }
    expect(damaged.length).toBeGreaterThan(0);
    // A fresh folder: nothing to link from a previous output, so every page comes from the store or is rendered.
    const fresh = path.join(dir, 'fresh-after-damage');
    const report = await siteBuild(fresh, 'fresh');
    expect(report.reusedPages).toBe(0);
    const [rebuilt, full] = await Promise.all([fresh, path.join(dir, 'full')].map(filesOf));
    expect([...rebuilt.keys()].sort()).toEqual([...full.keys()].sort());
    expect([...rebuilt].filter(([file, bytes]) => !bytes.equals(full.get(file)!))).toEqual([]);
    // Made again: the next build into a fresh folder takes every page from the store.
    expect((await siteBuild(path.join(dir, 'fresh-after-repair'), 'fresh')).reusedPages).toBe(
      pageCount(report),
    );
  }, 600_000);

  it('renders again a page whose file in the previous output no longer has the recorded bytes', async () => {
    const outDir = path.join(dir, 'incremental');
    await siteBuild(outDir, 'incremental');
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
