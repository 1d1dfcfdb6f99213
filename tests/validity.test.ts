/**
 * The built site is valid HTML (the Nu Html Checker, on Java) and has no broken
 * internal link (linkinator crawling the preview server from every home page).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LinkChecker } from 'linkinator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreviewServer, type PreviewServer } from '../generator/preview/server.ts';
import { makeTempDir } from './helpers/site.ts';
import { sharedDist } from './helpers/sharedBuild.ts';

const vnuJar = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');
const hasJava = existsSync('/usr/bin/java') || Boolean(process.env.JAVA_HOME);
if (!hasJava && process.env.CI) throw new Error('Java is required under CI for the HTML validity check.');

let workDir: string;
let outDir: string;
let server: PreviewServer;

beforeAll(async () => {
  workDir = await makeTempDir('validity');
  outDir = sharedDist();
  server = await startPreviewServer({ dir: outDir, port: 0 });
});

afterAll(async () => {
  await server?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe.skipIf(!hasJava)('HTML validity', () => {
  it('has no error or warning from the Nu Html Checker on any page', async () => {
    const output = await new Promise<string>((resolve) => {
      execFile('java', ['-jar', vnuJar, '--format', 'json', '--skip-non-html', outDir], { maxBuffer: 64 * 1024 * 1024 }, (_error, _stdout, stderr) => resolve(stderr));
    });
    const messages = (JSON.parse(output).messages as { type: string; subType?: string; url: string; message: string }[])
      .filter((message) => message.type === 'error' || message.subType === 'warning')
      .map((message) => `${path.relative(outDir, new URL(message.url).pathname)}: ${message.message}`);
    expect(messages).toEqual([]);
  }, 120_000);
});

describe('links', () => {
  it('has no broken internal link from any home page', async () => {
    const checker = new LinkChecker();
    const broken: string[] = [];
    for (const home of ['/', '/en/', '/de/', '/fr/']) {
      const result = await checker.check({
        path: `${server.url}${home}`,
        recurse: true,
        concurrency: 8,
        linksToSkip: [`^(?!${server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`],
      });
      for (const link of result.links) if (link.state === 'BROKEN') broken.push(`${link.parent} → ${link.url} (${link.status})`);
      expect(result.links.filter((link) => link.state === 'OK').length).toBeGreaterThan(40);
    }
    expect(broken).toEqual([]);
  }, 120_000);
});
