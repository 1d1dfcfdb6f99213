/**
 * The site's languages, as content (content/languages.yaml): each with its code,
 * its own name, its Intl locale and the country of its flag. The first is the
 * default, served without a path prefix. Routes, language buttons, hreflang, the
 * sitemap, the host rules, the texts required and the browser scripts all derive
 * from this one list.
 */
import { z } from 'zod';

/** A language code such as `it`; which codes exist is content. */
export type Language = string;

/**
 * A plain language-region tag (`de-CH`, `rm-CH`): Intl knows it, and it carries no
 * extension. `en-CH-u-nu-arab` would write Arabic-Indic digits into English pages.
 */
const isLocale = (value: string) => {
  if (!/^[a-z]{2,3}-[A-Z]{2}$/.test(value)) return false;
  try {
    return Intl.getCanonicalLocales(value)[0] === value;
  } catch {
    return false;
  }
};

/** The longest name of a language on its button ("Rumantsch Grischun" has 18 letters). */
export const maxLanguageNameLength = 40;

export type TextDirection = 'ltr' | 'rtl';

export const languageSchema = z
  .object({
    code: z
      .string()
      .regex(/^[a-z]{2,3}$/, 'Expected a lower-case language code such as it or rm')
      .meta({
        description: 'The language code: the path prefix (/en/) and the lang attribute.',
        examples: ['en'],
      }),
    name: z
      .string()
      .trim()
      .min(1, 'Must not be empty')
      .max(maxLanguageNameLength)
      .meta({
        description: "The language's name in the language itself, on its button.",
        examples: ['English'],
      }),
    locale: z
      .string()
      .refine(isLocale, 'Expected a language and region such as it-CH (nothing more)')
      .meta({
        description: 'The locale numbers, dates and country names are written in.',
        examples: ['en-CH'],
      }),
    flag: z
      .string()
      .regex(/^[A-Z]{2}$/, 'Expected a two-letter country code such as CH')
      .meta({
        description: "The country whose flag the language's button shows (ISO 3166 code).",
        examples: ['GB'],
      }),
    direction: z
      .enum(['ltr', 'rtl'])
      .optional()
      .meta({
        description:
          "The writing direction, when it differs from the language's own (rtl for Arabic, Hebrew, Persian, Urdu; ltr for most).",
        examples: ['rtl'],
      }),
  })
  .strict();

export type LanguageEntry = z.infer<typeof languageSchema>;

export const languagesFileSchema = z
  .object({
    languages: z
      .array(languageSchema)
      .min(1, 'List at least one language')
      .meta({
        description:
          "The site's languages, in order; the first is the default and the reference of the texts.",
        examples: [[{ code: 'it', name: 'Italiano', locale: 'it-CH', flag: 'IT' }]],
      }),
    buttons: z.array(z.string()).meta({
      description: 'The order of the language buttons: every language code once.',
      examples: [['it', 'fr', 'de', 'en']],
    }),
  })
  .strict()
  .superRefine((file, context) => {
    const codes = file.languages.map((language) => language.code);
    codes.forEach((code, index) => {
      if (codes.indexOf(code) !== index)
        context.addIssue({
          code: 'custom',
          path: ['languages', index, 'code'],
          message: `"${code}" is listed twice`,
        });
    });
    file.buttons.forEach((code, index) => {
      if (!codes.includes(code))
        context.addIssue({
          code: 'custom',
          path: ['buttons', index],
          message: `"${code}" is not one of the languages (${codes.join(', ')})`,
        });
      else if (file.buttons.indexOf(code) !== index)
        context.addIssue({ code: 'custom', path: ['buttons', index], message: `"${code}" is listed twice` });
    });
    const missing = codes.filter((code) => !file.buttons.includes(code));
    if (missing.length > 0)
      context.addIssue({
        code: 'custom',
        path: ['buttons'],
        message: `Every language needs a button; missing: ${missing.join(', ')}`,
      });
  });

export type LanguagesFile = z.infer<typeof languagesFileSchema>;

/** The languages as every stage reads them. */
export interface SiteLanguages {
  /** Every language, in order. */
  list: LanguageEntry[];
  /** Their codes, in order. */
  codes: Language[];
  /** The first language: no path prefix, the reference of the texts. */
  default: Language;
  /** The codes in the order of the language buttons. */
  buttons: Language[];
  of(code: Language): LanguageEntry;
}

export function siteLanguagesFrom(file: LanguagesFile): SiteLanguages {
  const byCode = new Map(file.languages.map((language) => [language.code, language]));
  return {
    list: file.languages,
    codes: file.languages.map((language) => language.code),
    default: file.languages[0].code,
    buttons: file.buttons,
    of(code) {
      const language = byCode.get(code);
      if (!language) throw new Error(`Unknown language ${code}`);
      return language;
    },
  };
}

/** Directions Intl gave, by language code: every page asks for each language's (its switcher). */
const knownDirections = new Map<string, TextDirection>();

/** The direction a language is written in: as languages.yaml says, or as Intl knows the language. */
export function directionOf(language: Pick<LanguageEntry, 'code' | 'direction'>): TextDirection {
  if (language.direction) return language.direction;
  let direction = knownDirections.get(language.code);
  if (direction === undefined) {
    const info = (new Intl.Locale(language.code) as Intl.Locale & { textInfo?: { direction?: string } })
      .textInfo;
    direction = info?.direction === 'rtl' ? 'rtl' : 'ltr';
    knownDirections.set(language.code, direction);
  }
  return direction;
}

/** One value per language, in the languages' order. */
export function perLanguage<T>(
  languages: SiteLanguages,
  make: (language: Language) => T,
): Record<Language, T> {
  return Object.fromEntries(languages.codes.map((language) => [language, make(language)]));
}

/** What the browser scripts need, bundled into them as a constant by the build. */
export interface ClientLanguages {
  codes: Language[];
  default: Language;
}

export const clientLanguagesOf = (languages: SiteLanguages): ClientLanguages => ({
  codes: languages.codes,
  default: languages.default,
});
