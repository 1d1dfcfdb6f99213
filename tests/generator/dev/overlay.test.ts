import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { overlayProblems } from '../../../generator/dev/overlay.ts';
import { errorCodes } from '../../../generator/errors/errorCodes.ts';
import { SiteError } from '../../../generator/errors/siteError.ts';

describe('overlayProblems', () => {
  it('gives each located problem its file, line, column, field, message, hint and the lines around it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'site-overlay-'));
    await writeFile(path.join(dir, 'plans.yaml'), 'plans:\n  - id: a\n    name: 42\n    description: x\n');
    const error = new SiteError({
      code: 'CONTENT_SCHEMA',
      message: 'Content has 1 problem; nothing was written.',
      hint: 'Fix the files above.',
      problems: [
        new SiteError({
          code: 'CONTENT_SCHEMA',
          message: 'plans[0].name: Expected string, received number',
          location: { file: 'plans.yaml', line: 3, column: 11 },
        }),
      ],
    });
    const [problem] = await overlayProblems(error, dir);
    expect(problem).toMatchObject({
      code: 'CONTENT_SCHEMA',
      file: 'plans.yaml',
      line: 3,
      column: 11,
      field: 'plans[0].name',
      message: 'Expected string, received number',
      hint: 'Fix the files above.',
    });
    // The terminal's code frame: two lines either side, and the marker under column 11 right after line 3.
    expect(problem.frame).toEqual([
      { number: 1, text: 'plans:' },
      { number: 2, text: '  - id: a' },
      { number: 3, text: '    name: 42' },
      { number: undefined, text: '          ^' },
      { number: 4, text: '    description: x' },
      { number: 5, text: '' },
    ]);
  });

  it('shows the hint as site dev says it: save the file, never build again', async () => {
    const [problem] = await overlayProblems(
      new SiteError({
        code: 'CONTENT_INVALID',
        message: 'Content has 1 problem; nothing was written.',
        problems: [
          new SiteError({
            code: 'CONTENT_SCHEMA',
            message: 'a: x',
            location: { file: 'gone.yaml', line: 1 },
          }),
        ],
      }),
      os.tmpdir(),
    );
    expect(problem.hint).toBe(errorCodes.CONTENT_INVALID.hintFor.dev);
    expect(problem.hint).toMatch(/save/);
    expect(problem.hint).not.toMatch(/build again/);
  });

  it('keeps a message without a field whole, and a problem whose file is gone without lines', async () => {
    const [problem] = await overlayProblems(
      new SiteError({
        code: 'CONTENT_MISSING_FILE',
        message: 'Missing file: texts/de/home.yaml',
        location: { file: 'gone.yaml', line: 2 },
      }),
      os.tmpdir(),
    );
    expect(problem.field).toBeUndefined();
    expect(problem.message).toBe('Missing file: texts/de/home.yaml');
    expect(problem.frame).toBeUndefined();
  });

  it('shows a template that throws with its stack and the cause it wraps', async () => {
    const error = new Error('Rendering /en/ (home, en) failed', {
      cause: new TypeError('Cannot read properties of undefined'),
    });
    const [problem] = await overlayProblems(error);
    expect(problem.message).toBe('Rendering /en/ (home, en) failed');
    expect(problem.stack).toContain('Caused by: TypeError: Cannot read properties of undefined');
  });
});
