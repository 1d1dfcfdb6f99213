/**
 * Stage 2: translations. At most one i18next instance per build; lookups go to the page's
 * language, then the default (first) language, then show a visible marker with the key so a gap is
 * obvious on the page and in the build report.
 *
 * A page looks up hundreds of texts, so each language's texts are resolved once, when
 * its first page asks, into a plain map (key to the text in that language or in the default language) and `t` fills
 * `{{name}}` placeholders itself. Anything that map cannot answer exactly as
 * i18next would (a missing key, a plural, a nested `$t(…)`, a formatted
 * placeholder) goes to i18next, made on the first such lookup.
 */
import i18next, { type TFunction } from 'i18next';
import type { Language, SiteLanguages } from '../model/languages.ts';
import type { TextValues, Translator, UnknownPlaceholder } from '../model/translator.ts';
import type { SitePlaceholder } from '../model/constants.ts';
import type { SiteSettings } from '../content/schemas/siteSchema.ts';
import type { TextTree } from '../content/schemas/textsSchema.ts';

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

export interface Translations {
  translators: Record<Language, Translator>;
  /** Keys Italian has and a language lacks (that language shows the Italian text). */
  missingByLanguage: Record<Language, string[]>;
  /** Keys a template asked for that no language has; filled while pages render. */
  unresolvedKeys(): string[];
  /** Placeholders left unfilled in a rendered text; filled while pages render. */
  unknownPlaceholders(): UnknownPlaceholder[];
  /** Texts of the reference language that no page asked for (nor any list or group around them); complete once pages rendered. */
  unusedKeys(): string[];
  /** Notes keys as asked for by a page the build did not render again (it reused the previous build's). */
  noteUsed(keys: Iterable<string>): void;
}

/**
 * The settings' facts an editor may name in any text, so a brand or an address is
 * never typed into a sentence. The country is named in the text's language.
 */
export function siteTextValues(
  site: SiteSettings,
  locale: string,
  countryName: string = regionName(locale, site.address.country),
): Record<SitePlaceholder, string | number> {
  return {
    brand: site.brand,
    founded: site.founded,
    email: site.email,
    street: site.address.street,
    postalCode: site.address.postalCode,
    city: site.address.city,
    country: countryName,
  };
}

/**
 * A country's name in a locale, from Node's ICU data. Loading that data for a locale costs more
 * than the rest of the translations together: a build takes the names from its result cache.
 */
export function regionName(locale: string, country: string): string {
  return new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country;
}

/** `{ a: { b: 'x' }, c: ['y'] }` gives `['a.b', 'c.0']`. */
export function flattenKeys(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') return [prefix];
  return Object.entries(tree).flatMap(([key, value]) =>
    flattenKeys(value, prefix ? `${prefix}.${key}` : key),
  );
}

