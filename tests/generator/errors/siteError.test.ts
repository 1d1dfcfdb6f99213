/** SiteError: stable codes from one catalogue, the wrapped cause, paths shown relative to the working folder, and a code frame under each located problem. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../../generator/errors/errorCodes.ts';
import {
  displayPath,
  formatSiteError,
  readProblemSource,
  SiteError,
} from '../../../generator/errors/siteError.ts';

describe('SiteError', () => {
  it('keeps the error it wraps as its cause', () => {
    const cause = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    const error = new SiteError({ code: 'OUTPUT_FAILED', message: 'Could not write', cause });
    expect(error.cause).toBe(cause);
    expect(new SiteError({ code: 'OUTPUT_FAILED', message: 'Could not write' }).cause).toBeUndefined();
  });

  it('takes the catalogue’s hint for its code unless the raising code gives its own', () => {
    expect(new SiteError({ code: 'CONTENT_YAML_SYNTAX', message: 'bad' }).hint).toBe(
      errorCodes.CONTENT_YAML_SYNTAX.hint,
    );
    expect(
      new SiteError({ code: 'CONTENT_YAML_SYNTAX', message: 'bad', hint: 'Close the quote.' }).hint,
    ).toBe('Close the quote.');
    expect(new SiteError({ code: 'CONTENT_SCHEMA', message: 'bad' }).hint).toBeUndefined();
  });

  it('shows a location relative to the working folder, with line and column', () => {
    const file = path.join(process.cwd(), 'content', 'plans.yaml');
    const error = new SiteError({
      code: 'CONTENT_SCHEMA',
      message: 'plans[1].name: Expected string',
      location: { file, line: 12, column: 7 },
    });
    expect(error.located).toBe(`${path.join('content', 'plans.yaml')}:12:7  plans[1].name: Expected string`);
    expect(displayPath(process.cwd())).toBe('.');
    expect(displayPath('content/site.yaml')).toBe(path.join('content', 'site.yaml'));
  });

  it('lists every problem of an aggregate with its code, and its own hint once', () => {
    const problems = [
      new SiteError({
        code: 'CONTENT_SCHEMA',
        message: 'a: Expected string',
        location: { file: 'content/a.yaml', line: 1, column: 2 },
      }),
      new SiteError({
        code: 'CONTENT_REFERENCE',
        message: 'b: Unknown plan',
        location: { file: 'content/b.yaml', line: 3, column: 4 },
        hint: 'Known plans: x.',
      }),
    ];
    const text = formatSiteError(
      new SiteError({
        code: 'CONTENT_INVALID',
        message: 'Content has 2 problems; nothing was written.',
        problems,
      }),
    );
    expect(text.split('\n')).toEqual([
      'Content has 2 problems; nothing was written.',
      `  ${path.join('content', 'a.yaml')}:1:2  a: Expected string  [CONTENT_SCHEMA]`,
      `  ${path.join('content', 'b.yaml')}:3:4  b: Unknown plan  [CONTENT_REFERENCE]`,
      '    hint: Known plans: x.',
      `hint: ${errorCodes.CONTENT_INVALID.hint}`,
    ]);
  });
});

describe('formatSiteError with sources', () => {
  const source = 'zones:\n  - id: europe\n    plans: [my-europe-plus, my-wrld]\n    icon: europe\n';

  it('puts the frame under each problem and before its hint', () => {
    const problem = new SiteError({
      code: 'CONTENT_REFERENCE',
      message: 'zones[0].plans[1]: Unknown plan "my-wrld".',
      location: { file: 'zones.yaml', line: 3, column: 29 },
      hint: 'Known plans: my-world.',
    });
    const error = new SiteError({
      code: 'CONTENT_INVALID',
      message: 'Content has 1 problem; nothing was written.',
      problems: [problem],
    });
    const lines = formatSiteError(error, {
      readSource: (file) => (file === 'zones.yaml' ? source : undefined),
    }).split('\n');
    expect(lines[1]).toContain('zones.yaml:3:29');
    expect(lines[3]).toBe('    > 3 |     plans: [my-europe-plus, my-wrld]');
    expect(lines[4]).toBe('        |                             ^');
    expect(lines[6]).toBe('    hint: Known plans: my-world.');
  });
});

describe('hints per command', () => {
  const problem = () =>
    new SiteError({
      code: 'CONTENT_SCHEMA',
      message: 'a: Expected string',
      location: { file: 'content/a.yaml', line: 1, column: 2 },
    });
  const invalid = () =>
    new SiteError({
      code: 'CONTENT_INVALID',
      message: 'Content has 1 problem; nothing was written.',
      problems: [problem()],
    });

  it('tells site dev to save, site build to build and site check to build and check, and never dev to build again', () => {
    const hints = (command?: 'build' | 'dev' | 'check') =>
      formatSiteError(invalid(), { command })
        .split('\n')
        .filter((line) => line.startsWith('hint: '));
    expect(hints('dev')).toEqual([`hint: ${errorCodes.CONTENT_INVALID.hintFor.dev}`]);
    expect(hints('dev')[0]).toMatch(/save/);
    expect(hints('dev')[0]).not.toMatch(/build again|`site build`/);
    expect(hints('build')[0]).toMatch(/build again/);
    expect(hints('check')[0]).toMatch(/check again/);
    // Without a command, or for one with nothing of its own to say, the general hint, true for any.
    expect(hints()).toEqual([`hint: ${errorCodes.CONTENT_INVALID.hint}`]);
    expect(formatSiteError(invalid(), { command: 'translations' })).toContain(
      errorCodes.CONTENT_INVALID.hint,
    );
  });

  it('keeps the raising code’s own hint under every command', () => {
    const own = new SiteError({ code: 'CONTENT_INVALID', message: 'x', hint: 'Restore the file from git.' });
    for (const command of ['build', 'dev', 'check'] as const)
      expect(own.hintFor(command)).toBe('Restore the file from git.');
  });

  it('has no catalogue hint that tells site dev to build, for any error a rebuild can meet', () => {
    // The others belong to commands of their own (check, preview, schema, translations).
    const ofOtherCommands = /^(CHECK|PREVIEW|SCHEMA|XLIFF|TRANSLATION)_/;
    for (const [code, entry] of Object.entries(errorCodes)) {
      if (ofOtherCommands.test(code)) continue;
      const dev = ('hintFor' in entry && entry.hintFor?.dev) || ('hint' in entry ? entry.hint : undefined);
      if (dev) expect(dev, code).not.toMatch(/build again|run `site build`/i);
    }
  });
});

describe('readProblemSource', () => {
  it('reads a problem’s file for its frame, and gives nothing for a folder or a missing file', () => {
    expect(readProblemSource(path.join(process.cwd(), 'package.json'))).toMatch(/"name"/);
    expect(readProblemSource(process.cwd())).toBeUndefined();
    expect(readProblemSource(path.join(process.cwd(), 'no-such-file.yaml'))).toBeUndefined();
  });
});
