/**
 * The status of every text in every language but the reference, from the texts
 * and the translation record alone:
 * - missing: the language has no text (pages show the reference text instead);
 * - untranslated: it has a text, but the record has none for it: nobody has yet
 *   recorded which reference text it translates (a new key translated by hand);
 * - outdated: the reference text changed since the translation was recorded;
 * - current: the translation was made or confirmed against today's reference text.
 */
import type { ResultCache } from '../content/resultCache.ts';
import type { YamlDocumentCache } from '../content/yamlReader.ts';
import type { Language, SiteLanguages } from '../model/languages.ts';
import { readRecord, type TranslationRecord } from './record.ts';
import { fileOfKey, readLanguages, readSources, type SourceFile, type TextEntry } from './sources.ts';
import { translationStatuses, type StatusCounts, type TranslationStatus } from './counts.ts';

export { formatCounts, translationStatuses } from './counts.ts';
export type { StatusCounts, TranslationStatus } from './counts.ts';

export interface TextStatus {
  key: string;
  language: Language;
  status: TranslationStatus;
  /** The reference text today. */
  reference: string;
  /** Where the reference text is: file relative to the content folder, line. */
  referenceFile: string;
  referenceLine: number;
  /** The reference text the record holds (outdated and current). */
  recorded?: string;
  /** The translation today; undefined when missing. */
  translation?: string;
  /** The file (relative to the content folder) that holds or should hold the translation, and its line if it has one. */
  file: string;
  line?: number;
  column?: number;
}

export interface TranslationState {
  contentDir: string;
  languages: SiteLanguages;
  /** The languages that are translated: every one but the reference. */
  targets: Language[];
  sources: SourceFile[];
  records: Record<Language, TranslationRecord>;
  /** Per target language, in the order of the reference texts. */
  texts: TextStatus[];
}

/** A text counts as written when it has more than white space (an empty one falls back to the reference). */
export const isWritten = <Entry extends { value: string }>(entry: Entry | undefined): entry is Entry =>
  entry !== undefined && entry.value.trim() !== '';

/** The entries of one language, by key. */
export function entriesByKey(sources: SourceFile[], language: Language): Map<string, TextEntry> {
  return new Map(
    sources
      .filter((source) => source.language === language)
      .flatMap((source) => source.entries.map((entry) => [entry.key, entry] as const)),
  );
}

/** The reference texts, in file order, with their file. */
export function referenceTexts(sources: SourceFile[], reference: Language) {
  return sources
    .filter((source) => source.language === reference)
    .flatMap((source) =>
      source.entries.filter((entry) => isWritten(entry)).map((entry) => ({ entry, file: source.file })),
    );
}

export function statusOf(
  reference: string,
  translation: { value: string } | undefined,
  recorded: string | undefined,
): TranslationStatus {
  if (!isWritten(translation)) return 'missing';
  if (recorded === undefined) return 'untranslated';
  return recorded === reference ? 'current' : 'outdated';
}

/** Every text's status, from parsed sources and records. */
export function compareWithRecords(
  sources: SourceFile[],
  languages: SiteLanguages,
  records: Record<Language, TranslationRecord>,
): TextStatus[] {
  const references = referenceTexts(sources, languages.default);
  const texts: TextStatus[] = [];
  for (const language of languages.codes.filter((code) => code !== languages.default)) {
    const translations = entriesByKey(sources, language);
    const record = records[language] ?? {};
    for (const { entry, file } of references) {
      const translation = translations.get(entry.key);
      const recorded = Object.hasOwn(record, entry.key) ? record[entry.key] : undefined;
      const status = statusOf(entry.value, translation, recorded);
      texts.push({
        key: entry.key,
        language,
        status,
        reference: entry.value,
        referenceFile: file,
        referenceLine: entry.line,
        recorded: status === 'current' || status === 'outdated' ? recorded : undefined,
        translation: isWritten(translation) ? translation.value : undefined,
        file: fileOfKey(entry.key, language),
        line: translation?.line,
        column: translation?.column,
      });
    }
  }
  return texts;
}

/**
 * Reads the texts, the legal documents and the records of a content folder, and compares them;
 * `cache` (a build) keeps what unchanged files hold.
 */
export async function readTranslationState(
  contentDir: string,
  cache?: ResultCache,
  /** The content's languages, when the caller loaded them already (a build): languages.yaml is not read again. */
  knownLanguages?: SiteLanguages,
  /** The files the caller parsed already (a build's content loader), by absolute path: not parsed again. */
  documents?: YamlDocumentCache,
): Promise<TranslationState> {
  const languages = knownLanguages ?? (await readLanguages(contentDir));
  const targets = languages.codes.filter((code) => code !== languages.default);
  const [sources, recordList] = await Promise.all([
    readSources(contentDir, languages, cache, documents),
    Promise.all(targets.map((language) => readRecord(contentDir, language, cache))),
  ]);
  const records = Object.fromEntries(targets.map((language, index) => [language, recordList[index]]));
  return {
    contentDir,
    languages,
    targets,
    sources,
    records,
    texts: compareWithRecords(sources, languages, records),
  };
}

/** How many texts of each status each target language has. */
export function countByLanguage(texts: TextStatus[], targets: Language[]): Record<Language, StatusCounts> {
  const counts = Object.fromEntries(
    targets.map((language) => [
      language,
      Object.fromEntries(translationStatuses.map((status) => [status, 0])) as StatusCounts,
    ]),
  );
  for (const text of texts) counts[text.language][text.status] += 1;
  return counts;
}

/**
 * A language's record after some texts were confirmed or translated: `updates`
 * gives the reference text now recorded for a key; a key whose translation is
 * gone (or whose reference text is) leaves the record. In the reference order.
 */
export function nextRecord(
  state: TranslationState,
  language: Language,
  updates: Map<string, string>,
  translated: (key: string) => boolean,
): TranslationRecord {
  const previous = state.records[language] ?? {};
  const record: TranslationRecord = {};
  for (const { entry } of referenceTexts(state.sources, state.languages.default)) {
    if (!translated(entry.key)) continue;
    const value =
      updates.get(entry.key) ?? (Object.hasOwn(previous, entry.key) ? previous[entry.key] : undefined);
    if (value !== undefined) record[entry.key] = value;
  }
  return record;
}
