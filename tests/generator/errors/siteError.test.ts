/** SiteError: stable codes from one catalogue, the wrapped cause, paths shown relative to the working folder, and a code frame under each located problem. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../../generator/errors/errorCodes.ts';
import { displayPath, formatSiteError, SiteError } from '../../../generator/errors/siteError.ts';

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
