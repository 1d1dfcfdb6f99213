/**
 * What the build asks of the record: how many texts of each status each language
 * has (the summary lists them), and, under --strict, that no translation is
 * outdated (missing texts already fail a strict build on their own).
 */
import path from 'node:path';
import type { ResultCache } from '../content/resultCache.ts';
import { SiteError } from '../errors/siteError.ts';
import type { Language, SiteLanguages } from '../model/languages.ts';
import { countByLanguage, readTranslationState, type StatusCounts } from './status.ts';

export interface TranslationSummary {
  counts: Record<Language, StatusCounts>;
  /** The outdated texts, for --strict. */
  outdated: { key: string; language: Language; file: string; line?: number; column?: number }[];
}

/** `cache` keeps what unchanged files hold (resultCache.ts); `languages`, the content's, when loaded already. */
export async function summariseTranslations(
  contentDir: string,
  cache?: ResultCache,
  languages?: SiteLanguages,
): Promise<TranslationSummary> {
  const state = await readTranslationState(contentDir, cache, languages);
  return {
    counts: countByLanguage(state.texts, state.targets),
    outdated: state.texts
      .filter((text) => text.status === 'outdated')
      .map(({ key, language, file, line, column }) => ({ key, language, file, line, column })),
  };
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
