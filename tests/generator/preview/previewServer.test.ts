/**
 * `site preview` answers as the host rules say, checked over HTTP against the
 * same table as real nginx and Apache (tests/helpers/hosts.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostConfigFiles } from '../../../generator/hosting/index.ts';
import { startPreviewServer } from '../../../generator/preview/previewServer.ts';
import {
  checkAnswer,
  checkHidden,
  disguisedHostFiles,
  get,
  hostExpectations,
  securityHeadersOf,
  send,
} from '../../helpers/hosts.ts';
import { makeTempDir, projectRoot, runSite } from '../../helpers/site.ts';
import { sharedDist } from '../../helpers/sharedBuild.ts';

let workDir: string;
let outDir: string;
let preview: RunningPreview;
let base: string;

interface RunningPreview {
  url: string;
  child: ChildProcess;
}

/** `site preview` as an editor runs it, in its own process: a crash ends it, and shows. */
async function startCli(dir: string): Promise<RunningPreview> {
  const child = spawn(
    process.execPath,
    [path.join(projectRoot, 'bin/site.js'), 'preview', '--dir', dir, '--port', '0', '--host', '127.0.0.1'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /at (http:\/\/[\d.:]+)\//.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`preview exited with ${code}`)));
  });
  return { url, child };
}

/** Bytes sent as they are, for a request no HTTP client would send; the whole answer as text. */
function rawRequest(baseUrl: string, text: string): Promise<string> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

beforeAll(async () => {
  workDir = await makeTempDir('preview');
  outDir = sharedDist();
  // A sibling whose name starts like the served folder's: a prefix check without a separator would let it through.
  await mkdir(path.join(path.dirname(outDir), 'dist-old'), { recursive: true });
  await writeFile(path.join(path.dirname(outDir), 'dist-old', 'secret.txt'), 'secret');
  preview = await startCli(outDir);
  base = preview.url;
});

afterAll(async () => {
  preview?.child.kill();
  await rm(workDir, { recursive: true, force: true });
});

