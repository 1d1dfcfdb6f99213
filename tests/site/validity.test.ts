/**
 * The built site is valid HTML and has no broken internal link or fragment: the
 * html and links gates of `site check`, run on a build of the real content served
 * by the preview, exactly as an editor's `site check` runs them. This is the one
 * place the tests run these two gates on the real build (the slowest gates: vnu on
 * every page, a crawl of every link); tests/generator/check/runner.test.ts runs the other
 * file gates through the CLI, and CI runs the whole `site check` after the tests.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckContext, loadGate } from '../../generator/check/runner.ts';
import { serveSite, type ServedSite } from '../../generator/check/site.ts';
import { findJava } from '../../generator/check/tools.ts';
import type { CheckContext } from '../../generator/check/types.ts';
import { realRouteTable } from '../helpers/routeTable.ts';
import { makeTempDir, projectRoot } from '../helpers/site.ts';
import { sharedDist } from '../helpers/sharedBuild.ts';

const hasJava = findJava() !== undefined;
if (!hasJava && process.env.CI) throw new Error('Java is required under CI for the HTML validity check.');

let workDir: string;
let server: ServedSite;
let context: CheckContext;

beforeAll(async () => {
  workDir = await makeTempDir('validity');
  // The run's one shared build of the real content.
  const outDir = sharedDist();
  server = await serveSite(outDir);
  context = await createCheckContext(outDir, server.url, path.join(projectRoot, 'content'));
}, 300_000);

afterAll(async () => {
  await server?.close();
  await rm(workDir, { recursive: true, force: true });
});

const failures = (problems: { severity: string; page?: string; message: string }[]) =>
  problems
    .filter((problem) => problem.severity !== 'info')
    .map((problem) => `${problem.page}: ${problem.message}`);

describe.skipIf(!hasJava)('HTML validity (html gate)', () => {
  it('has no error or warning from the Nu Html Checker on any page', async () => {
    const outcome = await (await loadGate('html')).run(context);
    expect(outcome.skipped).toBeUndefined();
    expect(outcome.checked).toBe(context.pages.length + context.forwarded.length);
    expect(failures(outcome.problems)).toEqual([]);
  }, 600_000);
});

describe('links (links gate)', () => {
  it('crawls every page, and no internal link, asset or fragment is broken or redirected', async () => {
    // Every page of the route table is crawled; a forward (the privacy path, a former slug) is
    // answered by the host rules' redirect, not by its forwarding file.
    const forwards = realRouteTable.routes.filter((route) => route.redirectTo !== undefined);
    const served = realRouteTable.routes.filter((route) => route.redirectTo === undefined);
    expect(context.pages.map((page) => page.file)).toEqual(
      expect.arrayContaining(served.map((route) => route.file)),
    );
    expect(context.forwarded.map((page) => page.path).sort()).toEqual(
      forwards.map((route) => route.path).sort(),
    );
    const outcome = await (await loadGate('links')).run(context);
    expect(failures(outcome.problems)).toEqual([]);
    // External URLs are listed, never fetched.
    expect(outcome.problems).toContainEqual(
      expect.objectContaining({
        severity: 'info',
        message: expect.stringMatching(/^external link, not fetched: https:\/\/files\.example\.net\//),
      }),
    );
    expect(outcome.summary).toMatch(
      /^\d{2,} internal URLs from \d+ pages, \d{3,} fragment links, 4 external URLs$/,
    );
  }, 600_000);
});