/** `{ a: { b: 'x' }, c: ['y'] }` gives `[['a.b', 'x'], ['c.0', 'y']]`. */
function flattenEntries(tree: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (tree === null || typeof tree !== 'object') into.set(prefix, tree);
  else
    for (const [key, value] of Object.entries(tree))
      flattenEntries(value, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

/** i18next's plural and context suffixes: a key with such a variant is left to i18next. */
const variantSuffix = /_(zero|one|two|few|many|other|male|female)$/;
const placeholderPattern = /\{\{(.+?)\}\}/g;
const simplePlaceholder = /^\s*[A-Za-z_$][\w$]*\s*$/;

/** A text resolved for one language: its key and its words, `{{name}}` still to fill. */
interface ResolvedText {
  key: string;
  text: string;
  hasPlaceholders: boolean;
}

/**
 * The text a language shows for each key, as i18next resolves it (language, then the default
 * language; an empty text counts as missing), from both languages' flattened texts.
 */
function resolveTexts(own: Map<string, unknown>, reference: Map<string, unknown>): Map<string, ResolvedText> {
  const variants = new Set(
    [...own.keys(), ...reference.keys()]
      .filter((key) => variantSuffix.test(key))
      .map((key) => key.replace(variantSuffix, '')),
  );
  const resolved = new Map<string, ResolvedText>();
  for (const key of new Set([...own.keys(), ...reference.keys()])) {
    const ownText = own.get(key);
    const text = typeof ownText === 'string' && ownText !== '' ? ownText : reference.get(key);
    if (typeof text !== 'string' || text === '' || variants.has(key) || text.includes('$t(')) continue;
    const placeholders = [...text.matchAll(placeholderPattern)].map((match) => match[1]);
    if (!placeholders.every((name) => simplePlaceholder.test(name))) continue;
    resolved.set(key, { key, text, hasPlaceholders: placeholders.length > 0 });
  }
  // A legacy short key always means its dotted key.
  for (const [legacy, dotted] of Object.entries(legacyKeys)) {
    const entry = resolved.get(dotted);
    if (entry) resolved.set(legacy, entry);
    else resolved.delete(legacy);
  }
  return resolved;
}

/** The list (or other subtree) at a dotted key of a text tree. */
function subtree(tree: unknown, key: string): unknown {
  let node = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export function createTranslations(
  texts: Record<Language, TextTree>,
  site: SiteSettings,
  languages: SiteLanguages,
  /** The settings' country named in each locale, where known already; the others are looked up. */
  countryNames: Readonly<Record<string, string>> = {},
): Translations {
  const defaultLanguage = languages.default;
  const unresolved = new Set<string>();
  const unknownPlaceholders = new Map<string, UnknownPlaceholder>();
  const noteUnknownPlaceholder = (language: Language, key: string, placeholder: string) => {
    unknownPlaceholders.set(`${language} ${key} ${placeholder}`, { language, key, placeholder });
  };
  // i18next's handler sees the text, not the key: the translator notes what it is looking up.
  let lookingUp: { language: Language; key: string } | undefined;
  // i18next answers only what the resolved maps do not hold (rare): made on the first such call.
  let instance: ReturnType<typeof i18next.createInstance> | undefined;
  const i18nextInstance = () => {
    if (instance) return instance;
    instance = i18next.createInstance();
    instance.init({
      lng: defaultLanguage,
      fallbackLng: defaultLanguage,
      supportedLngs: [...languages.codes],
      resources: Object.fromEntries(
        languages.codes.map((language) => [language, { translation: texts[language] }]),
      ),
      initAsync: false,
      returnNull: false,
      returnEmptyString: false,
      interpolation: { escapeValue: false },
      missingInterpolationHandler: (_text: string, match: RegExpExecArray) => {
        if (lookingUp) noteUnknownPlaceholder(lookingUp.language, lookingUp.key, match[0]);
        return match[0];
      },
      parseMissingKeyHandler: (key: string) => {
        unresolved.add(key);
        return `${missingMarker} ${key}`;
      },
    });
    return instance;
  };

  // Each language's texts flattened once (`about.values.0.title` → its text), for every use below.
  const flattened = Object.fromEntries(
    languages.codes.map((language) => [language, flattenEntries(texts[language])]),
  ) as Record<Language, Map<string, unknown>>;
  const referenceKeys = [...flattened[defaultLanguage].keys()];
  const missingByLanguage = Object.fromEntries(
    languages.codes.map((language) => {
      // An empty text falls back to the default language (returnEmptyString: false), so it counts as missing.
      const own = flattened[language];
      return [language, referenceKeys.filter((key) => String(own.get(key) ?? '').trim() === '')];
    }),
  ) as Record<Language, string[]>;

  /** Every key a page asked for: a text, or a list or group whose items it reads. */
  const used = new Set<string>();
  const listIndices = new Map<string, number[]>();
  const indices = (key: string): number[] => {
    used.add(legacyKeys[key] ?? key);
    let result = listIndices.get(key);
    if (!result) {
      const list = subtree(texts[defaultLanguage], legacyKeys[key] ?? key);
      if (!Array.isArray(list)) {
        unresolved.add(key);
        return [];
      }
      listIndices.set(key, (result = list.map((_, index) => index)));
    }
    return result;
  };

  const makeTranslator = (language: Language): Translator => {
    let fixed: TFunction | undefined;
    const locale = languages.of(language).locale;
    const siteValues = siteTextValues(site, locale, countryNames[locale]);
    // A Map, not the object: `{{constructor}}` or `{{__proto__}}` must not find what every object inherits.
    const siteValueMap = new Map<string, unknown>(Object.entries(siteValues));
    // Resolved on the first text asked for: a build whose pages of this language are all reused asks for none.
    let resolved: ReturnType<typeof resolveTexts> | undefined;
    // i18next's way: a value that is not a string is written with String(), null as nothing.
    const fill = (entry: ResolvedText, values: TextValues | undefined) =>
      entry.text.replace(placeholderPattern, (placeholder, inner: string) => {
        const name = inner.trim();
        const value = values && Object.hasOwn(values, name) ? values[name] : siteValueMap.get(name);
        if (value === undefined) {
          noteUnknownPlaceholder(language, entry.key, placeholder);
          return placeholder;
        }
        return value === null ? '' : String(value);
      });
    return {
      language,
      locale,
      siteValues,
      t(key, values) {
        used.add(legacyKeys[key] ?? key);
        resolved ??= resolveTexts(flattened[language], flattened[defaultLanguage]);
        const entry = resolved.get(key);
        if (entry) return entry.hasPlaceholders ? fill(entry, values) : entry.text;
        const dottedKey = legacyKeys[key] ?? key;
        lookingUp = { language, key: dottedKey };
        try {
          fixed ??= i18nextInstance().getFixedT(language);
          return String(fixed(dottedKey, { ...siteValues, ...values }));
        } finally {
          lookingUp = undefined;
        }
      },
      indices,
    };
  };

  return {
    translators: Object.fromEntries(
      languages.codes.map((language) => [language, makeTranslator(language)]),
    ) as Record<Language, Translator>,
    missingByLanguage,
    unresolvedKeys: () => [...unresolved].sort(),
    unknownPlaceholders: () => [...unknownPlaceholders.values()],
    noteUsed(keys) {
      for (const key of keys) used.add(legacyKeys[key] ?? key);
    },
    unusedKeys: () =>
      referenceKeys.filter((key) => {
        // A key is used when it, or a list or group that holds it, was asked for.
        // A plural variant (`items_one`) is asked for by its base key (`items`).
        const parts = key.replace(/_(zero|one|two|few|many|other)$/, '').split('.');
        return !parts.some((_, index) => used.has(parts.slice(0, index + 1).join('.')));
      }),
  };
}
