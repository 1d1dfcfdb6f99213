/**
 * Confirming: a translator has read a translation against today's reference text
 * and found it right, so the record takes today's reference text for it, and the
 * translation itself is left as it is. A correction (a typo fixed in the
 * reference text) confirms every language's translation of the corrected texts.
 */
import path from 'node:path';
import { SiteError } from '../errors/siteError.ts';
import type { Language } from '../model/languages.ts';
import { didYouMean } from '../errors/suggest.ts';
import { writeRecord } from './record.ts';
import { entriesByKey, isWritten, nextRecord, type TextStatus, type TranslationState } from './status.ts';

export interface ConfirmRequest {
  /** Keys (`home.hero.title`), files (`texts/de/home.yaml`, `content/legal/de.yaml`) or language codes. */
  targets: string[];
  /** Only this language's translations. */
  language?: Language;
  /** Every outdated and untranslated text (of `language`, if given). */
  all?: boolean;
  /** The reference texts were only corrected: confirm their outdated translations in every language. */
  correction?: boolean;
}

export interface ConfirmReport {
  /** The texts whose record now holds today's reference text. */
  confirmed: TextStatus[];
  /** Texts selected that have no translation to confirm. */
  missing: TextStatus[];
  /** Record files written, relative to the content folder. */
  written: string[];
}

/** A file as the user typed it, relative to the content folder: `texts/de/home.yaml`. */
function contentRelative(state: TranslationState, target: string): string | undefined {
  if (!target.endsWith('.yaml')) return undefined;
  const absolute = path.resolve(target);
  const relative = path.relative(state.contentDir, absolute).split(path.sep).join('/');
  return relative.startsWith('..') ? target.replace(/^content\//, '') : relative;
}

function selectTexts(state: TranslationState, request: ConfirmRequest): TextStatus[] {
  if (request.language !== undefined && !state.targets.includes(request.language))
    throw new SiteError({
      code: 'TRANSLATION_UNKNOWN_TARGET',
      message: `"${request.language}" is not a translated language`,
      hint: `The translated languages are ${state.targets.join(', ')}.`,
    });
  if (request.correction && request.language !== undefined)
    throw new SiteError({
      code: 'TRANSLATION_UNKNOWN_TARGET',
      message: 'A correction applies to every language: --correction and --language do not go together',
      hint: 'Name the corrected keys or the reference file alone.',
    });
  if (!request.all && request.targets.length === 0)
    throw new SiteError({
      code: 'TRANSLATION_UNKNOWN_TARGET',
      message: 'Nothing to confirm named',
      hint: 'Name keys, files or languages, or use --all for every outdated and untranslated text.',
    });
  const inLanguage = state.texts.filter(
    (text) => request.language === undefined || text.language === request.language,
  );
  if (request.all) return inLanguage;
  const keys = new Set(state.texts.map((text) => text.key));
  const selected = new Set<TextStatus>();
  for (const target of request.targets) {
    let matches: TextStatus[];
    if (state.targets.includes(target) && !request.correction) {
      matches = inLanguage.filter((text) => text.language === target);
    } else if (keys.has(target)) {
      matches = inLanguage.filter((text) => text.key === target);
    } else {
      const file = contentRelative(state, target);
      const reference = state.languages.default;
      matches = file ? inLanguage.filter((text) => text.file === file || text.referenceFile === file) : [];
      if (file && matches.length === 0 && !state.sources.some((source) => source.file === file))
        throw new SiteError({
          code: 'TRANSLATION_UNKNOWN_TARGET',
          message: `No text file or legal file ${file} in the content`,
          hint: `A file is named as texts/<language>/<name>.yaml or legal/<language>.yaml (the ${reference} file names every language's texts).`,
        });
      if (!file)
        throw new SiteError({
          code: 'TRANSLATION_UNKNOWN_KEY',
          message: `"${target}" is no key of the ${reference} texts${request.correction ? '' : ', no language and no file'}.${didYouMean(target, keys)}`,
          hint: 'Keys are written as `site translations status` lists them, e.g. home.hero.title or legal/terms.title.',
        });
    }
    for (const text of matches) selected.add(text);
  }
  return [...selected];
}

/** Records today's reference text for the selected outdated and untranslated texts; writes only the records that change. */
export async function confirmTranslations(
  state: TranslationState,
  request: ConfirmRequest,
): Promise<ConfirmReport> {
  const selected = selectTexts(state, request);
  const confirmable = request.correction ? ['outdated'] : ['outdated', 'untranslated'];
  const confirmed = selected.filter((text) => confirmable.includes(text.status));
  const missing = selected.filter((text) => text.status === 'missing');
  const written: string[] = [];
  for (const language of state.targets) {
    const updates = new Map(
      confirmed.filter((text) => text.language === language).map((text) => [text.key, text.reference]),
    );
    const translations = entriesByKey(state.sources, language);
    const record = nextRecord(state, language, updates, (key) => isWritten(translations.get(key)));
    if (JSON.stringify(record) === JSON.stringify(state.records[language] ?? {})) continue;
    await writeRecord(state.contentDir, language, state.languages.default, record);
    written.push(`translations/${language}.yaml`);
  }
  return { confirmed, missing, written };
}
