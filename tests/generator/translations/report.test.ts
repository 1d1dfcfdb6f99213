/**
 * What `site translations status` tells a translator, on the translation fixture with
 * one Italian text changed, one added and one translated without a record: counts per
 * language and file, and every text that is not current with what changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStatusReport, statusReport } from '../../../generator/translations/report.ts';
import { readTranslationState, type TranslationState } from '../../../generator/translations/status.ts';
import { removeTranslationFixtures, setText, translationFixture } from '../../helpers/translationFixture.ts';

afterAll(removeTranslationFixtures);

let current: TranslationState;
let changed: TranslationState;
beforeAll(async () => {
  current = await readTranslationState(await translationFixture());
  const contentDir = await translationFixture();
  await setText(contentDir, 'texts/it/shop.yaml', ['hero', 'title'], 'Benvenuti nel negozio di {{brand}}');
  await setText(contentDir, 'texts/it/shop.yaml', ['hero', 'note'], 'Consegna gratuita');
  await setText(contentDir, 'texts/de/shop.yaml', ['hero', 'note'], 'Kostenlose Lieferung');
  changed = await readTranslationState(contentDir);
});

describe('statusReport', () => {
  it('counts each status per language and per file, and lists only the texts not current', () => {
    const report = statusReport(changed);
    expect(report.reference).toBe('it');
    expect(Object.keys(report.languages)).toEqual(['en', 'de']);
    expect(report.languages.de.counts).toMatchObject({ outdated: 1, untranslated: 1, missing: 0 });
    expect(report.languages.en.counts).toMatchObject({ outdated: 1, missing: 1, untranslated: 0 });
    expect(report.languages.de.files['texts/de/shop.yaml']).toMatchObject({ outdated: 1, untranslated: 1 });
    expect(report.languages.de.files['legal/de.yaml']).toMatchObject({ outdated: 0, missing: 0 });
    expect(report.texts.map(({ language, key, status }) => `${language} ${key} ${status}`)).toEqual([
      'en shop.hero.title outdated',
      'en shop.hero.note missing',
      'de shop.hero.title outdated',
      'de shop.hero.note untranslated',
    ]);
  });

  it('gives an outdated text the words that changed', () => {
    const outdated = statusReport(changed).texts.find((text) => text.status === 'outdated')!;
    expect(outdated.changes?.filter((part) => part.change !== 'kept')).toEqual([
      { text: 'da', change: 'removed' },
      { text: 'nel negozio di', change: 'added' },
    ]);
  });

  it('reports one language when asked', () => {
    const report = statusReport(changed, 'de');
    expect(Object.keys(report.languages)).toEqual(['de']);
    expect(new Set(report.texts.map((text) => text.language))).toEqual(new Set(['de']));
  });
});

describe('formatStatusReport', () => {
  const plain = { colour: false, contentPrefix: 'content/' };

  it('writes the counts, then each outdated text with the Italian before and now, marked', () => {
    const lines = formatStatusReport(statusReport(changed, 'de'), plain);
    expect(lines[0]).toMatch(/^de: \d+ current, 1 outdated, 1 untranslated$/);
    expect(lines).toContain('Outdated (1):');
    expect(lines).toContain('  de shop.hero.title  content/texts/de/shop.yaml:6');
    expect(lines).toContain('    it before: Benvenuti [-da-] {{brand}}');
    expect(lines).toContain(
      '    it now:    Benvenuti {+nel negozio di+} {{brand}}  (content/texts/it/shop.yaml:6)',
    );
    expect(lines).toContain('    de: Willkommen bei {{brand}}');
    expect(lines).toContain('Untranslated (1):');
    expect(lines).toContain('    it: Consegna gratuita  (content/texts/it/shop.yaml:8)');
    expect(lines.at(-1)).toMatch(/^Update a translation in its file, or confirm it/);
  });

  it('says so when every translation is current', () => {
    const lines = formatStatusReport(statusReport(current), plain);
    expect(lines.filter((line) => /^(Outdated|Missing|Untranslated)/.test(line))).toEqual([]);
    expect(lines.at(-1)).toBe('Every translation is current.');
  });
});
