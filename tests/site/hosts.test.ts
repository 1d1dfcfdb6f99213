/**
 * Real nginx and real Apache serve a built dist/ with the generated rules and
 * give the same answers as `site preview`: one table (tests/helpers/hosts.ts).
 * Skipped with a notice when they are not installed; required under CI=true.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAnswer,
  checkHidden,
  disguisedHostFiles,
  get,
  hasApache,
  hasNginx,
  hostExpectations,
  requireRealHosts,
  securityHeadersOf,
  startApache,
  startNginx,
  type RunningHost,
} from '../helpers/hosts.ts';
import { makeTempDir } from '../helpers/site.ts';
import { sharedDist } from '../helpers/sharedBuild.ts';

requireRealHosts();

let workDir: string;
let dist: string;
let asset: string;
let securityHeaders: [string, string][];
const running: RunningHost[] = [];

beforeAll(async () => {
  if (!hasNginx && !hasApache) return;
  workDir = await makeTempDir('hosts');
  dist = sharedDist();
  asset = `/assets/${(await readdir(path.join(dist, 'assets'))).find((file) => file.endsWith('.css'))}`;
  securityHeaders = securityHeadersOf(await readFile(path.join(dist, '_headers'), 'utf8'));
});

afterAll(async () => {
  for (const host of running) await host.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function checkHost(start: () => Promise<RunningHost>) {
  const host = await start();
  running.push(host);
  expect(host.configCheck.ok, host.configCheck.output).toBe(true);
  for (const expectation of hostExpectations(asset)) {
    checkAnswer(
      await get(host.url, expectation.path, expectation.host),
      expectation,
      securityHeaders,
      `${host.url}${expectation.path}`,
    );
  }
  for (const disguised of disguisedHostFiles)
    checkHidden(await get(host.url, disguised), `${host.url}${disguised}`);
}

describe.skipIf(!hasNginx)('nginx with dist/nginx.conf', () => {
  it('passes nginx -t and answers every request as the preview does', async () => {
    await checkHost(() => startNginx(dist, workDir));
  });
});

describe.skipIf(!hasApache)('Apache with dist/.htaccess', () => {
  it('passes apache2 -t and answers every request as the preview does', async () => {
    await checkHost(() => startApache(dist, workDir));
  });
});
