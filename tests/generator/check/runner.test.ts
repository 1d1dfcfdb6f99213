/**
 * `site check` through the CLI: on the planted-fault fixture it names every fault
 * and exits 1; on the run's build of the real content its file gates pass (the
 * html and links gates on the same build in tests/site/validity.test.ts, the a11y
 * gate on one page of each type in tests/browser/accessibility.test.ts, and every gate on every page
 * in CI); a missing tool skips its gate, and --strict fails it.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatReport } from '../../../generator/check/report.ts';
import type { CheckReport, GateName } from '../../../generator/check/types.ts';
import { findJava, hasChromium } from '../../../generator/check/tools.ts';
import { sharedDist } from '../../helpers/sharedBuild.ts';
import { projectRoot, runSite } from '../../helpers/site.ts';

const fixture = path.join(projectRoot, 'tests/fixtures/check-faults');
const fixtureDist = path.join(fixture, 'dist');

// The fixture's record holds the Italian subtitle its translations were made for; the Italian changed since.
const contentDir = path.join(fixture, 'content');

const problemsOf = (report: CheckReport, gate: GateName) =>
  report.gates.find((result) => result.gate === gate)?.problems ?? [];
const hasJava = findJava() !== undefined;

describe('site check on the planted-fault fixture', () => {
  let result: { code: number; stdout: string; stderr: string };
  let report: CheckReport;
  beforeAll(async () => {
    result = await runSite([
      'check',
      '--dir',
      fixtureDist,
      '--content',
      contentDir,
      '--json',
      '--no-screenshots',
    ]);
    report = JSON.parse(result.stdout) as CheckReport;
  }, 600_000);

  it('exits 1 and fails every gate', () => {
    expect(result.code, result.stderr).toBe(1);
    expect(report.passed).toBe(false);
    const expected: GateName[] = [
      // The fixture's content is only what the other gates read, so it does not load.
      'content',
      'links',
      'i18n',
      'head',
      'budgets',
      ...(hasJava ? ['html' as const] : []),
      ...(hasChromium() ? ['a11y' as const, 'privacy' as const, 'layout' as const] : []),
    ];
    for (const gate of expected)
      expect(report.gates.find((candidate) => candidate.gate === gate)?.status, gate).toBe('failed');
  });

  it('names the broken link and the broken fragment', () => {
    const messages = problemsOf(report, 'links')
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.page} ${problem.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/ broken link \/gone\/: answers 404/),
        expect.stringMatching(/^\/ broken link \/en\/#no-such-section: fragment not found/),
      ]),
    );
    expect(messages).toHaveLength(2);
  });

  it('lists the external URL without failing on it', () => {
    expect(problemsOf(report, 'links')).toContainEqual({
      severity: 'info',
      page: '/contatti/',
      message: 'external link, not fetched: https://tracker.example.net/pixel.gif',
    });
  });

  it.skipIf(!hasJava)('names the invalid HTML on its page only', () => {
    const problems = problemsOf(report, 'html').filter((problem) => problem.severity === 'error');
    expect(problems.length).toBeGreaterThan(0);
    expect(new Set(problems.map((problem) => problem.page))).toEqual(new Set(['/de/']));
    expect(problems.map((problem) => problem.message).join('\n')).toMatch(/span/);
  });

  it('names the missing key and the outdated translation with the old and new Italian', () => {
    const messages = problemsOf(report, 'i18n').map(
      (problem) => `${problem.severity} ${problem.page} ${problem.message}`,
    );
    expect(messages).toContainEqual(
      expect.stringMatching(/^error .*texts\/de\/home\.yaml missing translation: home\.hero\.cta /),
    );
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^warning .*texts\/de\/home\.yaml outdated translation: home\.hero\.subtitle: Italiano \(it\) changed since the Deutsch \(de\) translation was made or confirmed, from "Pensata per le aziende svizzere\." to "Pensata per le aziende svizzere, grandi e piccole\."/,
      ),
    );
    // Only the changed text is outdated, and only the missing key is missing.
    expect(messages.filter((message) => message.includes('outdated'))).toHaveLength(3);
    expect(messages.filter((message) => message.includes('missing translation'))).toHaveLength(1);
    expect(messages).toContainEqual(
      expect.stringMatching(/^error \/en\/about\/ 51 pages of the route table not built: /),
    );
  });

  it('names the page with two h1 headings', () => {
    expect(problemsOf(report, 'head')).toEqual([
      { severity: 'error', page: '/chi-siamo/', message: 'has 2 h1 headings; a page has exactly one' },
    ]);
  });

  it('names the oversized script', () => {
    expect(problemsOf(report, 'budgets')).toEqual([
      {
        severity: 'error',
        page: '/fr/',
        message: expect.stringMatching(/^SCRIPT is 8\.\d KB gzip, over the [\d.]+ KB budget$/),
      },
    ]);
  });

  it.skipIf(!hasChromium())('names the input without a label at both widths', () => {
    const messages = problemsOf(report, 'a11y').map((problem) => `${problem.page} ${problem.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^\/en\/ label \(critical, desktop\): /),
      expect.stringMatching(/^\/en\/ label \(critical, phone\): /),
    ]);
  });

  it.skipIf(!hasChromium())(
    'names the third-party requests before consent, the one at the bottom of the page too',
    () => {
      expect(problemsOf(report, 'privacy')).toEqual([
        {
          severity: 'error',
          page: '/contatti/',
          message: 'requests https://tracker.example.net/pixel.gif before consent',
        },
        {
          severity: 'error',
          page: '/contatti/',
          message: 'requests https://tracker.example.net/footer.gif before consent',
        },
      ]);
    },
  );

  it.skipIf(!hasChromium())(
    'names each planted layout fault on its page, with its width, element, text and pixels',
    () => {
      const problems = problemsOf(report, 'layout');
      expect(new Set(problems.map((problem) => problem.page))).toEqual(new Set(['/fr/']));
      const messages = problems.map((problem) => problem.message);
      expect(messages).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^320\b.* px: div\.wide-box "Une boîte de 400 pixels de large\.": sticks out of main by 144 px$/,
          ),
          expect.stringMatching(
            /^320\b.* px: html: the page scrolls sideways: \d+ px wider than the screen, from div\.wide-box /,
          ),
          expect.stringMatching(
            /^320\b.* px: button\.cramped "Envoyer la demande complète": label wraps onto \d lines .*outside the control\)$/,
          ),
          expect.stringMatching(
            /^320\b.* px: button\.tiny "‹": pointer target 16 × 16 px, under 24 × 24 px and too close to button\.tiny "›"$/,
          ),
          expect.stringMatching(
            /^320\b.* px: h2\.narrow "Télécommunicationsd'entreprise": text runs \d+ px past its box$/,
          ),
          expect.stringMatching(
            /^320\b.* px: ul\.uneven-cards "UnDeuxTroisQuatre": its cards sit 3 \+ 1 a row: a row of 1 next to a row of 3$/,
          ),
        ]),
      );
      expect(messages).toHaveLength(6);
    },
  );

  it('reports one line per problem with gate and page, totals per gate and a verdict', () => {
    const text = formatReport(report);
    expect(text).toMatch(/^FAIL {2}head {4}\/chi-siamo\/ {2}has 2 h1 headings/m);
    expect(text).toMatch(/^WARN {2}i18n .*outdated translation: home\.hero\.subtitle/m);
    expect(text).toMatch(
      /^NOTE {2}links {3}\/contatti\/ {2}external link, not fetched: https:\/\/tracker\.example\.net\/pixel\.gif$/m,
    );
    expect(text).toMatch(/^ {2}budgets +failed +[\d.]+ s {2}6 pages, .*; 1 error, 0 warnings$/m);
    expect(text.trim().split('\n').at(-1)).toMatch(
      /^Not fit to publish: content, links, .*head, budgets.* failed\.$/,
    );
  });
});

describe('site check on a build of the real content', () => {
  it('passes the file gates and says it is fit to publish', async () => {
    // The run's one strict build of the real content (tests/setup/buildOnce.ts). Its html and
    // links gates, the slow ones, run on the same build in tests/site/validity.test.ts.
    const result = await runSite(['check', '--dir', sharedDist(), '--only', 'content,i18n,head,budgets']);
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).not.toMatch(/^FAIL/m);
    for (const gate of ['content', 'i18n', 'head', 'budgets'])
      expect(result.stdout).toMatch(new RegExp(`^ {2}${gate} +passed `, 'm'));
    expect(result.stdout.trim().split('\n').at(-1)).toBe('Fit to publish.');
  }, 300_000);
});

describe('site check without its tools', () => {
  const withoutTools = { PATH: '/nonexistent', JAVA_HOME: '', CHROMIUM_PATH: '/nonexistent/chromium' };

  it('skips the gates that need Java or Chromium, saying what to install', async () => {
    const result = await runSite(
      ['check', '--dir', fixtureDist, '--content', contentDir, '--only', 'html,a11y,privacy'],
      projectRoot,
      withoutTools,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^ {2}html +skipped .*skipped: install Java/m);
    expect(result.stdout).toMatch(
      /^ {2}a11y +skipped .*skipped: install Chromium at \/nonexistent\/chromium/m,
    );
    expect(result.stdout).toMatch(/did not run/);
  }, 180_000);

  it('fails them under --strict', async () => {
    const result = await runSite(
      ['check', '--dir', fixtureDist, '--content', contentDir, '--only', 'html,privacy', '--strict'],
      projectRoot,
      withoutTools,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^ {2}privacy +failed .*skipped: install Chromium/m);
  }, 180_000);
});

describe('site check usage', () => {
  it('rejects an unknown gate as a usage error', async () => {
    const result = await runSite(['check', '--only', 'links,spelling']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown: spelling/);
  }, 180_000);

  it('says how to get a folder to check', async () => {
    const result = await runSite(['check', '--dir', path.join(fixture, 'nothing-here')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Check failed\.\n.*has no index\.html/);
    expect(result.stderr).toMatch(/site build/);
    expect(result.stderr).not.toMatch(/at .*\.ts:\d+/);
  }, 180_000);
});
