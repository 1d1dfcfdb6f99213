/** `site preview` answers as the host rules say, checked over HTTP. */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, projectRoot, runSite } from './helpers/site.ts';

let workDir: string;
let preview: ChildProcess;
let base: URL;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(pathname: string, host?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ hostname: base.hostname, port: base.port, path: pathname, headers: host ? { Host: host } : {} }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  workDir = await makeTempDir('preview');
  const outDir = path.join(workDir, 'dist');
  const built = await runSite(['build', '--out', outDir]);
  expect(built.code, built.stderr).toBe(0);
  preview = spawn(process.execPath, [path.join(projectRoot, 'bin/site.js'), 'preview', '--dir', outDir, '--port', '0', '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    preview.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /at (http:\/\/[\d.:]+)\//.exec(output);
      if (match) resolve(match[1]);
    });
    preview.once('exit', (code) => reject(new Error(`preview exited with ${code}`)));
  });
  base = new URL(url);
});

afterAll(async () => {
  preview?.kill();
  await rm(workDir, { recursive: true, force: true });
});

const title = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1];

describe('site preview', () => {
  it('answers /privacy with 301 to /condizioni/#privacy-policy', async () => {
    for (const pathname of ['/privacy', '/privacy/']) {
      const answer = await get(pathname);
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe('/condizioni/#privacy-policy');
    }
  });

  it('answers an unknown legal section with 200 and the legal page, none open', async () => {
    const answer = await get('/legal/anything');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('data-page="legal"');
    expect(answer.body).not.toMatch(/<details[^>]* open=""/);
    const english = await get('/en/legal/whatever/');
    expect(english.status).toBe(200);
    expect(english.body).toContain('<html lang="en"');
  });

  it('serves the cockpit page at / on the cockpit host, the home page elsewhere', async () => {
    const cockpit = await get('/', 'cockpit.example.com');
    expect(cockpit.status).toBe(200);
    expect(cockpit.body).toContain('data-page="cockpit"');
    const home = await get('/', 'www.example.com');
    expect(home.body).toContain('data-page="home"');
  });

  it('answers unknown paths with 404 and the page of their language', async () => {
    const english = await get('/en/nope');
    expect(english.status).toBe(404);
    expect(english.body).toContain('<html lang="en"');
    expect(title(english.body)).toMatch(/^Page not found/);
    const german = await get('/de/gibt-es-nicht/');
    expect(german.status).toBe(404);
    expect(german.body).toContain('Seite nicht gefunden');
    const italian = await get('/non-esiste');
    expect(italian.status).toBe(404);
    expect(italian.body).toContain('<html lang="it"');
  });

  it('adds the slash to a folder path with a permanent redirect', async () => {
    const answer = await get('/en/about');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/en/about/');
    expect((await get('/en/about/')).status).toBe(200);
  });

  it('sends every security header, and caching by kind of file', async () => {
    const page = await get('/de/');
    for (const name of ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'x-frame-options']) {
      expect(page.headers[name], name).toBeTruthy();
    }
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const stylesheet = /href="(\/assets\/site\.[0-9a-f]+\.css)"/.exec(page.body)![1];
    const asset = await get(stylesheet);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await get('/en/nope')).headers['content-security-policy']).toBeTruthy();
  });
});
