/**
 * What the build asks of the translation record, on the translation fixture: the counts
 * of each status per language, and under --strict a refusal of outdated translations,
 * each at its line.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createResultCache } from '../../../generator/content/resultCache.ts';
import { languagesFileSchema, siteLanguagesFrom } from '../../../generator/model/languages.ts';
import { isSiteError } from '../../../generator/errors/siteError.ts';
import {
  assertTranslationsCurrent,
  summariseTranslations,
} from '../../../generator/translations/buildCheck.ts';
import { removeTranslationFixtures, setText, translationFixture } from '../../helpers/translationFixture.ts';

afterAll(removeTranslationFixtures);

describe('summariseTranslations', () => {
  it('counts every translation current when the record holds today’s Italian', async () => {
    const summary = await summariseTranslations(await translationFixture());
    expect(Object.keys(summary.counts)).toEqual(['en', 'de']);
    expect(summary.counts.de.current).toBeGreaterThan(0);
    expect(summary.counts.de).toMatchObject({ outdated: 0, missing: 0, untranslated: 0 });
    expect(summary.outdated).toEqual([]);
  });

  it('lists each translation of a changed Italian text as outdated, at its line', async () => {
    const contentDir = await translationFixture();
    const before = await summariseTranslations(contentDir);
    await setText(contentDir, 'texts/it/shop.yaml', ['hero', 'title'], 'Benvenuti nel negozio di {{brand}}');
    const summary = await summariseTranslations(contentDir);
    expect(summary.outdated).toEqual([
      { key: 'shop.hero.title', language: 'en', file: 'texts/en/shop.yaml', line: 6, column: 10 },
      { key: 'shop.hero.title', language: 'de', file: 'texts/de/shop.yaml', line: 6, column: 10 },
    ]);
    expect(summary.counts.de.outdated).toBe(1);
    expect(summary.counts.de.current).toBe(before.counts.de.current - 1);
  });
});

describe('summariseTranslations with the result cache', () => {
  it('gives each language’s kept summary for the same files, and a new one after any of its files changed', async () => {
    const contentDir = await translationFixture();
    const cacheDir = path.join(path.dirname(contentDir), 'summary-cache');
    const languages = siteLanguagesFrom(
      languagesFileSchema.parse(parse(await readFile(path.join(contentDir, 'languages.yaml'), 'utf8'))),
    );
    const summarise = async () => {
      const cache = createResultCache(cacheDir, 'code-1');
      const summary = await summariseTranslations(contentDir, cache, languages);
      await cache.save();
      return { summary, stats: { ...cache.stats } };
    };
    const first = await summarise();
    expect(first.summary).toEqual(await summariseTranslations(contentDir));
    // Each language's summary is one entry: nothing else is read from the cache.
    expect((await summarise()).stats).toEqual({ hits: 2, misses: 0, corrupt: 0 });
    // A German text changed: the English summary is kept, the German one made again.
    await setText(contentDir, 'texts/de/shop.yaml', ['hero', 'title'], 'Willkommen im Laden');
    const german = await summarise();
    expect(german.stats.hits).toBeGreaterThanOrEqual(1);
    expect(german.stats.misses).toBeGreaterThan(0);
    expect(german.summary).toEqual(await summariseTranslations(contentDir));
    // A reference text changed: both are made again.
    await setText(contentDir, 'texts/it/shop.yaml', ['hero', 'title'], 'Benvenuti nel negozio di {{brand}}');
    const changed = await summarise();
    expect(changed.summary).toEqual(await summariseTranslations(contentDir));
    expect(changed.summary.counts.en.outdated).toBe(first.summary.counts.en.outdated + 1);
  });
});

describe('assertTranslationsCurrent', () => {
  it('passes when nothing is outdated', async () => {
    const contentDir = await translationFixture();
    expect(() => assertTranslationsCurrent(contentDir, { counts: {}, outdated: [] })).not.toThrow();
  });

  it('refuses outdated translations with one located problem each', async () => {
    const contentDir = await translationFixture();
    await setText(contentDir, 'texts/it/shop.yaml', ['items', 1], 'Secondo articolo nuovo');
    const summary = await summariseTranslations(contentDir);
    let caught: unknown;
    try {
      assertTranslationsCurrent(contentDir, summary);
    } catch (error) {
      caught = error;
    }
    expect(isSiteError(caught)).toBe(true);
    if (!isSiteError(caught)) return;
    expect(caught.code).toBe('TRANSLATION_OUTDATED');
    expect(caught.message).toBe('2 outdated translations (--strict); nothing was written.');
    expect(caught.problems.map((problem) => [problem.message, problem.location])).toEqual([
      [
        'en: "shop.items.1" was translated from an older reference text',
        { file: path.join(contentDir, 'texts/en/shop.yaml'), line: 10, column: 5 },
      ],
      [
        'de: "shop.items.1" was translated from an older reference text',
        { file: path.join(contentDir, 'texts/de/shop.yaml'), line: 10, column: 5 },
      ],
    ]);
  });
});
