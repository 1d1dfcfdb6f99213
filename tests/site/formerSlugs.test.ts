/**
 * A renamed page keeps its old address. On a copy of the content, built once: the
 * about page's slug is renamed in two languages (whatever the slugs are, read from
 * slugs.yaml). Without `former:` the next build into the same folder stops at the slug
 * with the line to add and leaves the output as it was; with it, the old paths answer
 * 301 to the new ones on a preview started before the rebuild (no restart), real nginx
 * and real Apache, and are forwarding pages for hosts without rules.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { build } from '../../generator/build/pipeline.ts';
import { createDirectoryWriter } from '../../generator/build/writer.ts';
import { loadContent } from '../../generator/content/load.ts';
import { isSiteError, type SiteError } from '../../generator/errors/siteError.ts';
import { routeTableOf } from '../../generator/model/routeTable.ts';
import { startPreviewServer, type PreviewServer } from '../../generator/preview/previewServer.ts';
import {
  get,
  hasApache,
  hasNginx,
  requireRealHosts,
  startApache,
  startNginx,
  type RunningHost,
} from '../helpers/hosts.ts';
import { warmImageCache } from '../helpers/sharedBuild.ts';
import { copyRealContent, makeTempDir } from '../helpers/site.ts';

requireRealHosts();

let workDir: string;
let contentDir: string;
let cacheDir: string;
let dist: string;
let origin: string;
let preview: PreviewServer;
/** Old path -> new path of the renamed page, in the default language and one other. */
let moves: [string, string][];
let slugsFile: string;
/** slugs.yaml as an editor leaves it: renamed, without and with the former slugs. */
let renamedOnly: string;
let renamedWithFormer: string;
const running: RunningHost[] = [];

const buildOnce = () => build({ contentDir, writer: createDirectoryWriter(dist), cacheDir });

beforeAll(async () => {
  workDir = await makeTempDir('former-slugs');
  contentDir = await copyRealContent(workDir);
  cacheDir = await warmImageCache(path.join(workDir, 'images'));
  dist = path.join(workDir, 'dist');
  const content = await loadContent(contentDir);
  origin = content.site.origin.replace(/\/+$/, '');
  const before = routeTableOf(content);
  const [first, other] = content.languages.codes;

  slugsFile = path.join(contentDir, 'slugs.yaml');
  const doc = parseDocument(await readFile(slugsFile, 'utf8'));
  for (const language of [first, other]) {
    const slug = String(doc.getIn(['about', language]));
    doc.setIn(['about', language], `${slug}-renamed`);
  }
  renamedOnly = doc.toString();
  for (const language of [first, other]) {
    const slug = content.slugs.about[language];
    const listed = (doc.getIn(['former', 'about', language]) as { toJSON(): string[] } | undefined)?.toJSON();
    doc.setIn(['former', 'about', language], doc.createNode([...(listed ?? []), slug], { flow: true }));
  }
  renamedWithFormer = doc.toString();

  await buildOnce();
  preview = await startPreviewServer({ dir: dist, port: 0 });
  await writeFile(slugsFile, renamedWithFormer);
  const after = routeTableOf(await loadContent(contentDir));
  moves = [first, other].map((language) => [
    before.pathOf('about', language),
    after.pathOf('about', language),
  ]);
  await writeFile(slugsFile, renamedOnly);
}, 120_000);

afterAll(async () => {
  await preview?.close();
  for (const host of running) await host.close();
  await rm(workDir, { recursive: true, force: true });
});

async function checkMoves(base: string) {
  for (const [from, to] of moves) {
    for (const asked of [from, from.replace(/\/$/, '')]) {
      const answer = await get(base, asked);
      // Apache writes the Location with this server's origin; the others write the path alone.
      expect([answer.status, String(answer.headers.location).replace(base, '')], `${base}${asked}`).toEqual([
        301,
        to,
      ]);
    }
    const page = await get(base, to);
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-page="about"');
  }
}

describe('a renamed slug', () => {
  /** The lines the refused build said to paste (its hint after "put"). */
  let pasted: string | undefined;

  it('without its former slug stops the next build at the slug, with the line to add; the output stays', async () => {
    const error = await buildOnce().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(isSiteError(error), String(error)).toBe(true);
    expect((error as SiteError).code).toBe('SLUG_FORWARD_MISSING');
    const problems = (error as SiteError).problems;
    expect(problems).toHaveLength(moves.length);
    const lines = renamedOnly.split('\n');
    for (const [from, to] of moves) {
      const problem = problems.find((candidate) => candidate.message.includes(from))!;
      expect(problem, from).toBeDefined();
      // At the line of the new slug in slugs.yaml.
      expect(problem.location?.file).toBe(slugsFile);
      expect(lines[problem.location!.line! - 1]).toContain(to.split('/').at(-2));
      expect(problem.hint).toMatch(/"about: \{ .*\}", indented by two spaces/);
    }
    pasted = (error as SiteError).hint?.split('put\n')[1];
    expect(pasted).toMatch(/^ {2}about: \{|^former:\n {2}about: \{/);
    // Nothing was written: the preview still serves the page at its old address.
    const old = await get(preview.url, moves[0][0]);
    expect([old.status, old.body.includes('data-page="about"')]).toEqual([200, true]);
  });

  it('with the former: lines the error gave builds, and a preview started before the build answers 301 at once', async () => {
    // Pasted at the end of the file when it has no former: yet, as the hint says; otherwise the same entry, written in.
    const hasFormer = parseDocument(renamedOnly).has('former');
    await writeFile(
      slugsFile,
      !hasFormer && pasted?.startsWith('former:')
        ? `${renamedOnly.replace(/\n*$/, '\n')}${pasted}\n`
        : renamedWithFormer,
    );
    await buildOnce();
    await checkMoves(preview.url);
  });

  it('writes a forwarding page at the old path for hosts without rules, kept out of the sitemap', async () => {
    const [from, to] = moves[0];
    const forward = await readFile(path.join(dist, from, 'index.html'), 'utf8');
    expect(forward).toContain(`<meta http-equiv="refresh" content="0; url=${to}"/>`);
    expect(forward).toContain(`<link rel="canonical" href="${origin}${to}"/>`);
    expect(forward).toContain('<meta name="robots" content="noindex"/>');
    const sitemap = await readFile(path.join(dist, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain(`<loc>${origin}${to}</loc>`);
    expect(sitemap).not.toContain(`<loc>${origin}${from}</loc>`);
  });

  it.skipIf(!hasNginx)('answers 301 from the old path on nginx', async () => {
    const host = await startNginx(dist, workDir);
    running.push(host);
    expect(host.configCheck.ok, host.configCheck.output).toBe(true);
    await checkMoves(host.url);
  });

  it.skipIf(!hasApache)('answers 301 from the old path on Apache', async () => {
    const host = await startApache(dist, workDir);
    running.push(host);
    expect(host.configCheck.ok, host.configCheck.output).toBe(true);
    await checkMoves(host.url);
  });
});
