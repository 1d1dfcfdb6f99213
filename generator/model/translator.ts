/**
 * What a template asks of the texts: one language's translator. The build makes it
 * (build/translations.ts) from the content's texts; templates and page metadata only read it.
 */
import type { Language } from './languages.ts';

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
