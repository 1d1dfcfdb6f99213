/**
 * A changed slug keeps its old links working: listed under `former:` in
 * slugs.yaml, the old path answers 301 to the new one on the preview, real nginx
 * and real Apache, and is a forwarding page for hosts without rules.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/build/pipeline.ts';
import { startPreviewServer } from '../../generator/preview/previewServer.ts';
import { createDirectoryWriter } from '../../generator/build/writer.ts';
import {
  get,
  hasApache,
  hasNginx,
  requireRealHosts,
  startApache,
  startNginx,
  type RunningHost,
} from '../helpers/hosts.ts';
import { copyRealContent, makeTempDir } from '../helpers/site.ts';

requireRealHosts();

let workDir: string;
let dist: string;
const running: RunningHost[] = [];

beforeAll(async () => {
  workDir = await makeTempDir('former-slugs');
  const contentDir = await copyRealContent(workDir);
  const slugsFile = path.join(contentDir, 'slugs.yaml');
  const slugs = await readFile(slugsFile, 'utf8');
  const changed = slugs.replace(
    'about: { it: chi-siamo, en: about,',
    'about: { it: chi-siamo-ora, en: about-us,',
  );
  expect(changed).not.toBe(slugs);
  await writeFile(slugsFile, `${changed}\nformer:\n  about: { it: [chi-siamo], en: [about] }\n`);
  dist = path.join(workDir, 'dist');
  await build({ contentDir, writer: createDirectoryWriter(dist) });
});

afterAll(async () => {
  for (const host of running) await host.close();
  await rm(workDir, { recursive: true, force: true });
});

const moves = [
  ['/chi-siamo/', '/chi-siamo-ora/'],
  ['/chi-siamo', '/chi-siamo-ora/'],
  ['/en/about/', '/en/about-us/'],
  ['/en/about', '/en/about-us/'],
];

async function checkMoves(base: string) {
  for (const [from, to] of moves) {
    const answer = await get(base, from);
    // Apache writes the Location with this server's origin; the others write the path alone.
    expect([answer.status, String(answer.headers.location).replace(base, '')], `${base}${from}`).toEqual([
      301,
      to,
    ]);
  }
  const page = await get(base, '/chi-siamo-ora/');
  expect(page.status).toBe(200);
  expect(page.body).toContain('data-page="about"');
}

describe('a changed slug with its former slug listed', () => {
  it('writes a forwarding page at the old path for hosts without rules, kept out of the sitemap', async () => {
    const forward = await readFile(path.join(dist, 'chi-siamo/index.html'), 'utf8');
    expect(forward).toContain('<meta http-equiv="refresh" content="0; url=/chi-siamo-ora/"/>');
    expect(forward).toContain('<link rel="canonical" href="https://www.example.com/chi-siamo-ora/"/>');
    expect(forward).toContain('<meta name="robots" content="noindex"/>');
    const sitemap = await readFile(path.join(dist, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://www.example.com/chi-siamo-ora/</loc>');
    expect(sitemap).not.toContain('<loc>https://www.example.com/chi-siamo/</loc>');
  });

  it('answers 301 from the old path on the preview', async () => {
    const server = await startPreviewServer({ dir: dist, port: 0 });
    try {
      await checkMoves(server.url);
    } finally {
      await server.close();
    }
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
