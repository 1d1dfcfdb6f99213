/**
 * The seam to the translation record: whether a language's text of a key is
 * current, outdated (the reference text changed since it was translated) or
 * missing. Until the record exists, only what the files themselves show is known:
 * a text that is absent or empty is missing, anything else is unknown.
 * The record's module plugs in by passing its own `TranslationStatusSource` to
 * the editor (`createTextEditor({ translationStatus })`).
 */
import type { Language } from '../../model/languages.ts';

export type TranslationStatus = 'reference' | 'current' | 'outdated' | 'missing' | 'unknown';

export interface TranslationStatusSource {
  /** The status of `key`'s text in `language`; `value` is what the file holds (undefined when absent). */
  statusOf(
    key: string,
    language: Language,
    value: string | undefined,
  ): TranslationStatus | Promise<TranslationStatus>;
}

export function filesOnlyStatus(defaultLanguage: () => Language): TranslationStatusSource {
  return {
    statusOf(_key, language, value) {
      if (value === undefined || value.trim() === '') return 'missing';
      return language === defaultLanguage() ? 'reference' : 'unknown';
    },
  };
}
