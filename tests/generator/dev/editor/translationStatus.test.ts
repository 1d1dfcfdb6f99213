/** The panel's translation status, from the translation record of the translation fixture. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordKeyOf, recordStatus } from '../../../../generator/dev/editor/translationStatus.ts';
import { readRecord, recordText } from '../../../../generator/translations/record.ts';
import { removeTranslationFixtures, translationFixture } from '../../../helpers/translationFixture.ts';

afterAll(removeTranslationFixtures);

describe('recordKeyOf', () => {
  it('names a text by its own key and a legal text as `site translations` does', () => {
    expect(recordKeyOf('shop.hero.title')).toBe('shop.hero.title');
    expect(recordKeyOf('@legal.terms.sections.0.heading')).toBe('legal/terms.sections.0.heading');
  });

  it('has no record key for the cookie policy, which exists in one language only', () => {
    expect(recordKeyOf('@cookie-policy.cookiePolicy.title')).toBeUndefined();
  });
});

describe('recordStatus', () => {
  it('tells reference, current, outdated, untranslated and missing apart as the record says', async () => {
    const contentDir = await translationFixture();
    const record = await readRecord(contentDir, 'en');
    const recorded = record['shop.hero.title'];
    const status = recordStatus(contentDir, () => 'it');
    expect(await status.statusOf('shop.hero.title', 'it', recorded, recorded)).toBe('reference');
    expect(await status.statusOf('shop.hero.title', 'en', 'Any translation', recorded)).toBe('current');
    expect(await status.statusOf('shop.hero.title', 'en', 'Any translation', `${recorded} (changed)`)).toBe(
      'outdated',
    );
    expect(await status.statusOf('shop.hero.note', 'en', 'Free delivery', 'Consegna gratuita')).toBe(
      'untranslated',
    );
    expect(await status.statusOf('shop.hero.title', 'en', undefined, recorded)).toBe('missing');
    expect(await status.statusOf('shop.hero.title', 'en', '  ', recorded)).toBe('missing');
    const legal = record['legal/terms.title'];
    expect(await status.statusOf('@legal.terms.title', 'en', 'Terms', legal)).toBe('current');
  });

  it('reads a record again once it changed on disk', async () => {
    const contentDir = await translationFixture();
    const status = recordStatus(contentDir, () => 'it');
    const record = await readRecord(contentDir, 'de');
    expect(await status.statusOf('shop.hero.title', 'de', 'Willkommen', 'Neu')).toBe('outdated');
    await writeFile(
      path.join(contentDir, 'translations/de.yaml'),
      recordText({ ...record, 'shop.hero.title': 'Neu' }, 'de', 'it'),
    );
    expect(await status.statusOf('shop.hero.title', 'de', 'Willkommen', 'Neu')).toBe('current');
  });

  it('calls every present translation untranslated when a language has no record yet', async () => {
    const contentDir = await translationFixture();
    const status = recordStatus(contentDir, () => 'it');
    await writeFile(path.join(contentDir, 'translations/en.yaml'), '{}\n');
    expect(await status.statusOf('shop.hero.title', 'en', 'Welcome', 'Benvenuti')).toBe('untranslated');
  });
});
