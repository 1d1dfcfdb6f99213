/** vercel.json, evaluated as Vercel routes a request, against the one table of host answers (tests/helpers/hosts.ts). */
import { beforeAll, describe, expect, it } from 'vitest';
import { hostName } from '../../../generator/preview/paths.ts';
import { assetFiles, securityHeaderNames } from '../../helpers/hostFiles.ts';
import { checkAnswer, hostExpectations, securityHeadersOf, type Answer } from '../../helpers/hosts.ts';
import type { MemoryBuild } from '../../helpers/memoryBuild.ts';
import { sharedBuild } from '../../helpers/sharedBuild.ts';
import { realRouteTable } from '../../helpers/routeTable.ts';

const routeTable = realRouteTable;
let site: MemoryBuild;

beforeAll(async () => {
  site = await sharedBuild();
});

type VercelRoute = {
  src?: string;
  dest?: string;
  status?: number;
  headers?: Record<string, string>;
  has?: { type: string; value: string }[];
  handle?: string;
  continue?: boolean;
};

/**
 * Vercel's `routes`, evaluated in order: a matching `continue` route adds its
 * headers and goes on; the first other match ends routing (a redirect, or its
 * `dest` served with its status); `handle: filesystem` serves an existing file.
 * Later headers of the same name replace earlier ones.
 */
function evaluateVercel(routes: VercelRoute[], pathname: string, hostHeader = 'www.example.com'): Answer {
  const host = hostName(hostHeader);
  const headers: Record<string, string> = {};
  const fileOf = (urlPath: string) =>
    urlPath.endsWith('/') ? `${urlPath.slice(1)}index.html` : urlPath.slice(1);
  const serve = (status: number, file: string): Answer =>
    site.paths.includes(file)
      ? { status, headers, body: site.text(file) }
      : { status: 404, headers, body: '' };
  for (const route of routes) {
    if (route.handle === 'filesystem') {
      if (site.paths.includes(fileOf(pathname))) return serve(200, fileOf(pathname));
      continue;
    }
    const match = new RegExp(route.src!).exec(pathname);
    if (
      !match ||
      !(route.has ?? []).every((condition) => condition.type === 'host' && condition.value === host)
    )
      continue;
    for (const [name, value] of Object.entries(route.headers ?? {}))
      headers[name.toLowerCase()] = value.replace(/\$(\d)/g, (_, index) => match[Number(index)] ?? '');
    if (route.continue) continue;
    if (route.status && route.status >= 300 && route.status < 400)
      return { status: route.status, headers, body: '' };
    if (route.dest) return serve(route.status ?? 200, fileOf(route.dest));
  }
  return { status: 404, headers, body: '' };
}

describe('vercel.json', () => {
  const routes = (): VercelRoute[] => JSON.parse(site.text('vercel.json')).routes;

  it('answers every request of the host table as the preview, nginx and Apache do', () => {
    const asset = assetFiles(site).find((file) => file.endsWith('.css'))!;
    const security = securityHeadersOf(site.text('_headers'));
    for (const expectation of hostExpectations(asset)) {
      checkAnswer(
        evaluateVercel(routes(), expectation.path, expectation.host),
        expectation,
        security,
        `https://www.example.com${expectation.path}`,
      );
    }
  });

  it('puts the header routes before every route that ends routing', () => {
    const list = routes();
    const firstFinal = list.findIndex((route) => !route.continue);
    expect(list.slice(0, firstFinal).every((route) => route.headers && route.continue)).toBe(true);
    expect(Object.keys(list[0].headers!)).toEqual(securityHeaderNames);
  });

  it('redirects only real pages to their slash, with 301 like every other host', () => {
    expect(routes().some((route) => route.status === 308)).toBe(false);
    expect(evaluateVercel(routes(), '/en/nope').status).toBe(404);
    const germanAbout = routeTable.pathOf('about', 'de');
    expect(evaluateVercel(routes(), germanAbout.slice(0, -1))).toMatchObject({
      status: 301,
      headers: { location: germanAbout },
    });
    for (const route of routeTable.routes.filter(
      (candidate) =>
        // A forward (the privacy path, a former slug) sends its slashless path straight to its target.
        candidate.path.endsWith('/') && candidate.path !== '/' && candidate.redirectTo === undefined,
    )) {
      expect(evaluateVercel(routes(), route.path.slice(0, -1)).headers.location, route.path).toBe(route.path);
    }
  });
});
