import { describe, expect, it } from 'vitest';
import { createTranslations, flattenKeys, missingMarker } from '../../../generator/build/translations.ts';
import { siteLanguagesFrom } from '../../../generator/model/languages.ts';
import type { SiteSettings } from '../../../generator/content/schemas/siteSchema.ts';

const texts = {
  it: {
    common: { nav: { home: 'Home IT', about: 'Chi siamo' }, footer: { privacy: 'Privacy IT' } },
    home: {
      list: [{ title: 'a' }, { title: 'b' }],
      greeting: 'Ciao {{name}}',
      team: 'Un team a {{city}}, in {{country}}',
    },
  },
  en: {
    common: { nav: { home: 'Home EN' } },
    home: {
      list: [{ title: 'A' }],
      greeting: 'Hello {{name}}',
      team: 'A team in {{city}}, {{country}}, since {{founded}}',
      typo: 'Welcome to {{brnad}}',
    },
  },
  de: {},
  fr: { common: { nav: { about: 'Qui sommes-nous' } } },
};

/** Only the settings the texts may name are read. */
const site = {
  brand: 'Example Mobile',
  founded: 2025,
  email: 'info@example.com',
  address: { street: 'Via Esempio 1', postalCode: '6900', city: 'Lugano', country: 'CH' },
} as SiteSettings;

describe('translations', () => {
  const codes = ['it', 'en', 'de', 'fr'];
  const translations = createTranslations(
    texts,
    site,
    siteLanguagesFrom({
      languages: codes.map((code) => ({ code, name: code, locale: `${code}-CH`, flag: 'CH' })),
      buttons: codes,
    }),
  );
  const en = translations.translators.en;

  it('looks up the page language first, then Italian', () => {
    expect(en.t('common.nav.home')).toBe('Home EN');
    expect(en.t('common.nav.about')).toBe('Chi siamo');
    expect(translations.translators.fr.t('common.nav.about')).toBe('Qui sommes-nous');
  });

  it('shows a visible marker plus the key when no language has it, and records the key', () => {
    expect(en.t('common.nav.nowhere')).toBe(`${missingMarker} common.nav.nowhere`);
    expect(translations.unresolvedKeys()).toContain('common.nav.nowhere');
  });

  it('resolves legacy short keys to their dotted keys', () => {
    expect(en.t('home')).toBe('Home EN');
    expect(translations.translators.de.t('privacy')).toBe('Privacy IT');
  });

  it('interpolates values', () => {
    expect(en.t('home.greeting', { name: 'Ada' })).toBe('Hello Ada');
  });

  it("fills the settings' facts into any text, the country named in the text's language", () => {
    expect(en.t('home.team')).toBe('A team in Lugano, Switzerland, since 2025');
    expect(translations.translators.de.t('home.team')).toBe('Un team a Lugano, in Schweiz');
    expect(en.siteValues.brand).toBe('Example Mobile');
  });

  it("lets a template's value override a setting", () => {
    expect(en.t('home.team', { city: 'Bellinzona' })).toBe('A team in Bellinzona, Switzerland, since 2025');
  });

  it('leaves an unknown placeholder visible and records where it is', () => {
    expect(en.t('home.typo')).toBe('Welcome to {{brnad}}');
    expect(translations.unknownPlaceholders()).toEqual([
      { language: 'en', key: 'home.typo', placeholder: '{{brnad}}' },
    ]);
  });

  it('lists the keys each language lacks against Italian', () => {
    expect(translations.missingByLanguage.it).toEqual([]);
    expect(translations.missingByLanguage.en).toEqual([
      'common.nav.about',
      'common.footer.privacy',
      'home.list.1.title',
    ]);
    expect(translations.missingByLanguage.de).toHaveLength(flattenKeys(texts.it).length);
  });

  it('takes list lengths from Italian so every language renders every item', () => {
    expect(en.indices('home.list')).toEqual([0, 1]);
    expect(en.t('home.list.1.title')).toBe('b');
  });
});

describe('placeholders that name what every object inherits', () => {
  const inherited = ['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty'];
  const codes = ['it', 'en'];
  const translations = createTranslations(
    {
      it: Object.fromEntries(inherited.map((name) => [name, { title: `Benvenuti {{${name}}}` }])),
      en: {},
    },
    site,
    siteLanguagesFrom({
      languages: codes.map((code) => ({ code, name: code, locale: `${code}-CH`, flag: 'CH' })),
      buttons: codes,
    }),
  );

  it.each(inherited)('leaves {{%s}} unfilled and records it, in a text and with template values', (name) => {
    const it = translations.translators.it;
    expect(it.t(`${name}.title`)).toBe(`Benvenuti {{${name}}}`);
    expect(it.t(`${name}.title`, { other: 'x' })).toBe(`Benvenuti {{${name}}}`);
    expect(translations.unknownPlaceholders()).toContainEqual({
      language: 'it',
      key: `${name}.title`,
      placeholder: `{{${name}}}`,
    });
  });
});
