/** The CSV export for translators without a CAT tool: one row per text, as a spreadsheet reads it. */
import { afterAll, describe, expect, it } from 'vitest';
import { exportCsv } from '../../../generator/translations/csvExport.ts';
import { readTranslationState } from '../../../generator/translations/status.ts';
import { removeTranslationFixtures, setText, translationFixture } from '../../helpers/translationFixture.ts';

afterAll(removeTranslationFixtures);

describe('CSV export', () => {
  it('writes a header and a row per text, the previous Italian beside an outdated one', async () => {
    const contentDir = await translationFixture();
    await setText(contentDir, 'texts/it/shop.yaml', ['items', 0], 'Primo articolo, "nuovo"');
    const state = await readTranslationState(contentDir);
    const texts = state.texts.filter((text) => text.language === 'de');
    const csv = await exportCsv({ language: 'de', reference: 'it', texts, address: () => undefined });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\n');
    expect(lines[0]).toBe('key,file,status,it (previous),it,de,max characters,page');
    expect(lines).toHaveLength(texts.length + 1);
    expect(lines).toContain(
      'shop.items.0,texts/de/shop.yaml,outdated,Primo articolo,"Primo articolo, ""nuovo""",Erster Artikel,4000,',
    );
  });
});
