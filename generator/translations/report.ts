/**
 * What `site translations status` tells a translator: per language and file the
 * counts of each status, then every outdated, missing and untranslated text with
 * its key, where it is, the recorded and today's reference text with the changed
 * words marked, and today's translation. Pure: the CLI prints the lines.
 */
import { styleText } from 'node:util';
import { markChanges, plainMarks, type Marks, type MarkedChange } from './changes.ts';
import {
  countByLanguage,
  formatCounts,
  translationStatuses,
  type StatusCounts,
  type TextStatus,
  type TranslationState,
} from './status.ts';

export interface StatusReport {
  reference: string;
  languages: Record<string, { counts: StatusCounts; files: Record<string, StatusCounts> }>;
  /** Every text that is not current. */
  texts: (TextStatus & { changes?: MarkedChange['parts'] })[];
}

export function statusReport(state: TranslationState, language?: string): StatusReport {
  const targets = language ? [language] : state.targets;
  const texts = state.texts.filter((text) => targets.includes(text.language));
  const counts = countByLanguage(texts, targets);
  const languages: StatusReport['languages'] = {};
  for (const target of targets) {
    const files: Record<string, StatusCounts> = {};
    for (const text of texts.filter((candidate) => candidate.language === target)) {
      files[text.file] ??= Object.fromEntries(
        translationStatuses.map((status) => [status, 0]),
      ) as StatusCounts;
      files[text.file][text.status] += 1;
    }
    languages[target] = { counts: counts[target], files };
  }
  return {
    reference: state.languages.default,
    languages,
    texts: texts
      .filter((text) => text.status !== 'current')
      .map((text) =>
        text.status === 'outdated' && text.recorded !== undefined
          ? { ...text, changes: markChanges(text.recorded, text.reference).parts }
          : text,
      ),
  };
}

const colourMarks: Marks = {
  removed: (text) => styleText(['red', 'strikethrough'], text),
  added: (text) => styleText(['green', 'bold'], text),
};

export function formatStatusReport(
  report: StatusReport,
  options: { colour: boolean; contentPrefix: string },
): string[] {
  const marks = options.colour ? colourMarks : plainMarks;
  const at = (file: string, line?: number) => `${options.contentPrefix}${file}${line ? `:${line}` : ''}`;
  const lines: string[] = [];
  for (const [language, { counts, files }] of Object.entries(report.languages)) {
    lines.push(`${language}: ${formatCounts(counts)}`);
    for (const [file, fileCounts] of Object.entries(files))
      lines.push(`  ${at(file).padEnd(36)} ${formatCounts(fileCounts)}`);
  }
  const ref = report.reference;
  for (const status of ['outdated', 'missing', 'untranslated'] as const) {
    const texts = report.texts.filter((text) => text.status === status);
    if (texts.length === 0) continue;
    lines.push('', `${status[0].toUpperCase()}${status.slice(1)} (${texts.length}):`);
    for (const text of texts) {
      lines.push(`  ${text.language} ${text.key}  ${at(text.file, text.line)}`);
      if (status === 'outdated' && text.recorded !== undefined) {
        const change = markChanges(text.recorded, text.reference, marks);
        lines.push(`    ${ref} before: ${change.old}`);
        lines.push(`    ${ref} now:    ${change.new}  (${at(text.referenceFile, text.referenceLine)})`);
      } else {
        lines.push(`    ${ref}: ${text.reference}  (${at(text.referenceFile, text.referenceLine)})`);
      }
      if (text.translation !== undefined) lines.push(`    ${text.language}: ${text.translation}`);
    }
  }
  const open = report.texts.length;
  lines.push(
    '',
    open === 0
      ? 'Every translation is current.'
      : 'Update a translation in its file, or confirm it if it still fits: site translations confirm <key> --language <code> (docs/translating.md).',
  );
  return lines;
}
