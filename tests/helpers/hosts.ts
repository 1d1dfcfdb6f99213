/**
 * The one table of HTTP answers every host must give for a built dist/: the
 * preview, real nginx and real Apache (tests/site/hosts.test.ts) and an evaluator of
 * vercel.json (tests/generator/hosting/vercel.test.ts) are all checked against it, so they cannot
 * drift apart. Also: starting real nginx and Apache on 127.0.0.1 with the
 * generated rules. Without them the host tests are skipped with a notice
 * locally and fail under CI=true.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { hostConfigFiles } from '../../generator/hosting/index.ts';
import { parseHeaders } from '../../generator/preview/hostFileRules.ts';
import type { PageId } from '../../generator/model/routeTable.ts';
import type { Language } from '../../generator/model/languages.ts';
import { legalDocumentElementIds } from '../../generator/model/constants.ts';
import { realLoadedContent, realRouteTable, realSlugs } from './routeTable.ts';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface HostExpectation {
  /** The request path, sent exactly as written. */
  path: string;
  /** The Host header; the server's own name when absent. */
  host?: string;
  status: number;
  /** A redirect's target as path and hash, however absolute the host writes it. */
  location?: string;
  /** Which page answers: its `<html lang>`, its `data-page`, and for legal pages the section open on load (null: none). */
  page?: { lang: Language; page: PageId; open?: string | null };
  /** Which Cache-Control policy applies. */
  cache?: 'html' | 'assets';
}

export const caching = {
  html: 'public, max-age=0, must-revalidate',
  assets: 'public, max-age=31536000, immutable',
};

const notFound = (lang: Language) => ({ lang, page: 'notFound' as const });

/**
 * The paths of the real content the table asks for, from the route table and the settings:
 * the table names pages, never today's slugs.
 */
function realPaths() {
  const table = realRouteTable;
  const first = table.languages.default;
  const privacyForward = table.routes.find((route) => route.page === 'privacyRedirect')!;
  return {
    first,
    privacyForward: { path: privacyForward.path, to: privacyForward.redirectTo! },
    legal: (language: Language) => table.pathOf('legal', language),
    section: (section: 'tariffs' | 'privacy', language: Language) =>
      table.legalSectionPath(section, language),
    legalAlias: `/${realSlugs.defaultLanguageOnly.legalAlias}/`,
    englishAbout: table.pathOf('about', 'en'),
    cockpitHost: realLoadedContent.site.cockpitHost,
  };
}

const withoutSlash = (path: string) => path.replace(/\/$/, '');

