/**
 * The texts of a tiny two-language content folder (it, the reference, and en): every
 * translation's keys and shapes against the Italian, which must have every required
 * text file and no empty text.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProblemList } from '../../../generator/content/parsedFile.ts';
import { loadTexts } from '../../../generator/content/texts.ts';
import { parseYamlFile } from '../../../generator/content/yamlReader.ts';
import { validate } from '../../../generator/content/zodMessages.ts';
import type { SiteError } from '../../../generator/errors/siteError.ts';
import { languagesFileSchema, siteLanguagesFrom } from '../../../generator/model/languages.ts';
import { requiredTextFiles } from '../../../generator/model/pages.ts';
import { contentWithFixture, removeFixtureCopies } from '../../helpers/contentFixture.ts';
import { parsedYaml } from '../../helpers/parsedYaml.ts';
import { makeTempDir } from '../../helpers/site.ts';

const tempDirs: string[] = [];
afterAll(async () => {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
  await removeFixtureCopies();
});

const languagesYaml = [
  'languages:',
  '  - { code: it, name: Italiano, locale: it-CH, flag: IT }',
  '  - { code: en, name: English, locale: en-CH, flag: GB }',
  'buttons: [it, en]',
  '',
].join('\n');
const languagesFile = parsedYaml(languagesYaml, 'languages.yaml');
const languages = siteLanguagesFrom(languagesFile.doc.toJS());

/** The page every test changes; the other required files hold a title alone, in both languages. */
const shopIt = ['meta:', '  title: Negozio', 'items:', '  - Uno', '  - Due', ''].join('\n');
const shopEn = ['meta:', '  title: Shop', 'items:', '  - One', '  - Two', ''].join('\n');

/** A content folder with every required text file in it and en; `files` add or replace (undefined removes). */
async function textsFolder(files: Record<string, string | undefined> = {}) {
  const contentDir = await makeTempDir('texts');
  tempDirs.push(contentDir);
  const all: Record<string, string | undefined> = {};
  for (const namespace of requiredTextFiles)
    for (const language of ['it', 'en']) all[`texts/${language}/${namespace}.yaml`] = 'meta:\n  title: X\n';
  Object.assign(all, { 'texts/it/shop.yaml': shopIt, 'texts/en/shop.yaml': shopEn }, files);
  for (const [file, text] of Object.entries(all)) {
    if (text === undefined) continue;
    await mkdir(path.dirname(path.join(contentDir, file)), { recursive: true });
    await writeFile(path.join(contentDir, file), text);
  }
  const problems = new ProblemList();
  const loaded = await loadTexts(contentDir, languages, languagesFile, problems);
  const relative = (file: string | undefined) => path.relative(contentDir, file ?? '').split(path.sep).join('/');
  return {
    ...loaded,
    problems: problems.problems.map((problem) => ({
      code: problem.code,
      message: problem.message,
      file: relative(problem.location?.file),
      line: problem.location?.line,
      column: problem.location?.column,
    })),
  };
}

describe('loadTexts', () => {
  it('reads every language’s texts by file, with the position of each text', async () => {
    const { texts, textLocations, problems } = await textsFolder();
    expect(problems).toEqual([]);
    expect(texts.en.shop).toEqual({ meta: { title: 'Shop' }, items: ['One', 'Two'] });
    expect(textLocations.it['shop.items.1']).toMatchObject({ line: 5, column: 5 });
  });

  it('reports a translation’s key the Italian does not have, with the key probably meant', async () => {
    const { problems } = await textsFolder({ 'texts/en/shop.yaml': shopEn.replace('  title:', '  titel:') });
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'CONTENT_UNKNOWN_KEY',
        file: 'texts/en/shop.yaml',
        line: 2,
        column: 3,
        message: expect.stringMatching(/^shop\.meta\.titel: Unknown text key "titel".*Did you mean "title"\?$/),
      }),
    ]);
  });

  it('reports a text whose shape differs from the Italian', async () => {
    const { problems } = await textsFolder({
      'texts/en/shop.yaml': 'meta:\n  title: Shop\nitems: One and two\n',
    });
    expect(problems.map(({ message, line }) => [message, line])).toEqual([
      [
        'shop.items: This is a single text, but in the reference language (it) it is a list ("- " items)',
        3,
      ],
    ]);
  });

  it('reports list items beyond the Italian ones, which no page would show', async () => {
    const { problems } = await textsFolder({ 'texts/en/shop.yaml': `${shopEn}  - Three\n` });
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'TEXT_MISSING_REFERENCE',
        message:
          'shop.items: This list has 3 items, the reference language (it) has 2; pages show only 2',
        line: 6,
      }),
    ]);
  });

  it('refuses an empty Italian text, but not an empty translation', async () => {
    const { problems } = await textsFolder({
      'texts/it/shop.yaml': shopIt.replace('- Due', "- ''"),
      'texts/en/shop.yaml': shopEn.replace('- Two', "- ''"),
    });
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'CONTENT_SCHEMA',
        message: 'shop.items.1: Must not be empty',
        file: 'texts/it/shop.yaml',
        line: 5,
      }),
    ]);
  });

  it('reports a translation file with no Italian counterpart', async () => {
    const { problems } = await textsFolder({ 'texts/en/extra.yaml': 'title: Extra\n' });
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'CONTENT_UNKNOWN_KEY',
        message: 'extra: Text file has no counterpart in the reference language (it)',
        file: 'texts/en/extra.yaml',
      }),
    ]);
  });

  it('reports a missing required Italian file, and not its translation as an orphan', async () => {
    const [namespace] = requiredTextFiles;
    const { problems } = await textsFolder({ [`texts/it/${namespace}.yaml`]: undefined });
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'CONTENT_MISSING_FILE',
        message: 'Required text file is missing',
        file: `texts/it/${namespace}.yaml`,
      }),
    ]);
  });
});

