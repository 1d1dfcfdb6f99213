/**
 * `site translations` through the CLI on a copy of the real content: an agency
 * round trip (export, a script edits targets as a CAT tool would, import, build
 * shows them, the YAML diff touches only those values), the status report and
 * its JSON, and a build that lists the counts and, under --strict, fails on an
 * outdated translation.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/build/pipeline.ts';
import { createMemoryWriter } from '../../generator/build/writer.ts';
import { buildInMemory } from '../helpers/memoryBuild.ts';
import { copyRealContent, makeTempDir, runSite } from '../helpers/site.ts';
import { setText, snapshot } from '../helpers/translationFixture.ts';
import { editFile, plain, setTarget } from '../helpers/xliffEdit.ts';

let workDir: string;
let contentDir: string;
beforeAll(async () => {
  workDir = await makeTempDir('translations-cli');
  contentDir = await copyRealContent(workDir);
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

type Node = Record<string, unknown>;

describe('site translations', () => {
  it('round-trips an agency file: export, edit, import, build', async () => {
    const exported = await runSite([
      'translations',
      'export',
      'de',
      '--content',
      contentDir,
      '--out',
      workDir,
    ]);
    expect(exported.code, exported.stderr).toBe(0);
    const file = path.join(workDir, 'translations-de.xlf');

    // Two page titles without placeholders, whose page the note names.
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      isArray: (name) => ['file', 'trans-unit', 'note'].includes(name),
    });
    const root = (parser.parse(await readFile(file, 'utf8')) as Node).xliff as Node;
    const units = (root.file as Node[]).flatMap((element) => (element.body as Node)['trans-unit'] as Node[]);
    const chosen = units
      .filter((unit) => String(unit['@id']).endsWith('.meta.title') && typeof unit.source === 'string')
      .slice(0, 2)
      .map((unit) => ({
        id: String(unit['@id']),
        page: String((unit.note as string[]).find((note) => note.startsWith('Page: '))).slice(
          'Page: '.length,
        ),
        title: `Prüftitel ${String(unit['@id']).split('.')[0]}`,
      }));
    expect(chosen).toHaveLength(2);
    const before = await snapshot(contentDir);
    await editFile(file, (xml) =>
      chosen.reduce((edited, unit) => setTarget(edited, unit.id, plain(unit.title)), xml),
    );

    const imported = await runSite(['translations', 'import', file, '--content', contentDir]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/^de: 2 translations written, 0 confirmed unchanged/);

    // Only the two values changed; every other byte of every file is as it was.
    const after = await snapshot(contentDir);
    const changed = Object.keys(after).filter((name) => after[name] !== before[name]);
    const files = [...new Set(chosen.map((unit) => `texts/de/${unit.id.split('.')[0]}.yaml`))];
    expect(changed.sort()).toEqual(files.sort());
    for (const name of files) {
      const old = before[name].split('\n');
      const lines = after[name].split('\n');
      expect(lines).toHaveLength(old.length);
      const differing = lines.filter((line, index) => line !== old[index]);
      expect(differing.every((line) => chosen.some((unit) => line === `  title: ${unit.title}`))).toBe(true);
      expect(differing.length).toBeGreaterThan(0);
    }

    const built = await buildInMemory(contentDir);
    for (const unit of chosen) {
      const page = new URL(unit.page).pathname;
      expect(built.text(`${page.slice(1)}index.html`)).toContain(`<title>${unit.title}`);
    }
    expect(built.report.translationStatus?.de.outdated).toBe(0);
  }, 300_000);

  it('reports an outdated translation with its file and line, and --json for machines', async () => {
    const status = await runSite(['translations', 'status', '--json', '--content', contentDir]);
    expect(status.code, status.stderr).toBe(0);
    const report = JSON.parse(status.stdout) as {
      reference: string;
      languages: Record<string, { counts: Record<string, number> }>;
      texts: { key: string; language: string; status: string }[];
    };
    expect(report.reference).toBe('it');
    expect(Object.keys(report.languages)).toEqual(['en', 'de', 'fr']);

    // An Italian change makes the three translations outdated; the text report shows the changed words.
    const home = parse(await readFile(path.join(contentDir, 'texts/it/home.yaml'), 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    const [section, fields] = Object.entries(home).find(
      ([, value]) =>
        typeof value === 'object' && Object.values(value).some((text) => typeof text === 'string'),
    )!;
    const [field, text] = Object.entries(fields).find(([, value]) => typeof value === 'string')!;
    await setText(contentDir, 'texts/it/home.yaml', [section, field], `${text} Novità`);
    const french = await runSite(['translations', 'status', '--language', 'fr', '--content', contentDir]);
    expect(french.code).toBe(0);
    expect(french.stdout).toContain(
      `fr home.${section}.${field}  ${path.relative(process.cwd(), contentDir)}/texts/fr/home.yaml:`,
    );
    expect(french.stdout).toContain('{+Novità+}');

    await expect(build({ contentDir, writer: createMemoryWriter(), strict: true })).rejects.toMatchObject({
      code: 'TRANSLATION_OUTDATED',
      problems: expect.arrayContaining([
        expect.objectContaining({
          message: `fr: "home.${section}.${field}" was translated from an older reference text`,
        }),
      ]),
    });

    const confirmed = await runSite([
      'translations',
      'confirm',
      '--correction',
      `home.${section}.${field}`,
      '--content',
      contentDir,
    ]);
    expect(confirmed.code, confirmed.stderr).toBe(0);
    const after = JSON.parse(
      (await runSite(['translations', 'status', '--json', '--content', contentDir])).stdout,
    ) as typeof report;
    expect(after.texts.filter((entry) => entry.status === 'outdated')).toEqual([]);
  }, 300_000);
});