/** @param asset a content-hashed file of the build, e.g. `/assets/site.abc.css` */
export function hostExpectations(asset: string): HostExpectation[] {
  const real = realPaths();
  const open = legalDocumentElementIds;
  return [
    { path: withoutSlash(real.privacyForward.path), status: 301, location: real.privacyForward.to },
    { path: real.privacyForward.path, status: 301, location: real.privacyForward.to },
    {
      path: `${real.legal(real.first)}anything`,
      status: 200,
      page: { lang: real.first, page: 'legal', open: null },
      cache: 'html',
    },
    {
      path: `${real.legal(real.first)}anything/`,
      status: 200,
      page: { lang: real.first, page: 'legal', open: null },
      cache: 'html',
    },
    {
      path: `${real.legal('en')}anything`,
      status: 200,
      page: { lang: 'en', page: 'legal', open: null },
      cache: 'html',
    },
    {
      path: `${real.legal('fr')}inconnu/`,
      status: 200,
      page: { lang: 'fr', page: 'legal', open: null },
      cache: 'html',
    },
    {
      path: withoutSlash(real.section('privacy', real.first)),
      status: 301,
      location: real.section('privacy', real.first),
    },
    {
      path: real.section('privacy', real.first),
      status: 200,
      page: { lang: real.first, page: 'legal', open: open.privacy },
      cache: 'html',
    },
    {
      path: real.section('tariffs', 'de'),
      status: 200,
      page: { lang: 'de', page: 'legal', open: open.tariffs },
      cache: 'html',
    },
    { path: `${real.legal(real.first)}x/y`, status: 404, page: notFound(real.first), cache: 'html' },
    { path: `${real.legal('en')}x/y`, status: 404, page: notFound('en'), cache: 'html' },
    {
      path: '/',
      host: real.cockpitHost,
      status: 200,
      page: { lang: real.first, page: 'cockpit' },
      cache: 'html',
    },
    // The host's name in any case, with a port.
    {
      path: '/',
      host: `${real.cockpitHost.toUpperCase()}:8443`,
      status: 200,
      page: { lang: real.first, page: 'cockpit' },
      cache: 'html',
    },
    // A fully qualified name's trailing dot names the same host.
    {
      path: '/',
      host: `${real.cockpitHost}.`,
      status: 200,
      page: { lang: real.first, page: 'cockpit' },
      cache: 'html',
    },
    {
      path: '/',
      host: `${real.cockpitHost}.:8443`,
      status: 200,
      page: { lang: real.first, page: 'cockpit' },
      cache: 'html',
    },
    { path: '/', status: 200, page: { lang: real.first, page: 'home' }, cache: 'html' },
    {
      path: '/en/',
      host: real.cockpitHost,
      status: 200,
      page: { lang: 'en', page: 'home' },
      cache: 'html',
    },
    { path: '/en/nope', status: 404, page: notFound('en'), cache: 'html' },
    { path: '/de/gibt-es-nicht/', status: 404, page: notFound('de'), cache: 'html' },
    { path: '/fr/a/b/c', status: 404, page: notFound('fr'), cache: 'html' },
    { path: '/x', status: 404, page: notFound(real.first), cache: 'html' },
    { path: withoutSlash(real.englishAbout), status: 301, location: real.englishAbout },
    { path: '/en', status: 301, location: '/en/' },
    { path: withoutSlash(real.legalAlias), status: 301, location: real.legalAlias },
    { path: real.englishAbout, status: 200, page: { lang: 'en', page: 'about' }, cache: 'html' },
    {
      path: real.legalAlias,
      status: 200,
      page: { lang: real.first, page: 'legal', open: null },
      cache: 'html',
    },
    { path: asset, status: 200, cache: 'assets' },
    // A missing asset is a page like any 404: its answer must not be kept for a year.
    { path: '/assets/missing.0123456789.css', status: 404, page: notFound('it'), cache: 'html' },
    ...hostConfigFiles.map((file) => ({
      path: `/${file}`,
      status: 404,
      page: notFound('it'),
      cache: 'html' as const,
    })),
    // A doubled slash is a path, not a host: nginx and Apache merge the slashes.
    ...hostConfigFiles.map((file) => ({
      path: `//${file}`,
      status: 404,
      page: notFound('it'),
      cache: 'html' as const,
    })),
  ];
}

/**
 * The host configuration files asked for in disguise. nginx decodes before it
 * resolves, so `/a%2F..%2Fnginx.conf` is `/nginx.conf` to it and gets the
 * not-found page, as in the preview; Apache refuses every encoded slash with its
 * own bare 404 (before it reads .htaccess, so without the site's headers). Every
 * host answers 404 and never the file.
 */
export const disguisedHostFiles = hostConfigFiles.flatMap((file) => [
  `/a%2F..%2F${file}`,
  `/x%2f..%2f${file}`,
  `/%2F${file}`,
  `/en/%2e%2e/${file}`,
]);

/** Every host file starts with this note. */
const hostFileNote = 'Generated by `site build`';

/** A host configuration file asked for in disguise is not found, and none of its text is in the answer. */
export function checkHidden(answer: Answer, requestPath: string) {
  expect(answer.status, requestPath).toBe(404);
  expect(answer.body, requestPath).not.toContain(hostFileNote);
}

const describeRequest = (expectation: HostExpectation) =>
  `${expectation.host ? `[${expectation.host}] ` : ''}${expectation.path}`;

