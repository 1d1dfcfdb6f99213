/**
 * No page can stop `site check`: a page over the size limit and one whose script never
 * ends are each a located failure of that page in every gate that would open it, the
 * other pages are checked as before, and the report and verdict are printed. The hostile
 * pages are written into a copy of the planted-fault fixture. Only the gates that read
 * pages run (not html's Java, nor i18n's dates), with the time limits shortened by the
 * tests' own variable, so that waiting them out takes seconds, not minutes. The memory
 * limit, and a page's time limit inside one gate, are proven in browserLane.test.ts.
 */
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  maxPageBytes,
  pageFaultOf,
  PageFault,
  pageLoadSeconds,
  splitBySize,
  testPageSecondsVariable,
  withinTime,
} from '../../../generator/check/pageLimits.ts';
import type { CheckReport } from '../../../generator/check/types.ts';
import { hasChromium } from '../../../generator/check/tools.ts';
import { makeTempDir, projectRoot, runSite } from '../../helpers/site.ts';

const fixture = path.join(projectRoot, 'tests/fixtures/check-faults');

describe('page limits', () => {
  it('gives up on work that takes too long, as a fault of the page', async () => {
    const never = new Promise<never>(() => {});
    const error = await withinTime(never, 0.05, 'load').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PageFault);
    expect((error as PageFault).message).toBe('took longer than 0.05 s to load');
    expect(await withinTime(Promise.resolve(7), 1, 'load')).toBe(7);
  });

  it("words Playwright's navigation timeout as the page's, and leaves a bug a bug", () => {
    const timeout = Object.assign(new Error('page.goto: Timeout 30000ms exceeded.\nCall log: …'), {
      name: 'TimeoutError',
    });
    expect(pageFaultOf(timeout)?.message).toBe(`took longer than ${pageLoadSeconds} s to load`);
    expect(pageFaultOf(new TypeError('x is undefined'))).toBeUndefined();
  });

  it('sets apart the pages over the size limit', async () => {
    const dir = await makeTempDir('page-size');
    try {
      await writeFile(path.join(dir, 'small.html'), '<p>small</p>');
      await writeFile(path.join(dir, 'large.html'), Buffer.alloc(maxPageBytes + 1, 'a'));
      const { within, oversized } = await splitBySize(dir, [
        { file: 'small.html', path: '/small.html' },
        { file: 'large.html', path: '/large.html' },
      ]);
      expect(within.map((page) => page.path)).toEqual(['/small.html']);
      expect(oversized).toEqual([
        { page: { file: 'large.html', path: '/large.html' }, bytes: maxPageBytes + 1 },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** A page of the fixture's kind, with `body` in its main. */
const page = (title: string, body: string) =>
  `<!DOCTYPE html>\n<html lang="it">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${title}</title>\n</head>\n<body>\n<main>\n<h1>${title}</h1>\n${body}\n</main>\n</body>\n</html>\n`;

/** The shortened time to load a page; checking one gets 1.5 times, the layout gate's look 3 times. */
const testLoadSeconds = 6;

describe.skipIf(!hasChromium())('site check on hostile pages', () => {
  let workDir: string;
  let result: { code: number; stdout: string; stderr: string };
  let report: CheckReport;

  beforeAll(async () => {
    workDir = await makeTempDir('check-hostile');
    const dist = path.join(workDir, 'dist');
    await cp(path.join(fixture, 'dist'), dist, { recursive: true });
    const write = async (folder: string, html: string) => {
      await mkdir(path.join(dist, folder), { recursive: true });
      await writeFile(path.join(dist, folder, 'index.html'), html);
    };
    await write('loop', page('Loop', '<script>for (;;) {}</script>'));
    // Just over the size limit: the page is set apart by its size alone, so more bytes prove nothing more.
    const line = '<p>A page just over the size limit.</p>\n';
    await write('huge', page('Huge', line.repeat(Math.ceil((maxPageBytes + 100 * 1024) / line.length))));
    const gates = 'links,head,budgets,a11y,privacy,layout';
    result = await runSite(
      ['check', '--dir', dist, '--content', path.join(fixture, 'content'), '--only', gates, '--json'],
      projectRoot,
      { [testPageSecondsVariable]: String(testLoadSeconds) },
    );
    report = JSON.parse(result.stdout) as CheckReport;
  }, 240_000);
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  const problemsAt = (pagePath: string) =>
    report.gates.flatMap((gate) =>
      gate.problems
        .filter((problem) => problem.page === pagePath)
        .map((problem) => `${gate.gate} ${problem.message}`),
    );

  it('finishes with a report and a verdict, and no stack trace', () => {
    // The time is measured, not asserted; the hook's limit bounds it.
    expect(result.code).toBe(1);
    expect(report.passed).toBe(false);
    expect(report.gates.map((gate) => gate.gate)).toEqual([
      'links',
      'head',
      'budgets',
      'a11y',
      'privacy',
      'layout',
    ]);
    expect(result.stderr).not.toMatch(/\n\s+at |Internal error/);
  });

  it('names the page over the size limit once, and no gate opens it', () => {
    expect(problemsAt('/huge/')).toEqual([
      expect.stringMatching(/^budgets is 5\.1 MB; the budget is 5\.0 MB of HTML/),
    ]);
  });

  it('names the page whose script never ends, in each browser gate', () => {
    expect(problemsAt('/loop/')).toEqual(
      expect.arrayContaining([
        `a11y took longer than ${testLoadSeconds} s to load (desktop)`,
        `a11y took longer than ${testLoadSeconds} s to load (phone)`,
        `privacy took longer than ${testLoadSeconds} s to load`,
        `layout took longer than ${testLoadSeconds} s to load`,
      ]),
    );
  });

  it('checks the other pages as before', () => {
    expect(problemsAt('/en/')).toContainEqual(expect.stringMatching(/^a11y label \(critical, desktop\)/));
    expect(problemsAt('/en/')).toContainEqual(expect.stringMatching(/^a11y label \(critical, phone\)/));
    expect(problemsAt('/contatti/')).toContain(
      'privacy requests https://tracker.example.net/pixel.gif before consent',
    );
    expect(problemsAt('/chi-siamo/')).toContain('head has 2 h1 headings; a page has exactly one');
  });
});
