/**
 * The translatable texts of the translation fixture, one entry per text with its key
 * and position: every string of the text files and the wording of the legal documents,
 * without what is the same in every language.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProblemList } from '../../../generator/content/parsedFile.ts';
import { parseYamlText, type YamlDocumentCache } from '../../../generator/content/yamlReader.ts';
import { pageImageKeys } from '../../../generator/model/imageSlots.ts';
import {
  fileOfKey,
  legalKeyPrefix,
  readLanguages,
  readSources,
} from '../../../generator/translations/sources.ts';
import { removeTranslationFixtures, translationFixture } from '../../helpers/translationFixture.ts';

afterAll(removeTranslationFixtures);

describe('fileOfKey', () => {
  it('finds a text in its page’s file and a legal wording in the language’s legal file', () => {
    expect(fileOfKey('shop.hero.title', 'de')).toBe('texts/de/shop.yaml');
    expect(fileOfKey(`${legalKeyPrefix}terms.sections.0.heading`, 'de')).toBe('legal/de.yaml');
  });
});

describe('readLanguages', () => {
  it('reads the languages from languages.yaml alone', async () => {
    const languages = await readLanguages(await translationFixture());
    expect(languages.codes).toEqual(['it', 'en', 'de']);
    expect(languages.default).toBe('it');
  });

  it('refuses a missing or invalid languages.yaml with its file', async () => {
    const contentDir = await translationFixture();
    const file = path.join(contentDir, 'languages.yaml');
    await writeFile(file, 'languages: []\n');
    await expect(readLanguages(contentDir)).rejects.toMatchObject({
      code: 'CONTENT_SCHEMA',
      location: { file },
    });
    await rm(file);
    await expect(readLanguages(contentDir)).rejects.toMatchObject({
      code: 'CONTENT_MISSING_FILE',
      location: { file },
    });
  });
});

describe('readSources', () => {
  it('keys every text by its file and path, at its line and column', async () => {
    const contentDir = await translationFixture();
    const sources = await readSources(contentDir, await readLanguages(contentDir));
    expect(sources.map((source) => `${source.language} ${source.file}`)).toEqual([
      'it texts/it/shop.yaml',
      'it legal/it.yaml',
      'en texts/en/shop.yaml',
      'en legal/en.yaml',
      'de texts/de/shop.yaml',
      'de legal/de.yaml',
    ]);
    const german = sources.find((source) => source.file === 'texts/de/shop.yaml')!;
    expect(german.entries.map((entry) => entry.key)).toEqual([
      'shop.meta.title',
      'shop.meta.description',
      'shop.hero.title',
      'shop.hero.subtitle',
      'shop.items.0',
      'shop.items.1',
    ]);
    expect(german.entries[5]).toEqual({
      key: 'shop.items.1',
      path: ['items', 1],
      value: 'Zweiter Artikel',
      line: 10,
      column: 5,
    });
  });

  it('keys the legal wording under legal/, without the dates and the tariff tables', async () => {
    const contentDir = await translationFixture();
    const sources = await readSources(contentDir, await readLanguages(contentDir));
    const keys = sources.find((source) => source.file === 'legal/it.yaml')!.entries.map((entry) => entry.key);
    expect(keys).toContain('legal/tariffs.sections.0.heading');
    expect(keys).toContain('legal/privacy.sections.0.bullets.0');
    expect(keys.filter((key) => /lastUpdated|tariffTable/.test(key))).toEqual([]);
    expect(keys.every((key) => key.startsWith(legalKeyPrefix))).toBe(true);
  });

  it('leaves out an image’s file, role and focus, but keeps its alternative text', async () => {
    const contentDir = await translationFixture();
    const [imageKey] = pageImageKeys;
    const [namespace, ...inside] = imageKey.split('.');
    const yaml = `${inside.map((part, depth) => `${'  '.repeat(depth)}${part}:`).join('\n')}\n${[
      'file: photo.jpg',
      'alt: Una foto',
      'role: content',
      'focus: center',
    ]
      .map((line) => `${'  '.repeat(inside.length)}${line}`)
      .join('\n')}\n`;
    await writeFile(path.join(contentDir, `texts/it/${namespace}.yaml`), yaml);
    const sources = await readSources(contentDir, await readLanguages(contentDir));
    const keys = sources
      .find((source) => source.file === `texts/it/${namespace}.yaml`)!
      .entries.map((entry) => entry.key);
    expect(keys).toEqual([`${imageKey}.alt`]);
  });

  it('skips a language’s legal file that does not exist, and a file that is not YAML has no texts', async () => {
    const contentDir = await translationFixture();
    await rm(path.join(contentDir, 'legal/en.yaml'));
    await writeFile(path.join(contentDir, 'texts/de/shop.yaml'), 'a: "open\n');
    const sources = await readSources(contentDir, await readLanguages(contentDir));
    expect(sources.map((source) => source.file)).not.toContain('legal/en.yaml');
    expect(sources.find((source) => source.file === 'texts/de/shop.yaml')!.entries).toEqual([]);
  });

  it('takes a file the build parsed already from its documents, and parses one whose text is not the same', async () => {
    const contentDir = await translationFixture();
    const file = path.join(contentDir, 'texts/de/shop.yaml');
    const source = await readFile(file, 'utf8');
    // Parsed from another text, kept under this file's: what readSources reads tells which it used.
    const problems = new ProblemList();
    const documents: YamlDocumentCache = new Map();
    parseYamlText(file, 'meta:\n  title: Schon gelesen\n', problems, documents);
    documents.set(file, { source, file: documents.get(file)!.file });
    const taken = await readSources(contentDir, await readLanguages(contentDir), undefined, documents);
    const entriesOf = (sources: typeof taken) =>
      sources.find((source) => source.file === 'texts/de/shop.yaml')!.entries.map((entry) => entry.value);
    expect(entriesOf(taken)).toEqual(['Schon gelesen']);
    documents.set(file, { source: `${source}\n`, file: documents.get(file)!.file });
    const parsed = await readSources(contentDir, await readLanguages(contentDir), undefined, documents);
    expect(entriesOf(parsed)).toContain('Zweiter Artikel');
  });
});