/** The texts of a content fixture laid over a copy of the content, read with the copy's own languages. */
async function fixtureTexts(name: string) {
  const contentDir = await contentWithFixture(name);
  const problems = new ProblemList();
  const file = (await parseYamlFile(contentDir, 'languages.yaml', problems))!;
  const languages = siteLanguagesFrom(validate(file, languagesFileSchema, problems)!);
  await loadTexts(contentDir, languages, file, problems);
  return { contentDir, languages, problems: problems.problems };
}

interface Expected {
  file: string;
  line?: number;
  column?: number;
  code: SiteError['code'];
  message: RegExp;
}

const fixtureCases: [string, Expected][] = [
  [
    'text-key-not-in-italian',
    {
      file: 'texts/de/notFound.yaml',
      line: 4,
      column: 1,
      code: 'CONTENT_UNKNOWN_KEY',
      message: /^notFound\.titel: Unknown text key "titel".*Did you mean "title"\?/,
    },
  ],
  [
    'text-turned-into-map',
    {
      file: 'texts/en/notFound.yaml',
      line: 4,
      column: 1,
      code: 'CONTENT_SCHEMA',
      message:
        /^notFound\.title: This is a block of keys, but in the reference language \(it\) it is a single text/,
    },
  ],
  [
    'text-turned-into-list',
    {
      file: 'texts/fr/notFound.yaml',
      line: 4,
      column: 1,
      code: 'CONTENT_SCHEMA',
      message: /^notFound\.title: This is a list/,
    },
  ],
  [
    'empty-italian-text',
    {
      file: 'texts/it/notFound.yaml',
      line: 2,
      column: 10,
      code: 'CONTENT_SCHEMA',
      message: /^notFound\.meta\.title: Must not be empty/,
    },
  ],
  [
    'missing-italian-text-file',
    { file: 'texts/it/notFound.yaml', code: 'CONTENT_MISSING_FILE', message: /^Required text file is missing$/ },
  ],
  [
    'texts-folder-is-a-file',
    { file: 'texts/it', code: 'CONTENT_MISSING_FILE', message: /texts\/it is a file, where a folder/ },
  ],
];

describe('loadTexts on content fixtures', () => {
  it.each(fixtureCases)('%s: one located problem', async (name, expected) => {
    const { contentDir, problems } = await fixtureTexts(name);
    expect(problems, name).toHaveLength(1);
    const [problem] = problems;
    expect(path.relative(contentDir, problem.location!.file).split(path.sep).join('/')).toBe(expected.file);
    expect(problem.code).toBe(expected.code);
    expect(problem.message).toMatch(expected.message);
    if (expected.line !== undefined) expect(problem.location?.line, problem.message).toBe(expected.line);
    if (expected.column !== undefined) expect(problem.location?.column, problem.message).toBe(expected.column);
  });

  it('reports an Italian list turned into a single text in every translation that keeps the list', async () => {
    const { languages, problems } = await fixtureTexts('italian-list-became-text');
    expect(problems.map((problem) => problem.message)).toEqual(
      Array(languages.codes.length - 1).fill(
        'about.story.paragraphs: This is a list ("- " items), but in the reference language (it) it is a single text',
      ),
    );
  });
});
