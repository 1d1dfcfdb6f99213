/**
 * `site preview` answers as the host rules say, checked over HTTP against the
 * same table as real nginx and Apache (tests/helpers/hosts.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileInRoot, hostName, startPreviewServer } from '../generator/preview.ts';
import { checkAnswer, get, hostExpectations, securityHeadersOf } from './helpers/hosts.ts';
import { makeTempDir, projectRoot, runSite } from './helpers/site.ts';

let workDir: string;
let outDir: string;
let preview: ChildProcess;
let base: string;

beforeAll(async () => {
  workDir = await makeTempDir('preview');
  outDir = path.join(workDir, 'dist');
  const built = await runSite(['build', '--out', outDir]);
  expect(built.code, built.stderr).toBe(0);
  // A sibling whose name starts like the served folder's: a prefix check without a separator would let it through.
  await mkdir(path.join(workDir, 'dist-old'));
  await writeFile(path.join(workDir, 'dist-old', 'secret.txt'), 'secret');
  preview = spawn(process.execPath, [path.join(projectRoot, 'bin/site.js'), 'preview', '--dir', outDir, '--port', '0', '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  base = await new Promise<string>((resolve, reject) => {
    let output = '';
    preview.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /at (http:\/\/[\d.:]+)\//.exec(output);
      if (match) resolve(match[1]);
    });
    preview.once('exit', (code) => reject(new Error(`preview exited with ${code}`)));
  });
});

afterAll(async () => {
  preview?.kill();
  await rm(workDir, { recursive: true, force: true });
});

describe('site preview', () => {
  it('answers every request of the host table as nginx and Apache do', async () => {
    const asset = `/assets/${(await readdir(path.join(outDir, 'assets'))).find((file) => file.endsWith('.css'))}`;
    const securityHeaders = securityHeadersOf(await readFile(path.join(outDir, '_headers'), 'utf8'));
    for (const expectation of hostExpectations(asset)) {
      checkAnswer(await get(base, expectation.path, expectation.host), expectation, securityHeaders, `${base}${expectation.path}`);
    }
  });

  it('never serves a file outside the folder, however the path is encoded', async () => {
    for (const attempt of ['/..%2fdist-old%2fsecret.txt', '/%2e%2e/dist-old/secret.txt', '/assets/..%2f..%2fdist-old%2fsecret.txt']) {
      const answer = await get(base, attempt);
      expect(answer.status, attempt).toBeGreaterThanOrEqual(400);
      expect(answer.body, attempt).not.toContain('secret');
    }
    expect((await get(base, '/%E0%A4%A')).status).toBe(400);
  });

  it('never serves the host configuration, even from a folder without rules', async () => {
    const bare = path.join(workDir, 'bare');
    await mkdir(bare);
    await writeFile(path.join(bare, '404.html'), '<html lang="it"><body data-page="notFound"></body></html>');
    for (const file of ['nginx.conf', 'vercel.json', '.htaccess', '_redirects', '_headers']) await writeFile(path.join(bare, file), 'host rules');
    const server = await startPreviewServer({ dir: bare, port: 0 });
    try {
      for (const file of ['nginx.conf', 'vercel.json', '.htaccess', '_redirects', '_headers']) {
        const answer = await get(server.url, `/${file}`);
        expect(answer.status, file).toBe(404);
        expect(answer.body, file).not.toContain('host rules');
      }
    } finally {
      await server.close();
    }
  });

  it('keeps paths inside the root only with a separator after it', () => {
    expect(fileInRoot('/srv/dist', '/../dist-old/secret.txt')).toBeUndefined();
    expect(fileInRoot('/srv/dist', '/../../etc/passwd')).toBeUndefined();
    expect(fileInRoot('/srv/dist', '/en/about/')).toBe('/srv/dist/en/about/');
    expect(fileInRoot('/srv/dist', '/')).toBe('/srv/dist/');
  });

  it('reads the Host header in any letter case, with or without a port', () => {
    expect(hostName('Cockpit.Example.com:4173')).toBe('cockpit.example.com');
    expect(hostName('cockpit.example.com')).toBe('cockpit.example.com');
    expect(hostName('[::1]:4173')).toBe('[::1]');
    expect(hostName(undefined)).toBe('');
  });
});
