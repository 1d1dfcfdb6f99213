/** The four statuses, from the texts and the record alone, on the translation fixture. */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTranslationState, type TextStatus } from '../../../generator/translations/status.ts';
import { removeTranslationFixtures, setText, translationFixture } from '../../helpers/translationFixture.ts';

afterAll(removeTranslationFixtures);

const notCurrent = (texts: TextStatus[]) =>
  texts
    .filter((text) => text.status !== 'current')
    .map(({ language, key, status }) => ({ language, key, status }));

describe('translation status', () => {
  it('finds every translation current when the record holds today’s Italian', async () => {
    const state = await readTranslationState(await translationFixture());
    expect(state.targets).toEqual(['en', 'de']);
    expect(notCurrent(state.texts)).toEqual([]);
    // Texts and legal documents, field by field; lastUpdated and tariffTable are not wording.
    const keys = state.texts.filter((text) => text.language === 'de').map((text) => text.key);
    expect(keys).toContain('shop.items.1');
    expect(keys).toContain('legal/privacy.sections.0.bullets.0');
    expect(keys.some((key) => /lastUpdated|tariffTable/.test(key))).toBe(false);
  });

  it('makes exactly the translations of a changed Italian text outdated, with the old and new Italian', async () => {
    const contentDir = await translationFixture();
    await setText(contentDir, 'texts/it/shop.yaml', ['hero', 'title'], 'Benvenuti nel negozio di {{brand}}');
    await setText(contentDir, 'legal/it.yaml', ['privacy', 'sections', 0, 'bullets', 0], 'B corretto');
    const state = await readTranslationState(contentDir);
    expect(notCurrent(state.texts)).toEqual([
      { language: 'en', key: 'shop.hero.title', status: 'outdated' },
      { language: 'en', key: 'legal/privacy.sections.0.bullets.0', status: 'outdated' },
      { language: 'de', key: 'shop.hero.title', status: 'outdated' },
      { language: 'de', key: 'legal/privacy.sections.0.bullets.0', status: 'outdated' },
    ]);
    const german = state.texts.find((text) => text.language === 'de' && text.key === 'shop.hero.title')!;
    expect(german).toMatchObject({
      recorded: 'Benvenuti da {{brand}}',
      reference: 'Benvenuti nel negozio di {{brand}}',
      translation: 'Willkommen bei {{brand}}',
      file: 'texts/de/shop.yaml',
      line: 6,
    });
  });

  it('makes a new Italian key missing in every language', async () => {
    const contentDir = await translationFixture();
    await setText(contentDir, 'texts/it/shop.yaml', ['hero', 'note'], 'Consegna gratuita');
    const state = await readTranslationState(contentDir);
    expect(notCurrent(state.texts)).toEqual([
      { language: 'en', key: 'shop.hero.note', status: 'missing' },
      { language: 'de', key: 'shop.hero.note', status: 'missing' },
    ]);
  });

  it('calls a translation the record has never seen untranslated, and an empty one missing', async () => {
    const contentDir = await translationFixture();
    await setText(contentDir, 'texts/it/shop.yaml', ['hero', 'note'], 'Consegna gratuita');
    await setText(contentDir, 'texts/de/shop.yaml', ['hero', 'note'], 'Kostenlose Lieferung');
    await setText(contentDir, 'texts/en/shop.yaml', ['hero', 'note'], ' ');
    expect(notCurrent((await readTranslationState(contentDir)).texts)).toEqual([
      { language: 'en', key: 'shop.hero.note', status: 'missing' },
      { language: 'de', key: 'shop.hero.note', status: 'untranslated' },
    ]);
  });

  it('finds every translation untranslated without a record, and needs no git', async () => {
    const contentDir = await translationFixture();
    await rm(path.join(contentDir, 'translations'), { recursive: true });
    const state = await readTranslationState(contentDir);
    expect(new Set(state.texts.map((text) => text.status))).toEqual(new Set(['untranslated']));
  });
});
