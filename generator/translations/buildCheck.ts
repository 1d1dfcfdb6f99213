/**
 * What the build asks of the record: how many texts of each status each language
 * has (the summary lists them), and, under --strict, that no translation is
 * outdated (missing texts already fail a strict build on their own).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesIn } from '../content/fileList.ts';
import type { ResultCache } from '../content/resultCache.ts';
import type { YamlDocumentCache } from '../content/yamlReader.ts';
import { SiteError } from '../errors/siteError.ts';
import type { Language, SiteLanguages } from '../model/languages.ts';
import { countByLanguage, readTranslationState, type StatusCounts } from './status.ts';

export interface TranslationSummary {
  counts: Record<Language, StatusCounts>;
  /** The outdated texts, for --strict. */
  outdated: { key: string; language: Language; file: string; line?: number; column?: number }[];
}

/**
 * `cache` keeps what unchanged files hold (resultCache.ts), and each language's part of the summary
 * under the bytes of its text, legal and record files and the reference's: after one text edit,
 * only that language is compared again. `languages`, the content's, when loaded already; `digests`,
 * each content file's SHA-256 (relative path → digest) when the caller has them (the up-to-date check's);
 * `documents`, the files the build's content loader parsed (not parsed again).
 */
export async function summariseTranslations(
  contentDir: string,
  cache?: ResultCache,
  languages?: SiteLanguages,
  digests?: Readonly<Record<string, string>>,
  documents?: YamlDocumentCache,
): Promise<TranslationSummary> {
  if (!cache || !languages)
    return summaryOf(await readTranslationState(contentDir, cache, languages, documents));
  const reference = languages.default;
  const parts: TranslationSummary[] = [];
  // Each language's text files listed once: the reference's are in every pair.
  const listed = new Map<string, string[]>();
  const textFilesOf = (language: string) => {
    let files = listed.get(language);
    if (!files)
      listed.set(language, (files = filesIn(path.join(contentDir, 'texts', language), '.yaml').sort()));
    return files;
  };
  for (const language of languages.codes.filter((code) => code !== reference)) {
    // The reference and one language, as if the content had no other.
    const pair: SiteLanguages = { ...languages, codes: [reference, language] };
    const key = cache.keyOf(
      'translation summary',
      contentDir,
      `${reference} ${language}\0${filesKey(contentDir, pair, textFilesOf, digests)}`,
    );
    const kept = (await cache.get(key)) as TranslationSummary | undefined;
    if (kept && typeof kept.counts === 'object' && Array.isArray(kept.outdated)) {
      parts.push(kept);
      continue;
    }
    const part = summaryOf(await readTranslationState(contentDir, cache, pair, documents));
    cache.hold(key, part);
    parts.push(part);
  }
  return {
    counts: Object.assign({}, ...parts.map((part) => part.counts)) as TranslationSummary['counts'],
    outdated: parts.flatMap((part) => part.outdated),
  };
}

function summaryOf(state: Awaited<ReturnType<typeof readTranslationState>>): TranslationSummary {
  return {
    counts: countByLanguage(state.texts, state.targets),
    outdated: state.texts
      .filter((text) => text.status === 'outdated')
      .map(({ key, language, file, line, column }) => ({ key, language, file, line, column })),
  };
}

/** The bytes (or digests) of every file a summary of `languages` is made from: texts, legal documents, records. */
function filesKey(
  contentDir: string,
  languages: SiteLanguages,
  textFilesOf: (language: string) => string[],
  digests: Readonly<Record<string, string>> = {},
): string {
  const files = languages.codes.flatMap((language) => [
    ...textFilesOf(language).map((name) => `texts/${language}/${name}`),
    `legal/${language}.yaml`,
    `translations/${language}.yaml`,
  ]);
  return files
    .map((file) => {
      if (digests[file] !== undefined) return `${file}\0sha256 ${digests[file]}`;
      try {
        return `${file}\0${readFileSync(path.join(contentDir, file), 'utf8')}`;
      } catch {
        return `${file}\0(none)`;
      }
    })
    .join('\0');
}

/** --strict: an outdated translation fails the build, each named at its line. */
export function assertTranslationsCurrent(contentDir: string, summary: TranslationSummary): void {
  if (summary.outdated.length === 0) return;
  const problems = summary.outdated.map(
    ({ key, language, file, line, column }) =>
      new SiteError({
        code: 'TRANSLATION_OUTDATED',
        message: `${language}: "${key}" was translated from an older reference text`,
        location: { file: path.join(contentDir, file), line, column },
      }),
  );
  throw new SiteError({
    code: 'TRANSLATION_OUTDATED',
    message: `${problems.length} outdated translation${problems.length === 1 ? '' : 's'} (--strict); nothing was written.`,
    hint: 'See them with `site translations status`; update each translation or confirm it (docs/translating.md).',
    problems,
  });
}
