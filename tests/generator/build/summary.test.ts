/** The build's summary: the step table and totals, then the warnings, last; colours only when asked. */
import { describe, expect, it } from 'vitest';
import type { BuildReport } from '../../../generator/build/pipeline.ts';
import { formatSummary, wantsColour } from '../../../generator/build/summary.ts';

function report(overrides: Partial<BuildReport> = {}): BuildReport {
  return {
    steps: [
      { label: 'Load and validate content', milliseconds: 120 },
      { label: 'Render pages', milliseconds: 900 },
    ],
    languages: ['it', 'en', 'de', 'fr'],
    pagesByLanguage: { it: 18, en: 13, de: 13, fr: 13 },
    fileCount: 115,
    bytes: 3_260_000,
    milliseconds: 9_500,
    missingTranslations: {
      it: [],
      en: ['esim.hero.title', 'esim.hero.text', 'home.meta.title'],
      de: ['cockpit.meta.title', 'cockpit.hero.title'],
      fr: [],
    },
    unresolvedKeys: [],
    missingTextFiles: { it: [], en: [], de: ['cockpit'], fr: [] },
    unusedTexts: ['home.oldBanner'],
    imageCache: { hits: 60, misses: 0, corrupt: 0, pruned: 0 },
    warnings: [],
    destination: '/tmp/dist',
    ...overrides,
  };
}
const ansi = /\x1b\[/;

describe('build summary', () => {
  it('lists the steps and totals, and the warnings by language and file', () => {
    const summary = formatSummary(report(), { verbosity: 'normal', colour: false, destination: 'dist' });
    expect(summary.lines.at(-1)).toBe(
      'Built 57 pages (it 18, en 13, de 13, fr 13), 115 files, 3.11 MB in 9.50 s → dist',
    );
    expect(summary.lines.some((line) => line.includes('Render pages'))).toBe(true);
    expect(summary.warnings).toEqual([
      'Warning: en: 2 missing texts in texts/en/esim.yaml, shown in it: esim.hero.title, esim.hero.text',
      'Warning: en: 1 missing text in texts/en/home.yaml, shown in it: home.meta.title',
      'Warning: de: the whole file texts/de/cockpit.yaml is missing; its pages show the it texts.',
      'Warning: 1 it text is used by no page and named by no template: home.oldBanner. Delete it from every language, or keep it if you plan to use it.',
      '  --strict makes missing texts fatal and names each one at its line.',
    ]);
    expect([...summary.lines, ...summary.warnings].join('\n')).not.toMatch(ansi);
  });

  it('under --quiet keeps only the warnings; --verbose lists every key', () => {
    const many = Array.from({ length: 12 }, (_, index) => `home.items.${index}`);
    const quiet = formatSummary(
      report({
        missingTranslations: { it: [], en: many, de: [], fr: [] },
        missingTextFiles: { it: [], en: [], de: [], fr: [] },
      }),
      { verbosity: 'quiet', colour: false, destination: 'dist' },
    );
    expect(quiet.lines).toEqual([]);
    expect(quiet.warnings[0]).toMatch(
      /12 missing texts in texts\/en\/home\.yaml.*… and 4 more \(--verbose lists them all\)$/,
    );
    const verbose = formatSummary(report({ missingTranslations: { it: [], en: many, de: [], fr: [] } }), {
      verbosity: 'verbose',
      colour: false,
      destination: 'dist',
    });
    expect(verbose.warnings[0]).toContain('home.items.11');
  });

  it('lists the translation statuses per language and warns about outdated translations', () => {
    const counts = (current: number, outdated: number, missing: number) => ({
      current,
      outdated,
      missing,
      untranslated: 0,
    });
    const summary = formatSummary(
      report({ translationStatus: { en: counts(10, 0, 0), de: counts(7, 2, 1), fr: counts(9, 1, 0) } }),
      { verbosity: 'normal', colour: false, destination: 'dist' },
    );
    expect(summary.lines).toContain(
      '  Translations: en 10 current; de 7 current, 2 outdated, 1 missing; fr 9 current, 1 outdated',
    );
    expect(summary.warnings).toContain(
      'Warning: de: 2 translations were made for an older it text: `site translations status` lists them.',
    );
    expect(summary.warnings).toContain(
      'Warning: fr: 1 translation was made for an older it text: `site translations status` lists it.',
    );
  });

  it('colours only on a terminal, never under NO_COLOR', () => {
    expect(wantsColour({ isTTY: true }, {})).toBe(true);
    expect(wantsColour({ isTTY: false }, {})).toBe(false);
    expect(wantsColour({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColour({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
    const coloured = formatSummary(report(), { verbosity: 'normal', colour: true, destination: 'dist' });
    expect(coloured.warnings[0]).toMatch(ansi);
  });
});