const header = (answer: Answer, name: string) => {
  const value = answer.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** The legal sections open on load. */
const openSections = (body: string) =>
  [...body.matchAll(/<details\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => /\sopen(=|\s|>)/.test(tag))
    .map((tag) => /data-legal-document="([^"]+)"/.exec(tag)?.[1]);

/**
 * Checks one answer against its expectation, and that it carries exactly the
 * security headers of `_headers` (every host writes them from the same model).
 * @param requestUrl where the request went, to read a relative or absolute Location
 */
export function checkAnswer(
  answer: Answer,
  expectation: HostExpectation,
  securityHeaders: [string, string][],
  requestUrl: string,
) {
  const what = describeRequest(expectation);
  expect(answer.status, what).toBe(expectation.status);
  if (expectation.location !== undefined) {
    const location = new URL(header(answer, 'location') ?? '', requestUrl);
    expect(location.origin, `${what}: Location stays on the site`).toBe(new URL(requestUrl).origin);
    expect(`${location.pathname}${location.search}${location.hash}`, `${what}: Location`).toBe(
      expectation.location,
    );
  }
  if (expectation.page) {
    expect(/<html lang="([^"]+)"/.exec(answer.body)?.[1], `${what}: language`).toBe(expectation.page.lang);
    expect(/<body[^>]* data-page="([^"]+)"/.exec(answer.body)?.[1], `${what}: page`).toBe(
      expectation.page.page,
    );
    if (expectation.page.open !== undefined)
      expect(openSections(answer.body), `${what}: open section`).toEqual(
        expectation.page.open === null ? [] : [expectation.page.open],
      );
  }
  if (expectation.cache)
    expect(header(answer, 'cache-control'), `${what}: Cache-Control`).toBe(caching[expectation.cache]);
  for (const [name, value] of securityHeaders) expect(header(answer, name), `${what}: ${name}`).toBe(value);
}

/** The security headers as `_headers` writes them for every path. */
export function securityHeadersOf(headersFile: string): [string, string][] {
  return parseHeaders(headersFile).find((rule) => rule.pattern === '/' && rule.splat)!.headers;
}

/** A GET with the path sent exactly as given (no normalisation) and an optional Host header. */
export const get = (base: string, pathname: string, host?: string): Promise<Answer> =>
  send(base, 'GET', pathname, host);

/** A request with any method, the path sent exactly as given; the body as text (empty for HEAD). */
export function send(base: string, method: string, pathname: string, host?: string): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname: url.hostname, port: url.port, path: pathname, method, headers: host ? { Host: host } : {} },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const apachePath = process.env.APACHE_PATH ?? '/usr/sbin/apache2';
export const apacheModules = process.env.APACHE_MODULES ?? '/usr/lib/apache2/modules';
export const hasNginx = existsSync(nginxPath);
export const hasApache = existsSync(apachePath) && existsSync(path.join(apacheModules, 'mod_rewrite.so'));

/** For the real-host tests: without nginx or Apache, a notice locally and a failure under CI. */
export function requireRealHosts() {
  if (hasNginx && hasApache) return;
  const missing = [!hasNginx && `nginx (${nginxPath})`, !hasApache && `apache2 (${apachePath})`]
    .filter(Boolean)
    .join(' and ');
  if (process.env.CI)
    throw new Error(`Real-host tests need ${missing} under CI; .ci/run installs them with apt-get.`);
  console.warn(
    `\n  NOTICE: real-host tests skipped for ${missing}: not installed (apt-get install -y nginx apache2).\n`,
  );
}

