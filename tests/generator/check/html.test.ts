/**
 * The html gate on a tiny folder in one run of the Nu HTML Checker: an error and a warning named with
 * page and line, the one known gap of the checker let pass only where it applies, and a skip without Java.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gate } from '../../../generator/check/html.ts';
import { findJava, installJava } from '../../../generator/check/tools.ts';
import type { CheckContext, GateOutcome } from '../../../generator/check/types.ts';
import { makeTempDir } from '../../helpers/site.ts';

const page = (lang: string, head: string, body: string) =>
  `<!DOCTYPE html>\n<html${lang ? ` lang="${lang}"` : ''}>\n<head><meta charset="utf-8"><title>Page</title>${head}</head>\n<body>\n${body}\n</body>\n</html>\n`;

/** A valid page, a `<p>` inside a `<span>`, a page without lang, and a render-blocking `expect` link and a render-blocking preload. */
const files: Record<string, string> = {
  'index.html': page('it', '', '<main><p>Valid.</p></main>'),
  'de/index.html': page('de', '', '<span><p>A paragraph inside a span.</p></span>'),
  'en/index.html': page('', '', '<p>No language.</p>'),
  'expect/index.html': page(
    'en',
    '<link rel="expect" href="#main" blocking="render">',
    '<main id="main"></main>',
  ),
  'blocking/index.html': page(
    'en',
    '<link rel="preload" href="/site.css" as="style" blocking="render">',
    '<main></main>',
  ),
  'forwarded/index.html': page('en', '', '<div><p>Forwarded, still checked.</p><li>Stray item</li></div>'),
};

let dir: string;
let outcome: GateOutcome;
const context = () =>
  ({
    dir,
    pages: ['index.html', 'de/index.html', 'en/index.html', 'expect/index.html', 'blocking/index.html'].map(
      (file) => ({
        file,
        path: `/${file.replace(/index\.html$/, '')}`,
      }),
    ),
    forwarded: [{ file: 'forwarded/index.html', path: '/forwarded/' }],
  }) as unknown as CheckContext;

beforeAll(async () => {
  dir = await makeTempDir('html-gate');
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  if (findJava()) outcome = await gate.run(context());
}, 300_000);

afterEach(() => vi.unstubAllEnvs());

describe.skipIf(!findJava())('the html gate with Java', () => {
  it('checks every page and forwarded page, naming errors with their page and line', () => {
    expect(outcome.summary).toBe('6 pages');
    expect(outcome.checked).toBe(6);
    const errors = outcome.problems.filter(
      (problem) => problem.severity === 'error' && problem.page !== '/blocking/',
    );
    expect(errors).toEqual([
      {
        severity: 'error',
        page: '/de/',
        message: expect.stringMatching(
          /^Element “p” not allowed as child of element “span” .*\(line 5, column \d+\)$/,
        ),
      },
      {
        severity: 'error',
        page: '/forwarded/',
        message: expect.stringMatching(
          /^Element “li” not allowed as child of element “div” .*\(line 5, column \d+\)$/,
        ),
      },
    ]);
  });

  it('lists the checker’s warnings as warnings', () => {
    expect(outcome.problems.filter((problem) => problem.severity === 'warning')).toEqual([
      expect.objectContaining({ page: '/en/', message: expect.stringMatching(/lang/) }),
    ]);
  });

  it('lets the blocking attribute on an expect link pass, and only on a page that has one', () => {
    expect(outcome.problems.filter((problem) => problem.page === '/expect/')).toEqual([]);
    expect(outcome.problems.filter((problem) => problem.page === '/blocking/')).toEqual([
      {
        severity: 'error',
        page: '/blocking/',
        message: expect.stringMatching(
          /^A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”\. /,
        ),
      },
    ]);
  });
});

describe('the html gate without Java', () => {
  it('is skipped, saying what to install', async () => {
    vi.stubEnv('JAVA_HOME', '');
    vi.stubEnv('PATH', '/nonexistent');
    expect(await gate.run(context())).toEqual({
      problems: [],
      checked: 0,
      summary: '6 pages',
      skipped: installJava,
    });
  });
});
