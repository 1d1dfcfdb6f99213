/**
 * What `site build` tells its user: the step table and the totals, then the
 * warnings, last, so that they are what a terminal shows at the end. Pure: the
 * CLI decides where each line goes and whether it has colours.
 */
import { styleText } from 'node:util';
import type { BuildReport } from './pipeline.ts';
import { textFileOf } from '../content/contentPaths.ts';
import { formatCounts } from '../translations/counts.ts';

export type Verbosity = 'quiet' | 'normal' | 'verbose';

export interface SummaryOptions {
  verbosity: Verbosity;
  /** Colours only on a terminal and never under NO_COLOR (the CLI decides). */
  colour: boolean;
  /** The destination as the user would type it. */
  destination: string;
}

export interface Summary {
  /** The step table and the totals (stdout). */
  lines: string[];
  /** The warnings, one a line (stderr), after everything else. */
  warnings: string[];
}

/** Whether a stream gets colours: a terminal, no NO_COLOR (any non-empty value), not a dumb terminal. */
export function wantsColour(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  return Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== 'dumb';
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** The keys of a language grouped by the text file that should hold them. */
function byFile(language: string, keys: string[]): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const key of keys) {
    const file = textFileOf(language, key.split('.')[0]);
    files.set(file, [...(files.get(file) ?? []), key]);
  }
  return files;
}

export function formatSummary(report: BuildReport, options: SummaryOptions): Summary {
  const paint = (style: Parameters<typeof styleText>[0], text: string) =>
    options.colour ? styleText(style, text) : text;
  const lines: string[] = [];
  const { languages } = report;
  if (options.verbosity !== 'quiet') {
    const images = report.imageCache;
    lines.push(
      `  Images: ${images.hits} from the cache, ${images.misses} drawn${images.corrupt > 0 ? ` (${images.corrupt} cache entries were damaged)` : ''}${images.pruned > 0 ? `, ${images.pruned} unused entries pruned` : ''}`,
    );
    if (report.translationStatus)
      lines.push(
        `  Translations: ${Object.entries(report.translationStatus)
          .map(([language, counts]) => `${language} ${formatCounts(counts)}`)
          .join('; ')}`,
      );
    if (report.reusedPages) {
      const pages = Object.values(report.pagesByLanguage).reduce((total, count) => total + count, 0);
      lines.push(
        `  Pages: ${pages - report.reusedPages} rendered, ${report.reusedPages} unchanged since an earlier build (reused)`,
      );
    }
    for (const step of report.steps)
      lines.push(`  ${step.label.padEnd(32)} ${step.milliseconds.toFixed(0).padStart(6)} ms`);
    const perLanguage = languages
      .map((language) => `${language} ${report.pagesByLanguage[language]}`)
      .join(', ');
    const pageCount = languages.reduce((total, language) => total + report.pagesByLanguage[language], 0);
    lines.push(
      paint(
        'green',
        `Built ${pageCount} pages (${perLanguage}), ${report.fileCount} files, ${formatBytes(report.bytes)} in ${(report.milliseconds / 1000).toFixed(2)} s → ${options.destination}`,
      ),
    );
  }

  const warnings: string[] = [];
  const warn = (text: string) => warnings.push(`${paint(['yellow', 'bold'], 'Warning:')} ${text}`);
  const reference = languages[0];
  const shown = options.verbosity === 'verbose' ? Infinity : 8;
  const list = (keys: string[]) =>
    `${keys.slice(0, shown).join(', ')}${keys.length > shown ? `, … and ${keys.length - shown} more (--verbose lists them all)` : ''}`;
  for (const language of languages) {
    const missingFiles = new Set(report.missingTextFiles?.[language] ?? []);
    for (const namespace of missingFiles)
      warn(
        `${language}: the whole file ${textFileOf(language, namespace)} is missing; its pages show the ${reference} texts.`,
      );
    const keys = (report.missingTranslations[language] ?? []).filter(
      (key) => !missingFiles.has(key.split('.')[0]),
    );
    for (const [file, fileKeys] of byFile(language, keys))
      warn(
        `${language}: ${fileKeys.length} missing text${fileKeys.length === 1 ? '' : 's'} in ${file}, shown in ${reference}: ${list(fileKeys)}`,
      );
  }
  for (const [language, counts] of Object.entries(report.translationStatus ?? {}))
    if (counts.outdated > 0)
      warn(
        `${language}: ${counts.outdated} translation${counts.outdated === 1 ? ' was' : 's were'} made for an older ${reference} text: \`site translations status\` lists ${counts.outdated === 1 ? 'it' : 'them'}.`,
      );
  if (report.unresolvedKeys.length > 0)
    warn(
      `no language has ${report.unresolvedKeys.length} text${report.unresolvedKeys.length === 1 ? '' : 's'} a template uses (pages show ⚠️): ${list(report.unresolvedKeys)}`,
    );
  if ((report.unusedTexts ?? []).length > 0)
    warn(
      `${report.unusedTexts.length} ${reference} text${report.unusedTexts.length === 1 ? ' is' : 's are'} used by no page of this build: ${list(report.unusedTexts)}`,
    );
  for (const warning of report.warnings) warn(warning);
  if (
    warnings.length > 0 &&
    report.missingTranslations &&
    languages.some((language) => report.missingTranslations[language].length > 0)
  ) {
    warnings.push(`${paint('dim', '  --strict makes missing texts fatal and names each one at its line.')}`);
  }
  return { lines, warnings };
}
