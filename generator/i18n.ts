/**
 * Stage 2: translations. One i18next instance per build; lookups go to the page's
 * language, then Italian, then show a visible marker with the key so a gap is
 * obvious on the page and in the build report.
 */
import i18next, { type TFunction } from 'i18next';
import { languages, defaultLanguage, type Language, type TextTree } from './schema.ts';

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

export type TextValues = Record<string, string | number>;

export interface Translator {
  language: Language;
  /** A `locale` for Intl APIs, e.g. `de-CH`. */
  locale: string;
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
}

/** `{ a: { b: 'x' }, c: ['y'] }` gives `['a.b', 'c.0']`. */
export function flattenKeys(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => flattenKeys(value, prefix ? `${prefix}.${key}` : key));
}

export function createTranslations(texts: Record<Language, TextTree>): Translations {
  const unresolved = new Set<string>();
  const instance = i18next.createInstance();
  instance.init({
    lng: defaultLanguage,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    resources: Object.fromEntries(languages.map((language) => [language, { translation: texts[language] }])),
    initAsync: false,
    returnNull: false,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    parseMissingKeyHandler: (key: string) => {
      unresolved.add(key);
      return `${missingMarker} ${key}`;
    },
  });

  const referenceKeys = flattenKeys(texts[defaultLanguage]);
  const missingByLanguage = Object.fromEntries(
    languages.map((language) => {
      const present = new Set(flattenKeys(texts[language]));
      return [language, referenceKeys.filter((key) => !present.has(key))];
    }),
  ) as Record<Language, string[]>;

  const makeTranslator = (language: Language): Translator => {
    const fixed: TFunction = instance.getFixedT(language);
    return {
      language,
      locale: `${language}-CH`,
      t: (key, values) => String(fixed(legacyKeys[key] ?? key, values ?? {})),
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
    translators: Object.fromEntries(languages.map((language) => [language, makeTranslator(language)])) as Record<Language, Translator>,
    missingByLanguage,
    unresolvedKeys: () => [...unresolved].sort(),
  };
}
