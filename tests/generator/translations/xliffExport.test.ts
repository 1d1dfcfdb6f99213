/**
 * The XLIFF export, read back by independent readers: xmllint says it is
 * well-formed, an XML parser finds the 1.2 structure unit for unit, and the
 * `xliff` package's parser gets the same texts back.
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xliff12ToJs } from 'xliff';
import { readTranslationState, type TextStatus } from '../../../generator/translations/status.ts';
import { exportXliff } from '../../../generator/translations/xliffExport.ts';
import { removeTranslationFixtures, setText, translationFixture } from '../../helpers/translationFixture.ts';

let xml: string;
let file: string;
let texts: TextStatus[];

beforeAll(async () => {
  const contentDir = await translationFixture();
  // One outdated text, one missing one, the rest current.
  await setText(
    contentDir,
    'texts/it/shop.yaml',
    ['hero', 'title'],
    'Benvenuti nel negozio di {{brand}} & co.',
  );
  await setText(contentDir, 'texts/it/shop.yaml', ['hero', 'note'], 'Consegna gratuita');
  const state = await readTranslationState(contentDir);
  texts = state.texts.filter((text) => text.language === 'de');
  xml = await exportXliff({
    language: 'de',
    reference: 'it',
    texts,
    address: (key) => (key.startsWith('shop.') ? 'https://www.example.com/de/laden/' : undefined),
  });
  file = path.join(path.dirname(contentDir), 'de.xlf');
  await writeFile(file, xml);
});
afterAll(removeTranslationFixtures);

const hasXmllint = (() => {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

type Node = Record<string, unknown>;

describe('XLIFF export', () => {
  it.skipIf(!hasXmllint)('is well-formed XML (xmllint --noout)', () => {
    expect(() => execFileSync('xmllint', ['--noout', file], { stdio: 'pipe' })).not.toThrow();
  });

  it('has the XLIFF 1.2 structure, one trans-unit per text with id, source, target and state', () => {
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      preserveOrder: false,
      isArray: (name) => ['file', 'trans-unit', 'note', 'x'].includes(name),
    });
    const root = (parser.parse(xml) as Node).xliff as Node;
    expect(root['@version']).toBe('1.2');
    expect(root['@xmlns']).toBe('urn:oasis:names:tc:xliff:document:1.2');
    const files = root.file as Node[];
    expect(files.map((element) => element['@original'])).toEqual(['texts/de/shop.yaml', 'legal/de.yaml']);
    const units: Node[] = [];
    for (const element of files) {
      expect(element['@source-language']).toBe('it');
      expect(element['@target-language']).toBe('de');
      units.push(...((element.body as Node)['trans-unit'] as Node[]));
    }
    expect(units.map((unit) => unit['@id'])).toEqual(texts.map((text) => text.key));
    const byId = new Map(units.map((unit) => [unit['@id'] as string, unit]));
    const state = (id: string) => (byId.get(id)!.target as Node)['@state'];
    expect(state('shop.hero.title')).toBe('needs-review-translation');
    expect(state('shop.hero.note')).toBe('needs-translation');
    expect(state('shop.meta.title')).toBe('translated');
    for (const unit of units) {
      expect(unit['@size-unit']).toBe('char');
      expect(Number(unit['@maxwidth'])).toBeGreaterThan(0);
    }
    expect(byId.get('shop.meta.description')!['@maxwidth']).toBe('160');
    // The previous Italian and the page in notes; the placeholder as a protected inline element.
    const title = byId.get('shop.hero.title')!;
    expect(title.note).toEqual([
      'Previous it text (the translation was made for it): Benvenuti da {{brand}}',
      'Page: https://www.example.com/de/laden/',
    ]);
    expect((title.source as Node).x).toEqual([{ '@id': 'brand', '@equiv-text': '{{brand}}' }]);
    expect(xml).toContain(
      '<source>Benvenuti nel negozio di <x id="brand" equiv-text="{{brand}}"/> &amp; co.</source>',
    );
  });

  it('is read back unit for unit by the xliff package', async () => {
    const read = await xliff12ToJs(xml, { captureSpacesBetweenElements: true });
    expect(read.sourceLanguage).toBe('it');
    expect(read.targetLanguage).toBe('de');
    const flatten = (value: unknown): string =>
      typeof value === 'string'
        ? value
        : Array.isArray(value)
          ? value
              .map((part) =>
                typeof part === 'string'
                  ? part
                  : String(
                      Object.values(part as Node)[0] &&
                        (Object.values(part as Node)[0] as Node)['equiv-text'],
                    ),
              )
              .join('')
          : '';
    const units = Object.values(read.resources).flatMap((units) => Object.entries(units));
    expect(units.map(([id]) => id)).toEqual(texts.map((text) => text.key));
    for (const [id, unit] of units) {
      const text = texts.find((candidate) => candidate.key === id)!;
      expect(flatten(unit.source), id).toBe(text.reference);
      expect(flatten(unit.target), id).toBe(text.translation ?? '');
    }
  });
});
