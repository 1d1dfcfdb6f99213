/**
 * Importing a translated XLIFF file: a round trip writes only the edited values
 * (comments, order and quoting kept) and updates the record; every refusal names
 * its unit and its line in the XLIFF file, and then nothing is written.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSiteError, type SiteError } from '../../../generator/errors/siteError.ts';
import { readTranslationState } from '../../../generator/translations/status.ts';
import { exportXliff } from '../../../generator/translations/xliffExport.ts';
import { importXliff } from '../../../generator/translations/xliffImport.ts';
import {
  removeTranslationFixtures,
  setText,
  snapshot,
  translationFixture,
} from '../../helpers/translationFixture.ts';
import { lineOfUnit, placeholder, plain, setTarget } from '../../helpers/xliffEdit.ts';

afterAll(removeTranslationFixtures);

/** A fixture whose Italian hero title changed, and its German export. */
async function exported() {
  const contentDir = await translationFixture();
  await setText(contentDir, 'texts/it/shop.yaml', ['hero', 'title'], 'Benvenuti nel negozio di {{brand}}');
  const state = await readTranslationState(contentDir);
  const xml = await exportXliff({
    language: 'de',
    reference: 'it',
    texts: state.texts.filter((text) => text.language === 'de'),
    address: () => undefined,
  });
  const file = path.join(path.dirname(contentDir), 'de.xlf');
  await writeFile(file, xml);
  return { contentDir, xml, file };
}

/** Imports an edited file; returns the refusal's problems as `line message`, checking that nothing was written. */
async function refusal(edit: (xml: string) => string) {
  const { contentDir, xml, file } = await exported();
  const edited = edit(xml);
  await writeFile(file, edited);
  const before = await snapshot(contentDir);
  const error = await importXliff(await readTranslationState(contentDir), file).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isSiteError(error), String(error)).toBe(true);
  expect((error as SiteError).code).toBe('XLIFF_INVALID');
  expect(await snapshot(contentDir)).toEqual(before);
  return {
    edited,
    problems: (error as SiteError).problems.map((problem) => ({
      line: problem.location?.line,
      file: problem.location?.file,
      message: problem.message,
    })),
  };
}

describe('XLIFF import', () => {
  it('writes the edited targets, and only them, and records the Italian they translate', async () => {
    const { contentDir, file } = await exported();
    const before = await snapshot(contentDir);
    let xml = await readFile(file, 'utf8');
    xml = setTarget(xml, 'shop.hero.title', `Willkommen im Laden von ${placeholder('brand')}`);
    xml = setTarget(xml, 'legal/tariffs.sections.0.heading', plain('Tarife nach Verbrauch: «pay per use»'));
    await writeFile(file, xml);
    const report = await importXliff(await readTranslationState(contentDir), file);
    expect(report.written).toEqual(['shop.hero.title', 'legal/tariffs.sections.0.heading']);
    expect(report.files).toEqual(['texts/de/shop.yaml', 'legal/de.yaml', 'translations/de.yaml']);

    const after = await snapshot(contentDir);
    const changedLines = (name: string) => {
      const old = before[name].split('\n');
      return after[name]
        .split('\n')
        .map((line, index) => [index + 1, old[index], line] as const)
        .filter(([, was, now]) => was !== now);
    };
    expect(changedLines('texts/de/shop.yaml')).toEqual([
      [6, '  title: Willkommen bei {{brand}}', '  title: Willkommen im Laden von {{brand}}'],
    ]);
    expect(changedLines('legal/de.yaml')).toEqual([
      [6, '    - heading: Nutzungsabhängige Tarife', '    - heading: "Tarife nach Verbrauch: «pay per use»"'],
    ]);
    for (const name of Object.keys(before))
      if (!['texts/de/shop.yaml', 'legal/de.yaml', 'translations/de.yaml'].includes(name))
        expect(after[name], name).toBe(before[name]);
    // The German title was translated from today's Italian: current; English still waits.
    const state = await readTranslationState(contentDir);
    expect(
      state.texts.filter((text) => text.status !== 'current').map((text) => `${text.language} ${text.key}`),
    ).toEqual(['en shop.hero.title']);
  });

  it('leaves units still marked as needing a translation as they are', async () => {
    const { contentDir, file } = await exported();
    const before = await snapshot(contentDir);
    const report = await importXliff(await readTranslationState(contentDir), file);
    expect(report.written).toEqual([]);
    expect(report.skipped).toEqual(['shop.hero.title']);
    expect(await snapshot(contentDir)).toEqual(before);
  });

  it('refuses a dropped placeholder, naming the unit and its line', async () => {
    const { edited, problems } = await refusal((xml) =>
      setTarget(xml, 'shop.hero.title', 'Willkommen im Laden'),
    );
    expect(problems).toEqual([
      {
        file: expect.stringMatching(/de\.xlf$/),
        line: lineOfUnit(edited, 'shop.hero.title'),
        message: 'unit shop.hero.title: the placeholder {{brand}} was dropped from the translation',
      },
    ]);
  });

  it('refuses a text over its length limit', async () => {
    const { edited, problems } = await refusal((xml) =>
      setTarget(xml, 'shop.meta.description', 'x'.repeat(161)),
    );
    expect(problems).toEqual([
      {
        file: expect.stringMatching(/de\.xlf$/),
        line: lineOfUnit(edited, 'shop.meta.description'),
        message:
          'unit shop.meta.description: the translation has 161 characters, over the limit of 160 (maxwidth)',
      },
    ]);
  });

  it('refuses an unknown key', async () => {
    const { edited, problems } = await refusal((xml) =>
      setTarget(xml, 'shop.items.1', 'Zweiter').replace('id="shop.items.1"', 'id="shop.items.9"'),
    );
    expect(problems).toEqual([
      {
        file: expect.stringMatching(/de\.xlf$/),
        line: lineOfUnit(edited, 'shop.items.9'),
        message: expect.stringMatching(/^unit shop\.items\.9: no text has this key in the it content\./),
      },
    ]);
  });

  it('refuses a file whose target language is not the one its units were exported for', async () => {
    const { edited, problems } = await refusal((xml) =>
      setTarget(xml, 'shop.items.1', 'Zweiter').replaceAll('target-language="de"', 'target-language="en"'),
    );
    expect(problems).toContainEqual({
      file: expect.stringMatching(/de\.xlf$/),
      line: lineOfUnit(edited, 'shop.items.1'),
      message: expect.stringMatching(
        /^unit shop\.items\.1: its <file original="texts\/de\/shop\.yaml"> is not the en file texts\/en\/shop\.yaml/,
      ),
    });
  });

  it('refuses malformed XML with its line', async () => {
    const { problems } = await refusal((xml) => xml.replace('</source>', ''));
    expect(problems).toEqual([
      {
        file: expect.stringMatching(/de\.xlf$/),
        line: expect.any(Number),
        message: expect.stringMatching(/^Not well-formed XML: /),
      },
    ]);
    expect(problems[0].line).toBeGreaterThan(1);
  });

  it('lists every problem of a file at once', async () => {
    const { problems } = await refusal((xml) =>
      setTarget(setTarget(xml, 'shop.hero.title', 'Willkommen'), 'shop.meta.description', 'x'.repeat(200)),
    );
    expect(problems.map((problem) => problem.message.split(':')[0])).toEqual([
      'unit shop.meta.description',
      'unit shop.hero.title',
    ]);
  });
});
