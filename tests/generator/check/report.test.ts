/** The check's report in words: problem lines errors first, a line per gate with totals and time, the verdict. */
import { describe, expect, it } from 'vitest';
import {
  formatGateLine,
  formatGateProblems,
  formatReport,
  formatSummary,
} from '../../../generator/check/report.ts';
import type { CheckReport, GateResult } from '../../../generator/check/types.ts';

const headWithTwoProblems: GateResult = {
  gate: 'head',
  status: 'failed',
  milliseconds: 1234,
  checked: 3,
  summary: '3 pages',
  problems: [
    { severity: 'warning', page: '/en/', message: 'a warning listed after the error' },
    { severity: 'error', page: '/pagina-prova/', message: 'has 2 h1 headings; a page has exactly one' },
  ],
};

const linksWithANote: GateResult = {
  gate: 'links',
  status: 'passed',
  milliseconds: 50,
  checked: 10,
  summary: '10 internal URLs',
  problems: [{ severity: 'info', message: 'external link, not fetched: https://example.net/' }],
};

const htmlSkipped: GateResult = {
  gate: 'html',
  status: 'skipped',
  milliseconds: 0,
  checked: 0,
  summary: '3 pages',
  skipped: 'install Java 17',
  problems: [],
};

const report = (gates: GateResult[], strict = false): CheckReport => ({
  dir: 'dist',
  strict,
  gates,
  passed: gates.every((gate) => gate.status !== 'failed'),
  milliseconds: 2500,
});

describe('formatGateProblems', () => {
  it('prints one line per problem, errors first, with severity, gate and page', () => {
    expect(formatGateProblems(headWithTwoProblems)).toEqual([
      'FAIL  head    /pagina-prova/  has 2 h1 headings; a page has exactly one',
      'WARN  head    /en/  a warning listed after the error',
    ]);
  });

  it('leaves the page out of a problem that has none', () => {
    expect(formatGateProblems(linksWithANote)).toEqual([
      'NOTE  links   external link, not fetched: https://example.net/',
    ]);
  });
});

describe('formatGateLine', () => {
  it('gives the status, the time in seconds, the summary and the totals', () => {
    expect(formatGateLine(headWithTwoProblems)).toBe(
      '  head     failed    1.2 s  3 pages; 1 error, 1 warning',
    );
  });

  it('says why a skipped gate did not run', () => {
    expect(formatGateLine(htmlSkipped)).toBe('  html     skipped   0.0 s  3 pages; skipped: install Java 17');
  });
});

describe('formatSummary', () => {
  it('names the failed gates in the verdict', () => {
    expect(formatSummary(report([headWithTwoProblems, linksWithANote])).at(-1)).toBe(
      'Not fit to publish: head failed.',
    );
  });

  it('says --strict is why warnings and skipped gates fail', () => {
    expect(formatSummary(report([headWithTwoProblems], true)).at(-1)).toBe(
      'Not fit to publish: head failed (--strict: warnings and skipped gates fail).',
    );
  });

  it('passes a site with skipped gates, naming them', () => {
    expect(formatSummary(report([linksWithANote, htmlSkipped])).at(-1)).toBe(
      'Fit to publish, but html did not run (run with --strict to fail on that).',
    );
    expect(formatSummary(report([linksWithANote])).at(-1)).toBe('Fit to publish.');
  });
});

describe('formatReport', () => {
  it('is the problems, then the folder and time, the gate lines and the verdict', () => {
    expect(formatReport(report([headWithTwoProblems, linksWithANote])).split('\n')).toEqual([
      'FAIL  head    /pagina-prova/  has 2 h1 headings; a page has exactly one',
      'WARN  head    /en/  a warning listed after the error',
      'NOTE  links   external link, not fetched: https://example.net/',
      '',
      'Checked dist in 2.5 s:',
      '  head     failed    1.2 s  3 pages; 1 error, 1 warning',
      '  links    passed    0.1 s  10 internal URLs; 0 errors, 0 warnings',
      '',
      'Not fit to publish: head failed.',
    ]);
  });
});
