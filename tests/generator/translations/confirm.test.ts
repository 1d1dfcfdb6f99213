/** Confirming translations and marking corrections, on the translation fixture. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { confirmTranslations } from '../../../generator/translations/confirm.ts';
import { readTranslationState } from '../../../generator/translations/status.ts';
import { removeTranslationFixtures, setText, translationFixture } from '../../helpers/translationFixture.ts';

afterAll(removeTranslationFixtures);

/** A fixture whose Italian hero title and tariffs title changed. */
async function withChangedItalian() {
  const contentDir = await translationFixture();
  await setText(contentDir, 'texts/it/shop.yaml', ['hero', 'title'], 'Benvenuti nel negozio di {{brand}}');
  await setText(contentDir, 'legal/it.yaml', ['tariffs', 'title'], 'Le tariffe');
  return contentDir;
}

const open = async (contentDir: string) =>
  (await readTranslationState(contentDir)).texts
    .filter((text) => text.status !== 'current')
    .map((text) => `${text.language} ${text.key} ${text.status}`);

describe('site translations confirm', () => {
  it('clears one key in one language, and only there, leaving the translation as it was', async () => {
    const contentDir = await withChangedItalian();
    const before = await readFile(path.join(contentDir, 'texts/de/shop.yaml'), 'utf8');
    const report = await confirmTranslations(await readTranslationState(contentDir), {
      targets: ['shop.hero.title'],
      language: 'de',
    });
    expect(report.confirmed.map((text) => `${text.language} ${text.key}`)).toEqual(['de shop.hero.title']);
    expect(report.written).toEqual(['translations/de.yaml']);
    expect(await open(contentDir)).toEqual([
      'en shop.hero.title outdated',
      'en legal/tariffs.title outdated',
      'de legal/tariffs.title outdated',
    ]);
    expect(await readFile(path.join(contentDir, 'texts/de/shop.yaml'), 'utf8')).toBe(before);
    // The record's diff is the one line of that key, now holding today's Italian.
    expect(await readFile(path.join(contentDir, 'translations/de.yaml'), 'utf8')).toContain(
      'shop.hero.title: Benvenuti nel negozio di {{brand}}\n',
    );
  });

  it('clears a file, a language, and everything with --all', async () => {
    const contentDir = await withChangedItalian();
    await confirmTranslations(await readTranslationState(contentDir), { targets: ['content/legal/en.yaml'] });
    expect(await open(contentDir)).toEqual([
      'en shop.hero.title outdated',
      'de shop.hero.title outdated',
      'de legal/tariffs.title outdated',
    ]);
    await confirmTranslations(await readTranslationState(contentDir), { targets: ['de'] });
    expect(await open(contentDir)).toEqual(['en shop.hero.title outdated']);
    await confirmTranslations(await readTranslationState(contentDir), { targets: [], all: true });
    expect(await open(contentDir)).toEqual([]);
  });

  it('leaves every translation of a corrected Italian text current', async () => {
    const contentDir = await translationFixture();
    await setText(contentDir, 'texts/it/shop.yaml', ['items', 0], 'Primo articolo.');
    await setText(contentDir, 'texts/it/shop.yaml', ['items', 1], 'Secondo articolo, nuovo');
    const report = await confirmTranslations(await readTranslationState(contentDir), {
      targets: ['shop.items.0'],
      correction: true,
    });
    expect(report.confirmed.map((text) => text.language)).toEqual(['en', 'de']);
    // The text that was not marked as a correction still needs its translators.
    expect(await open(contentDir)).toEqual(['en shop.items.1 outdated', 'de shop.items.1 outdated']);
  });

  it('does not confirm a missing translation: there is nothing to confirm', async () => {
    const contentDir = await translationFixture();
    await setText(contentDir, 'texts/it/shop.yaml', ['hero', 'note'], 'Consegna gratuita');
    const report = await confirmTranslations(await readTranslationState(contentDir), {
      targets: [],
      all: true,
    });
    expect(report.confirmed).toEqual([]);
    expect(report.missing).toHaveLength(2);
    expect(await open(contentDir)).toEqual(['en shop.hero.note missing', 'de shop.hero.note missing']);
  });

  it('names an unknown key with the likely one, and refuses a correction for one language', async () => {
    const state = await readTranslationState(await translationFixture());
    await expect(confirmTranslations(state, { targets: ['shop.hero.titel'] })).rejects.toMatchObject({
      code: 'TRANSLATION_UNKNOWN_KEY',
      message: expect.stringContaining('Did you mean "shop.hero.title"?'),
    });
    await expect(
      confirmTranslations(state, { targets: ['shop.hero.title'], correction: true, language: 'de' }),
    ).rejects.toMatchObject({ code: 'TRANSLATION_UNKNOWN_TARGET' });
  });
});
