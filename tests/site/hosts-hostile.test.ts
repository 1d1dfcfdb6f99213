/**
 * Real nginx and real Apache read host files built from hostile values: the
 * configuration passes `nginx -t` / `apache2 -t` and every security header is
 * served exactly as written in `_headers`. Two sources: header values full of
 * quotes, semicolons, braces, hashes and percent signs (escaped by each writer),
 * and settings the schema accepts at its edges (ports, upper case, long labels,
 * paths full of sub-delimiters).
 */
import { readFileSync } from 'node:fs';
import { mkdir as mkdirAsync, rm, writeFile as writeFileAsync } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHostingFiles, createHostingRules, hostConfigFiles } from '../../generator/hosting/index.ts';
import type { HostingRules } from '../../generator/hosting/rules.ts';
import { realRouteTable } from '../helpers/routeTable.ts';
import { siteSettingsSchema } from '../../generator/content/schemas/siteSchema.ts';
import {
  get,
  hasApache,
  hasNginx,
  requireRealHosts,
  securityHeadersOf,
  startApache,
  startNginx,
  type RunningHost,
} from '../helpers/hosts.ts';
import { makeTempDir, realContent } from '../helpers/site.ts';

requireRealHosts();

const realSettings = parse(readFileSync(path.join(realContent, 'site.yaml'), 'utf8'));
const routeTable = realRouteTable;
const ownDirs: string[] = [];
const running: RunningHost[] = [];

afterAll(async () => {
  for (const host of running) await host.close();
  for (const dir of ownDirs) await rm(dir, { recursive: true, force: true });
});

/** A dist/ with the host files of `rules`, a home page, the cockpit page and the not-found page. */
async function distWith(folder: string, rules: HostingRules): Promise<string> {
  const dist = path.join(folder, 'dist');
  // The cockpit page where the route table (which the rules are made from) puts it.
  const cockpit = routeTable.routes.find(
    (route) => route.path === routeTable.pathOf('cockpit', routeTable.languages.default),
  )!.file;
  await mkdirAsync(path.join(dist, path.dirname(cockpit)), { recursive: true });
  await writeFileAsync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="it"><body data-page="home"></body></html>',
  );
  await writeFileAsync(
    path.join(dist, cockpit),
    '<!doctype html><html lang="it"><body data-page="cockpit"></body></html>',
  );
  await writeFileAsync(
    path.join(dist, '404.html'),
    '<!doctype html><html lang="it"><body data-page="notFound"></body></html>',
  );
  for (const file of buildHostingFiles(rules))
    await writeFileAsync(path.join(dist, file.path), file.contents);
  return dist;
}

const rulesFor = (site: unknown) =>
  createHostingRules({
    routeTable,
    site: siteSettingsSchema.parse(site),
    inlineScriptHashes: ['sha256-AAAA'],
    assetPaths: [],
    hostFiles: hostConfigFiles,
  });

/** Settings at the edges of what the schema accepts. */
const edgeSettings = {
  ...realSettings,
  cockpitHost: 'Cockpit-2.EXAMPLE-long-label-0123456789-0123456789-0123456789-abcdefghi.ch',
  urls: {
    ...realSettings.urls,
    coverageMap: 'https://COVERAGE.example.net:8443/map;v=1/$x/*(a)!?lang=it&q=a+b,c;d=e:f@g%20h',
    luganoMap: 'https://m-1.maps.example.net/embed/$1/%24x?q=Lugano;x=$y#frag',
  },
  analytics: {
    ...realSettings.analytics,
    scriptUrl: 'https://a.b.c.analytics.example.com:1/s.js?$a=%25&b=*',
  },
};

/** Header values each writer must escape: quotes, directive and block characters, a comment sign, percent signs. */
function quotableRules(): HostingRules {
  const rules = rulesFor(realSettings);
  const csp = rules.securityHeaders['Content-Security-Policy'];
  return {
    ...rules,
    securityHeaders: {
      ...rules.securityHeaders,
      'Content-Security-Policy': `${csp}; report-to "x" ;{}# 100% '%{HTTP_HOST}e' end`,
      'X-Extra': `a "quoted" {block}; #not-a-comment 50%`,
    },
  };
}

async function checkServes(
  start: (dist: string, workDir: string) => Promise<RunningHost>,
  name: string,
  rules: HostingRules,
) {
  // A temporary folder of its own: the host keeps its pid, logs and configuration there.
  const own = await makeTempDir(name);
  ownDirs.push(own);
  const dist = await distWith(own, rules);
  const host = await start(dist, own);
  running.push(host);
  expect(host.configCheck.ok, host.configCheck.output).toBe(true);
  const expected = securityHeadersOf(
    buildHostingFiles(rules).find((file) => file.path === '_headers')!.contents as string,
  );
  expect(Object.fromEntries(expected)).toEqual(rules.securityHeaders);
  for (const [request, page] of [
    [['/'], 'home'],
    [['/', rules.hostRoot.host.toUpperCase()], 'cockpit'],
    [['/nope'], 'notFound'],
  ] as const) {
    const answer = await get(host.url, request[0], request[1]);
    expect(answer.body, `${name} ${request.join(' ')}`).toContain(`data-page="${page}"`);
    for (const [header, value] of expected)
      expect(answer.headers[header.toLowerCase()], `${name} ${request.join(' ')} ${header}`).toBe(value);
  }
}

describe.skipIf(!hasNginx)('nginx with hostile values', () => {
  it('accepts the configuration and serves every header exactly', async () => {
    await checkServes(startNginx, 'nginx-quotable', quotableRules());
    await checkServes(startNginx, 'nginx-edge', rulesFor(edgeSettings));
  }, 120_000);
});

describe.skipIf(!hasApache)('Apache with hostile values', () => {
  it('accepts the configuration and serves every header exactly', async () => {
    await checkServes(startApache, 'apache-quotable', quotableRules());
    await checkServes(startApache, 'apache-edge', rulesFor(edgeSettings));
  }, 120_000);
});
