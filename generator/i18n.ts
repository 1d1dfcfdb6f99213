/**
 * Stage 2: translations. One i18next instance per build; lookups go to the page's
 * language, then the default (first) language, then show a visible marker with the key so a gap is
 * obvious on the page and in the build report.
 */
import i18next, { type TFunction } from 'i18next';
import type { Language, SiteLanguages } from './languages.ts';
import type { SitePlaceholder, SiteSettings, TextTree } from './schema.ts';

export const missingMarker = '⚠️';

/** Short keys of the original site, kept working by mapping them to their dotted keys. */
export const legacyKeys: Readonly<Record<string, string>> = {
  home: 'common.nav.home',
  about: 'common.nav.about',
  subscriptions: 'common.nav.subscriptions',
  coverage: 'common.nav.coverage',
  cockpit: 'common.nav.cockpit',
  partnership: 'common.nav.partnership',
  legal: 'common.nav.legal',
  contact: 'common.nav.contact',
  privacy: 'common.footer.privacy',
  terms: 'common.footer.terms',
  cookies: 'common.footer.cookies',
};

/** The text file (`esim` for `esim.meta.title`) a key lives in; legacy short keys resolved. */
export function textNamespace(key: string): string {
  return (legacyKeys[key] ?? key).split('.')[0];
}

export type TextValues = Record<string, string | number>;

/** A `{{name}}` in a text that neither the settings nor the template filled in. */
export interface UnknownPlaceholder {
  language: Language;
  key: string;
  placeholder: string;
}

export interface Translator {
  language: Language;
  /** A `locale` for Intl APIs, e.g. `de-CH`. */
  locale: string;
  /** Facts from the site settings that every text may name, e.g. {{brand}}, {{city}}. */
  siteValues: TextValues;
  /** The text in this language; `values` add to (or override) the site values. */
  t(key: string, values?: TextValues): string;
  /** The indices of a list as Italian, the reference, has it, so every item renders in every language. */
  indices(key: string): number[];
}

export interface Translations {
  translators: Record<Language, Translator>;
  /** Keys Italian has and a language lacks (that language shows the Italian text). */
  missingByLanguage: Record<Language, string[]>;
  /** Keys a template asked for that no language has; filled while pages render. */
  unresolvedKeys(): string[];
  /** Placeholders left unfilled in a rendered text; filled while pages render. */
  unknownPlaceholders(): UnknownPlaceholder[];
}

/**
 * The settings' facts an editor may name in any text, so a brand or an address is
 * never typed into a sentence. The country is named in the text's language.
 */
export function siteTextValues(site: SiteSettings, locale: string): Record<SitePlaceholder, string | number> {
  return {
    brand: site.brand,
    founded: site.founded,
    email: site.email,
    street: site.address.street,
    postalCode: site.address.postalCode,
    city: site.address.city,
    country: new Intl.DisplayNames([locale], { type: 'region' }).of(site.address.country) ?? site.address.country,
  };
}

/** `{ a: { b: 'x' }, c: ['y'] }` gives `['a.b', 'c.0']`. */
export function flattenKeys(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => flattenKeys(value, prefix ? `${prefix}.${key}` : key));
}

export function createTranslations(texts: Record<Language, TextTree>, site: SiteSettings, languages: SiteLanguages): Translations {
  const defaultLanguage = languages.default;
  const unresolved = new Set<string>();
  const unknownPlaceholders = new Map<string, UnknownPlaceholder>();
  // i18next's handler sees the text, not the key: the translator notes what it is looking up.
  let lookingUp: { language: Language; key: string } | undefined;
  const instance = i18next.createInstance();
  instance.init({
    lng: defaultLanguage,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages.codes],
    resources: Object.fromEntries(languages.codes.map((language) => [language, { translation: texts[language] }])),
    initAsync: false,
    returnNull: false,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    missingInterpolationHandler: (_text: string, match: RegExpExecArray) => {
      if (lookingUp) unknownPlaceholders.set(`${lookingUp.language} ${lookingUp.key} ${match[0]}`, { ...lookingUp, placeholder: match[0] });
      return match[0];
    },
    parseMissingKeyHandler: (key: string) => {
      unresolved.add(key);
      return `${missingMarker} ${key}`;
    },
  });

  const referenceKeys = flattenKeys(texts[defaultLanguage]);
  const missingByLanguage = Object.fromEntries(
    languages.codes.map((language) => {
      // An empty text falls back to the default language (returnEmptyString: false), so it counts as missing.
      const present = new Set(flattenKeys(texts[language]).filter((key) => String(instance.getResource(language, 'translation', key) ?? '').trim() !== ''));
      return [language, referenceKeys.filter((key) => !present.has(key))];
    }),
  ) as Record<Language, string[]>;

  const makeTranslator = (language: Language): Translator => {
    const fixed: TFunction = instance.getFixedT(language);
    const locale = languages.of(language).locale;
    const siteValues = siteTextValues(site, locale);
    return {
      language,
      locale,
      siteValues,
      t(key, values) {
        const dottedKey = legacyKeys[key] ?? key;
        lookingUp = { language, key: dottedKey };
        try {
          return String(fixed(dottedKey, { ...siteValues, ...values }));
        } finally {
          lookingUp = undefined;
        }
      },
      indices(key) {
        const list = instance.t(legacyKeys[key] ?? key, { lng: defaultLanguage, returnObjects: true });
        if (!Array.isArray(list)) {
          unresolved.add(key);
          return [];
        }
        return list.map((_, index) => index);
      },
    };
  };

  return {
    translators: Object.fromEntries(languages.codes.map((language) => [language, makeTranslator(language)])) as Record<Language, Translator>,
    missingByLanguage,
    unresolvedKeys: () => [...unresolved].sort(),
    unknownPlaceholders: () => [...unknownPlaceholders.values()],
  };
}
