/** The language model: a plain locale, a bounded name, and the direction each language is written in. */
import { describe, expect, it } from 'vitest';
import { directionOf, languageSchema, maxLanguageNameLength } from '../../../generator/model/languages.ts';

const english = { code: 'en', name: 'English', locale: 'en-CH', flag: 'GB' };
const refusal = (entry: object) => {
  const result = languageSchema.safeParse(entry);
  return result.success
    ? undefined
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('languageSchema', () => {
  it('takes a plain language-region locale', () => {
    expect(refusal(english)).toBeUndefined();
    expect(refusal({ ...english, code: 'rm', locale: 'rm-CH' })).toBeUndefined();
  });

  it.each(['en-CH-u-nu-arab', 'en-CH-u-ca-islamic', 'en', 'en-ch', 'EN-CH', 'en-Latn-CH', 'x-private'])(
    'refuses the locale %s',
    (locale) => {
      expect(refusal({ ...english, locale })).toEqual([
        'locale: Expected a language and region such as it-CH (nothing more)',
      ]);
    },
  );

  it('refuses a name longer than a language name', () => {
    expect(refusal({ ...english, name: 'E'.repeat(200 * 1024) })).toEqual([expect.stringMatching(/^name: /)]);
    expect(refusal({ ...english, name: 'E'.repeat(maxLanguageNameLength) })).toBeUndefined();
  });
});

describe('directionOf', () => {
  it('knows the languages written right to left, and lets languages.yaml say otherwise', () => {
    expect(['ar', 'he', 'fa', 'ur', 'it', 'en', 'rm'].map((code) => directionOf({ code }))).toEqual([
      'rtl',
      'rtl',
      'rtl',
      'rtl',
      'ltr',
      'ltr',
      'ltr',
    ]);
    expect(directionOf({ code: 'xx', direction: 'rtl' })).toBe('rtl');
    // Asked again (Intl's answer is kept): the same, and languages.yaml still has the last word.
    expect(directionOf({ code: 'ar' })).toBe('rtl');
    expect(directionOf({ code: 'ar', direction: 'ltr' })).toBe('ltr');
  });
});
