/** A text as a translation unit: its placeholders, never translated, and the longest text its field takes. */
import { describe, expect, it } from 'vitest';
import { headLimits, maxTextLength } from '../../../generator/model/constants.ts';
import {
  characterCount,
  maxLengthOf,
  placeholderName,
  placeholdersOf,
  splitPlaceholders,
} from '../../../generator/translations/units.ts';

describe('placeholders', () => {
  it('lists each placeholder once, in order of appearance, as written', () => {
    expect(placeholdersOf('{{brand}} in {{ city }}: {{price, number}} — {{brand}}')).toEqual([
      '{{brand}}',
      '{{ city }}',
      '{{price, number}}',
    ]);
    expect(placeholdersOf('No placeholder, { one brace }')).toEqual([]);
  });

  it('names a placeholder by what i18next fills in', () => {
    expect(placeholderName('{{brand}}')).toBe('brand');
    expect(placeholderName('{{ price, number }}')).toBe('price');
    expect(placeholderName('{{}}')).toBe('placeholder');
  });

  it('splits a text into plain parts and placeholders', () => {
    expect(splitPlaceholders('Da {{opens}} a {{closes}}.')).toEqual([
      { text: 'Da ' },
      { placeholder: '{{opens}}' },
      { text: ' a ' },
      { placeholder: '{{closes}}' },
      { text: '.' },
    ]);
    expect(splitPlaceholders('{{brand}}')).toEqual([{ placeholder: '{{brand}}' }]);
    expect(splitPlaceholders('plain')).toEqual([{ text: 'plain' }]);
  });
});

describe('lengths', () => {
  it('gives a page description the search engines’ limit and every other text the schema’s', () => {
    expect(maxLengthOf('shop.meta.description')).toBe(headLimits.description);
    expect(maxLengthOf('shop.meta.title')).toBe(maxTextLength);
    expect(maxLengthOf('legal/terms.sections.0.paragraphs.0')).toBe(maxTextLength);
  });

  it('counts characters as a reader does', () => {
    expect(characterCount('Zürich')).toBe(6);
    expect(characterCount('👍🏽 ok')).toBe(5);
    expect(characterCount('')).toBe(0);
  });
});