describe('site preview', () => {
  it('answers every request of the host table as nginx and Apache do', async () => {
    const asset = `/assets/${(await readdir(path.join(outDir, 'assets'))).find((file) => file.endsWith('.css'))}`;
    const securityHeaders = securityHeadersOf(await readFile(path.join(outDir, '_headers'), 'utf8'));
    for (const expectation of hostExpectations(asset)) {
      checkAnswer(
        await get(base, expectation.path, expectation.host),
        expectation,
        securityHeaders,
        `${base}${expectation.path}`,
      );
    }
    for (const disguised of disguisedHostFiles) checkHidden(await get(base, disguised), disguised);
  });

  it('serves every image type with its Content-Type, and the build’s photos with a year of caching', async () => {
    const types: Record<string, string> = {
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      png: 'image/png',
      webp: 'image/webp',
      avif: 'image/avif',
      svg: 'image/svg+xml',
    };
    const bare = path.join(workDir, 'image-types');
    await mkdir(bare, { recursive: true });
    for (const extension of Object.keys(types)) await writeFile(path.join(bare, `picture.${extension}`), 'x');
    const server = await startPreviewServer({ dir: bare, port: 0 });
    try {
      for (const [extension, type] of Object.entries(types))
        expect((await get(server.url, `/picture.${extension}`)).headers['content-type'], extension).toBe(
          type,
        );
    } finally {
      await server.close();
    }
    const photos = await readdir(path.join(outDir, 'assets/images'));
    for (const extension of ['avif', 'webp', 'jpg']) {
      const photo = photos.find((file) => file.endsWith(`.${extension}`))!;
      const answer = await get(base, `/assets/images/${photo}`);
      expect(answer.status, photo).toBe(200);
      expect(answer.headers['content-type'], photo).toBe(types[extension]);
      expect(answer.headers['cache-control'], photo).toBe('public, max-age=31536000, immutable');
    }
  });

  it('never serves a file outside the folder, however the path is encoded', async () => {
    // The raw request path reaches the guard as sent: no URL parser resolves these dot segments first.
    for (const attempt of [
      '/../dist-old/secret.txt',
      '/%2e%2e/dist-old/secret.txt',
      '/..%2fdist-old%2fsecret.txt',
      '/assets/..%2f..%2fdist-old%2fsecret.txt',
      '/en/%2E%2E/..//dist-old/secret.txt',
    ]) {
      const answer = await get(base, attempt);
      expect(answer.status, attempt).toBe(400);
      expect(answer.body, attempt).not.toContain('secret');
    }
    expect((await get(base, '/%E0%A4%A')).status).toBe(400);
    expect((await get(base, '/index.html%00')).status).toBe(400);
  });

  it('reads the request path as a path: a doubled slash is not a host', async () => {
    const home = await get(base, '//');
    expect(home.status).toBe(200);
    expect(home.body).toContain('data-page="home"');
    expect((await get(base, '//en//about/')).body).toContain('data-page="about"');
    expect(await get(base, '//en/about?x=1')).toMatchObject({
      status: 301,
      headers: { location: '/en/about/?x=1' },
    });
  });

  it('never serves the host configuration, even from a folder without rules, however the path is written', async () => {
    const bare = path.join(workDir, 'bare');
    await mkdir(bare);
    await writeFile(path.join(bare, '404.html'), '<html lang="it"><body data-page="notFound"></body></html>');
    for (const file of hostConfigFiles) await writeFile(path.join(bare, file), 'host rules');
    const server = await startPreviewServer({ dir: bare, port: 0 });
    try {
      for (const requestPath of [
        ...hostConfigFiles.flatMap((file) => [`/${file}`, `//${file}`, `/${file.toUpperCase()}`]),
        ...disguisedHostFiles,
      ]) {
        const answer = await get(server.url, requestPath);
        expect(answer.status, requestPath).toBe(404);
        expect(answer.body, requestPath).toContain('data-page="notFound"');
      }
    } finally {
      await server.close();
    }
  });

  it('tries the handlers another command adds before the site’s own, which answer everything else', async () => {
    const server = await startPreviewServer({
      dir: outDir,
      port: 0,
      handlers: [
        (context) => {
          if (context.urlPath !== '/__ping') return false;
          context.response.writeHead(200, { ...context.headers, 'Content-Type': 'text/plain' }).end('pong');
          return true;
        },
      ],
    });
    try {
      const ping = await get(server.url, '/__ping');
      expect([ping.status, ping.body]).toEqual([200, 'pong']);
      expect(ping.headers['x-frame-options']).toBe('DENY');
      const home = await get(server.url, '/');
      expect(home.status).toBe(200);
      expect(home.body).toContain('data-page="home"');
    } finally {
      await server.close();
    }
  });

  it('answers a missing not-found page or rule target with a plain 404, and keeps serving', async () => {
    const lone = path.join(workDir, 'lone');
    await mkdir(lone);
    await writeFile(path.join(lone, 'index.html'), '<html lang="it"><body data-page="home"></body></html>');
    await writeFile(path.join(lone, '_redirects'), '/gone /missing/ 200\n/forced /missing.html 200!\n');
    const lonePreview = await startCli(lone);
    try {
      for (const requestPath of ['/nope', '/nginx.conf', '/gone', '/forced']) {
        const answer = await get(lonePreview.url, requestPath);
        expect(answer.status, requestPath).toBe(404);
        expect(answer.headers['content-type'], requestPath).toBe('text/plain; charset=utf-8');
      }
      expect((await get(lonePreview.url, '/')).status).toBe(200);
      expect(lonePreview.child.exitCode).toBeNull();
    } finally {
      lonePreview.child.kill();
    }
  });

  it('reports an address it cannot listen on as a preview error with a hint, not as a bug', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      // 192.0.2.1 is reserved for documentation: never an address of this machine.
      for (const [host, where, hint] of [
        ['127.0.0.1', `127.0.0.1:${port}`, '--port'],
        ['192.0.2.1', `192.0.2.1:${port}`, '--host'],
      ]) {
        const result = await runSite(['preview', '--dir', outDir, '--port', String(port), '--host', host]);
        expect(result.code, result.stderr).toBe(1);
        expect(result.stderr).toMatch(/^Preview failed\.\n/);
        expect(result.stderr).toContain(`Cannot listen on ${where}`);
        expect(result.stderr).toContain('[PREVIEW_FAILED]');
        expect(result.stderr).toMatch(new RegExp(`hint: .*${hint}`));
        expect(result.stderr).not.toMatch(/Internal error|\n\s+at /);
      }
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('serves only files whose real path is inside the folder: a symlink out of it is not found', async () => {
    const outside = path.join(workDir, 'outside');
    await mkdir(outside, { recursive: true });
    await writeFile(path.join(outside, 'SECRET.txt'), 'the secret');
    await writeFile(path.join(outside, 'index.html'), '<p>the secret page</p>');
    const linked = path.join(workDir, 'linked');
    await mkdir(linked);
    await writeFile(path.join(linked, 'index.html'), '<html lang="it"><body data-page="home"></body></html>');
    await writeFile(
      path.join(linked, '404.html'),
      '<html lang="it"><body data-page="notFound"></body></html>',
    );
    await symlink(outside, path.join(linked, 'escape-link'));
    await symlink(path.join(outside, 'SECRET.txt'), path.join(linked, 'leak.txt'));
    await symlink(path.join(linked, 'index.html'), path.join(linked, 'alias.html'));
    await writeFile(
      path.join(linked, '_redirects'),
      '/rule /escape-link/SECRET.txt 200\n/forced /leak.txt 200!\n',
    );
    const server = await startPreviewServer({ dir: linked, port: 0 });
    try {
      for (const requestPath of [
        '/escape-link/SECRET.txt',
        '/escape-link/',
        '/escape-link',
        '/leak.txt',
        '/rule',
        '/forced',
      ]) {
        const answer = await get(server.url, requestPath);
        expect(answer.status, requestPath).toBe(404);
        expect(answer.body, requestPath).not.toContain('secret');
      }
      // A link that stays inside the folder is an ordinary file.
      const alias = await get(server.url, '/alias.html');
      expect(alias.status).toBe(200);
      expect(alias.body).toContain('data-page="home"');
    } finally {
      await server.close();
    }
  });

  it('serves a build swapped in while it runs, with that build’s forwards, without a restart', async () => {
    const served = path.join(workDir, 'swapped');
    const page = (name: string) => `<html lang="it"><body data-page="${name}"></body></html>`;
    const fill = async (folder: string, pagePath: string, redirects: string) => {
      await mkdir(path.join(folder, pagePath), { recursive: true });
      await writeFile(path.join(folder, pagePath, 'index.html'), page(pagePath));
      await writeFile(path.join(folder, '_redirects'), redirects);
    };
    await fill(served, 'before', '');
    const server = await startPreviewServer({ dir: served, port: 0 });
    try {
      expect((await get(server.url, '/before/')).status).toBe(200);
      // As `site build` swaps its output in: the old folder aside, a new one in its place.
      const next = `${served}.tmp`;
      await fill(next, 'after', '/before /after/ 301\n');
      await rename(served, `${served}.old`);
      await rename(next, served);
      const moved = await get(server.url, '/before/');
      expect([moved.status, moved.headers.location]).toEqual([301, '/after/']);
      const now = await get(server.url, '/after/');
      expect([now.status, now.body]).toEqual([200, page('after')]);
      // Rules rewritten in place (as `site dev` writes them) are read again too.
      await writeFile(path.join(served, '_redirects'), '/before /elsewhere/ 302\n');
      const again = await get(server.url, '/before');
      expect([again.status, again.headers.location]).toEqual([302, '/elsewhere/']);
    } finally {
      await server.close();
    }
  });

  it('answers 405 with Allow to any method but GET and HEAD, with the security headers', async () => {
    const security = securityHeadersOf(await readFile(path.join(outDir, '_headers'), 'utf8'));
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND']) {
      for (const requestPath of ['/', '/en/about/', '/nope', '/nginx.conf']) {
        const answer = await send(base, method, requestPath);
        expect(answer.status, `${method} ${requestPath}`).toBe(405);
        expect(answer.headers.allow, `${method} ${requestPath}`).toBe('GET, HEAD');
        for (const [name, value] of security)
          expect(answer.headers[name.toLowerCase()], `${method} ${requestPath} ${name}`).toBe(value);
      }
    }
    const head = await send(base, 'HEAD', '/en/about/');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('sends the security headers on its own error answers: a bad path, a request it cannot parse, a plain 404', async () => {
    const security = securityHeadersOf(await readFile(path.join(outDir, '_headers'), 'utf8'));
    const badPath = await get(base, '/%E0%A4%A');
    expect(badPath.status).toBe(400);
    const raw = await rawRequest(base, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nNot a header line\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    for (const [name, value] of security) {
      expect(badPath.headers[name.toLowerCase()], `bad path ${name}`).toBe(value);
      expect(raw, `unparsable request ${name}`).toContain(`\r\n${name}: ${value}\r\n`);
    }
    expect(preview.child.exitCode).toBeNull();
  });
});
