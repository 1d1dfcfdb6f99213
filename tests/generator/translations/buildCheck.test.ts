/**
 * What the build asks of the translation record, on the translation fixture: the counts
 * of each status per language, and under --strict a refusal of outdated translations,
 * each at its line.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