export interface RunningHost {
  url: string;
  /** The output of the host's own configuration check (`nginx -t`, `apache2 -t`). */
  configCheck: { ok: boolean; output: string };
  close(): Promise<void>;
}

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${log()}`);
    try {
      await get(url, '/robots.txt');
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`server did not answer on ${url}: ${log()}`);
}

function stopper(child: ChildProcess, signal: NodeJS.Signals): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill(signal);
    });
}

const isRoot = () => os.userInfo().uid === 0;

function collect(child: ChildProcess): () => string {
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return () => output;
}

/**
 * Real nginx, in the foreground: the generated include inside a minimal server
 * block on 127.0.0.1, with pid, logs and temp files in `workDir`. As root its
 * workers stay root, so they can read the private temp folders.
 */
export async function startNginx(dist: string, workDir: string): Promise<RunningHost> {
  const prefix = path.join(workDir, 'nginx');
  await mkdir(prefix, { recursive: true });
  const port = await freePort();
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  const config = [
    'daemon off;',
    'worker_processes 1;',
    ...(isRoot() ? ['user root;'] : []),
    `pid ${path.join(prefix, 'nginx.pid')};`,
    `error_log ${path.join(prefix, 'error.log')} warn;`,
    'events { worker_connections 64; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
    '  server {',
    `    listen 127.0.0.1:${port};`,
    '    server_name localhost;',
    `    root ${dist};`,
    `    include ${path.join(dist, 'nginx.conf')};`,
    '  }',
    '}',
  ].join('\n');
  const configFile = path.join(prefix, 'nginx.conf');
  await writeFile(configFile, config);
  const args = ['-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', configFile];
  const check = spawnSync(nginxPath, ['-t', ...args], { encoding: 'utf8' });
  const configCheck = { ok: check.status === 0, output: `${check.stdout}${check.stderr}` };
  if (!configCheck.ok) return { url: '', configCheck, close: async () => {} };
  const child = spawn(nginxPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = `http://127.0.0.1:${port}`;
  const close = stopper(child, 'SIGQUIT');
  try {
    await waitForPort(url, child, collect(child));
  } catch (error) {
    await close();
    throw error;
  }
  return { url, configCheck, close };
}

/**
 * Makes dist/ and the folders down to it from `workDir` (temp folders are private) readable to
 * other users. A dist/ elsewhere (the run's shared build) is opened from its own parent folder.
 */
async function openToWorkers(dist: string, workDir: string) {
  if (path.relative(workDir, dist).startsWith('..')) {
    await chmod(workDir, 0o755);
    workDir = path.dirname(dist);
  }
  const relative = path.relative(workDir, dist);
  let folder = workDir;
  await chmod(folder, 0o755);
  for (const part of relative.split(path.sep).filter(Boolean)) {
    folder = path.join(folder, part);
    await chmod(folder, 0o755);
  }
}

/**
 * Real Apache, in the foreground: a ServerRoot and config of its own in
 * `workDir`, mod_rewrite and mod_headers, AllowOverride All on dist/. Apache
 * refuses to serve as root, so as root its workers run as www-data and the
 * folders are made readable to them.
 */
export async function startApache(dist: string, workDir: string): Promise<RunningHost> {
  const serverRoot = path.join(workDir, 'apache');
  await mkdir(serverRoot, { recursive: true });
  const port = await freePort();
  const modules = ['mpm_event', 'authz_core', 'dir', 'mime', 'rewrite', 'headers'];
  if (isRoot()) await openToWorkers(dist, workDir);
  const config = [
    `ServerRoot ${serverRoot}`,
    `DefaultRuntimeDir ${serverRoot}`,
    `PidFile ${path.join(serverRoot, 'httpd.pid')}`,
    `ErrorLog ${path.join(serverRoot, 'error.log')}`,
    'LogLevel warn',
    `Listen 127.0.0.1:${port}`,
    'ServerName 127.0.0.1',
    ...modules.map((name) => `LoadModule ${name}_module ${path.join(apacheModules, `mod_${name}.so`)}`),
    ...(isRoot() ? ['User www-data', 'Group www-data'] : []),
    'TypesConfig /etc/mime.types',
    `DocumentRoot ${dist}`,
    '<Directory />',
    '  AllowOverride None',
    '  Require all denied',
    '</Directory>',
    `<Directory ${dist}>`,
    '  AllowOverride All',
    '  Require all granted',
    '</Directory>',
  ].join('\n');
  const configFile = path.join(serverRoot, 'httpd.conf');
  await writeFile(configFile, config);
  const check = spawnSync(apachePath, ['-t', '-f', configFile], { encoding: 'utf8' });
  const configCheck = { ok: check.status === 0, output: `${check.stdout}${check.stderr}` };
  if (!configCheck.ok) return { url: '', configCheck, close: async () => {} };
  const child = spawn(apachePath, ['-f', configFile, '-DFOREGROUND'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = `http://127.0.0.1:${port}`;
  // .htaccess is read per request, so a broken one only shows in the error log.
  const log = collect(child);
  const close = stopper(child, 'SIGTERM');
  try {
    await waitForPort(url, child, log);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, configCheck, close };
}
