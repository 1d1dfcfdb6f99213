/**
 * A text's translation status in the panel, from the translation record
 * (`content/translations/<language>.yaml`, see generator/translations/record.ts):
 * the reference language's text is the reference; a translation is missing,
 * untranslated (the record holds nothing for it: nobody has checked it), outdated
 * (the reference text changed since the translation was confirmed) or current,
 * decided by the same rule as `site translations status`.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '../../model/languages.ts';
import { readRecord, recordFileOf, type TranslationRecord } from '../../translations/record.ts';
import { legalKeyPrefix as recordLegalPrefix } from '../../translations/sources.ts';
import { statusOf, type TranslationStatus as RecordStatus } from '../../translations/status.ts';
import { legalKeyPrefix } from './marks.ts';
import { singleLanguageFamilies } from './texts.ts';

export type TranslationStatus = 'reference' | RecordStatus;

export interface TranslationStatusSource {
  /**
   * The status of `key`'s text in `language`: `value` is what the language's file holds,
   * `reference` the reference language's text (each undefined when absent).
   */
  statusOf(
    key: string,
    language: Language,
    value: string | undefined,
    reference: string | undefined,
  ): Promise<TranslationStatus>;
}

/**
 * The key the record and `site translations` name a text by: a text's own key,
 * `legal/terms.title` for the panel's `@legal.terms.title`. Texts written in one
 * language only (the cookie policy, plan names) have none.
 */
export function recordKeyOf(key: string): string | undefined {
  if (singleLanguageFamilies.has(key.split('.')[0])) return undefined;
  if (key.startsWith(`${legalKeyPrefix}.`)) return recordLegalPrefix + key.slice(legalKeyPrefix.length + 1);
  return key;
}

/** Statuses from the record files of `contentDir`, each read again only when it changed on disk. */
export function recordStatus(contentDir: string, referenceLanguage: () => Language): TranslationStatusSource {
  const records = new Map<Language, { version: string; record: Promise<TranslationRecord> }>();
  async function recordOf(language: Language): Promise<TranslationRecord> {
    const file = path.join(contentDir, recordFileOf(language));
    const info = await stat(file).catch(() => undefined);
    const version = info ? `${info.ino}:${info.size}:${info.mtimeMs}` : 'none';
    const held = records.get(language);
    if (held?.version === version) return held.record;
    const record = readRecord(contentDir, language);
    records.set(language, { version, record });
    record.catch(() => records.delete(language));
    return record;
  }
  return {
    async statusOf(key, language, value, reference) {
      if (language === referenceLanguage()) return 'reference';
      const recordKey = recordKeyOf(key);
      const record = recordKey === undefined ? {} : await recordOf(language);
      const recorded =
        recordKey !== undefined && Object.hasOwn(record, recordKey) ? record[recordKey] : undefined;
      return statusOf(reference ?? '', value === undefined ? undefined : { value }, recorded);
    },
  };
}
