import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFrame, overlayProblems } from '../../generator/dev/overlay.ts';
import { isEditorScratchFile } from '../../generator/dev/watcher.ts';
import { withLiveScript } from '../../generator/dev/server.ts';
import { SiteError } from '../../generator/errors.ts';

describe('codeFrame', () => {
  const text = ['a: 1', 'b: 2', 'c: 3', 'd: 4', 'e: 5', 'f: 6'].join('\n');
  it('gives two lines either side of the line, numbered from 1', () => {
    expect(codeFrame(text, 3)).toEqual([
      { number: 1, text: 'a: 1' },
      { number: 2, text: 'b: 2' },
      { number: 3, text: 'c: 3' },
      { number: 4, text: 'd: 4' },
      { number: 5, text: 'e: 5' },
    ]);
  });
  it('stops at the start and the end of the file', () => {
    expect(codeFrame(text, 1).map((line) => line.number)).toEqual([1, 2, 3]);
    expect(codeFrame(text, 6).map((line) => line.number)).toEqual([4, 5, 6]);
  });
});

describe('overlayProblems', () => {
  it('gives each located problem its file, line, column, field, message, hint and the lines around it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'site-overlay-'));
    await writeFile(path.join(dir, 'plans.yaml'), 'plans:\n  - id: a\n    name: 42\n    description: x\n');
    const error = new SiteError({
      code: 'CONTENT_SCHEMA',
      message: 'Content has 1 problem; nothing was written.',
      hint: 'Fix the files above.',
      problems: [new SiteError({ code: 'CONTENT_SCHEMA', message: 'plans[0].name: Expected string, received number', location: { file: 'plans.yaml', line: 3, column: 11 } })],
    });
    const [problem] = await overlayProblems(error, dir);
    expect(problem).toMatchObject({ code: 'CONTENT_SCHEMA', file: 'plans.yaml', line: 3, column: 11, field: 'plans[0].name', message: 'Expected string, received number', hint: 'Fix the files above.' });
    expect(problem.frame?.find((line) => line.number === 3)?.text).toBe('    name: 42');
  });

  it('keeps a message without a field whole, and a problem whose file is gone without lines', async () => {
    const [problem] = await overlayProblems(new SiteError({ code: 'CONTENT_MISSING_FILE', message: 'Missing file: texts/de/home.yaml', location: { file: 'gone.yaml', line: 2 } }), os.tmpdir());
    expect(problem.field).toBeUndefined();
    expect(problem.message).toBe('Missing file: texts/de/home.yaml');
    expect(problem.frame).toBeUndefined();
  });

  it('shows a template that throws with its stack and the cause it wraps', async () => {
    const error = new Error('Rendering /en/ (home, en) failed', { cause: new TypeError('Cannot read properties of undefined') });
    const [problem] = await overlayProblems(error);
    expect(problem.message).toBe('Rendering /en/ (home, en) failed');
    expect(problem.stack).toContain('Caused by: TypeError: Cannot read properties of undefined');
  });
});

describe('the live script tag', () => {
  it('goes at the end of the head and names the served file', () => {
    expect(withLiveScript('<!doctype html><html><head><title>x</title></head><body></body></html>', 'en/about/index.html')).toBe(
      '<!doctype html><html><head><title>x</title><script type="module" src="/__site/live.js" data-site-dev="en/about/index.html"></script></head><body></body></html>',
    );
  });
});

describe('isEditorScratchFile', () => {
  it('knows editors’ swap, lock, backup and temporary files, and not the site’s files', () => {
    for (const file of ['/c/texts/.home.yaml.swp', '/c/texts/.#home.yaml', '/c/texts/home.yaml~', '/c/texts/4913', '/c/plans.yaml.tmp']) expect(isEditorScratchFile(file), file).toBe(true);
    for (const file of ['/c/texts/home.yaml', '/c/images/vision.svg', '/t/pages/HomePage.tsx', '/c/client/styles.css']) expect(isEditorScratchFile(file), file).toBe(false);
  });
});
