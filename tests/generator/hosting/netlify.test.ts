/** `_redirects` and `_headers` as written, parsed as Netlify and Cloudflare Pages read them. */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseHeaders, parseRedirects } from '../../../generator/preview/hostFileRules.ts';
import { assetFiles, securityHeaderNames } from '../../helpers/hostFiles.ts';
import { caching } from '../../helpers/hosts.ts';
import type { MemoryBuild } from '../../helpers/memoryBuild.ts';
import { sharedBuild } from '../../helpers/sharedBuild.ts';
import { realLoadedContent, realRouteTable } from '../../helpers/routeTable.ts';

const routeTable = realRouteTable;
const first = routeTable.languages.default;
/** The paths the rules are about, from the route table: no slug of today. */
const privacyForward = routeTable.routes.find((route) => route.page === 'privacyRedirect')!;
const legal = (language: string) => routeTable.pathOf('legal', language);
const withoutSlash = (path: string) => path.replace(/\/$/, '');
let site: MemoryBuild;

beforeAll(async () => {
  site = await sharedBuild();
});

describe('_redirects on Netlify', () => {
  it('redirects the privacy path permanently, even over its fallback page, before any other line', () => {
    const [firstRule] = parseRedirects(site.text('_redirects'));
    expect(firstRule).toMatchObject({
      host: undefined,
      from: withoutSlash(privacyForward.path),
      to: privacyForward.redirectTo,
      status: 301,
      force: true,
    });
    expect(firstRule.pattern.test(privacyForward.path)).toBe(true);
  });

  it('serves the cockpit page at / on the cockpit host', () => {
    const rule = parseRedirects(site.text('_redirects')).find((candidate) => candidate.host);
    expect(rule).toMatchObject({
      host: realLoadedContent.site.cockpitHost,
      from: '/',
      to: `${routeTable.pathOf('cockpit', first)}index.html`,
      status: 200,
      force: true,
    });
  });

  it('serves one unknown legal segment as the legal page, never a deeper path, and each language’s not-found page', () => {
    const rules = parseRedirects(site.text('_redirects'));
    const legalRules = rules.filter((rule) => rule.status === 200 && !rule.host);
    expect(legalRules.map((rule) => [rule.from, rule.to, rule.force])).toEqual(
      routeTable.languages.codes.map((language) => [`${legal(language)}:section`, legal(language), false]),
    );
    const second = routeTable.languages.codes[1];
    expect(legalRules[1].pattern.test(`${legal(second)}anything`)).toBe(true);
    expect(legalRules[1].pattern.test(`${legal(second)}anything/`)).toBe(true);
    expect(legalRules[1].pattern.test(`${legal(second)}x/y`)).toBe(false);
    const notFound = rules.filter((rule) => rule.status === 404 && !rule.force);
    expect(notFound.map((rule) => [rule.from, rule.to])).toEqual([
      ['/en/*', '/en/404.html'],
      ['/de/*', '/de/404.html'],
      ['/fr/*', '/fr/404.html'],
      ['/*', '/404.html'],
    ]);
    for (const rule of rules.filter((candidate) => candidate.status === 200 || candidate.status === 404)) {
      expect(site.paths, rule.to).toContain(
        rule.to.endsWith('/') ? `${rule.to.slice(1)}index.html` : rule.to.slice(1),
      );
    }
  });

  it('hides the host configuration files', () => {
    const hidden = parseRedirects(site.text('_redirects'))
      .filter((rule) => rule.status === 404 && rule.force)
      .map((rule) => rule.from);
    expect(hidden.sort()).toEqual(['/.htaccess', '/_headers', '/_redirects', '/nginx.conf', '/vercel.json']);
  });
});

/**
 * Cloudflare Pages' `_redirects` parser, as documented and as its source
 * (workers-sdk, pages-shared/metadata-generator/parseRedirects.ts) reads a line:
 * 2 or 3 tokens; a relative source; status 200, 301, 302, 303, 307 or 308 by
 * `Number()` (so `301!` is NaN); no `/* … /index.html` or `/ … /index` loop;
 * the first valid line per source wins; 200 only to a relative path.
 */
function cloudflareRules(text: string) {
  const permitted = new Set([200, 301, 302, 303, 307, 308]);
  const seen = new Set<string>();
  const valid: { from: string; to: string; status: number; line: string }[] = [];
  const invalid: { line: string; reason: string }[] = [];
  for (const line of text.split('\n').map((candidate) => candidate.trim())) {
    if (!line || line.startsWith('#')) continue;
    const tokens = line.split(/\s+/);
    const [from, to, rawStatus = '302'] = tokens;
    const status = Number(rawStatus);
    const reason =
      tokens.length < 2 || tokens.length > 3
        ? 'token count'
        : !from.startsWith('/')
          ? 'only relative sources'
          : Number.isNaN(status) || !permitted.has(status)
            ? `status ${rawStatus}`
            : /\/\*$/.test(from) && /\/index(\.html)?$/.test(to)
              ? 'infinite loop'
              : /\/$/.test(from) && /\/index(\.html)?$/.test(to)
                ? 'infinite loop'
                : seen.has(from)
                  ? 'duplicate'
                  : status === 200 && !to.startsWith('/')
                    ? 'proxy to another host'
                    : undefined;
    if (reason) invalid.push({ line, reason });
    else {
      seen.add(from);
      valid.push({ from, to, status, line });
    }
  }
  return { valid, invalid };
}

/** Cloudflare's matching: exact sources first, then `:name` as one segment and `*` as the rest, on the exact path (`/a` is not `/a/`). */
function cloudflareMatch(rules: ReturnType<typeof cloudflareRules>['valid'], pathname: string) {
  const isDynamic = (from: string) => /[*:]/.test(from);
  const exact = rules.find((rule) => !isDynamic(rule.from) && rule.from === pathname);
  if (exact) return exact;
  return rules
    .filter((rule) => isDynamic(rule.from))
    .find((rule) => {
      const pattern = rule.from
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]\w*/g, '[^/]+'))
        .join('.*');
      return new RegExp(`^${pattern}$`).test(pathname);
    });
}

describe('_redirects on Cloudflare Pages', () => {
  /** The lines the file says Cloudflare applies; every other line must be one Cloudflare rejects. */
  const claimedForCloudflare = (text: string) =>
    text
      .split('\n')
      .filter(
        (line) =>
          line &&
          !line.startsWith('#') &&
          !line.includes('!') &&
          !line.startsWith('https://') &&
          !/ 404$/.test(line),
      );

  it('passes Cloudflare’s parser for exactly the lines it is meant to apply', () => {
    const text = site.text('_redirects');
    const { valid, invalid } = cloudflareRules(text);
    expect(valid.map((rule) => rule.line)).toEqual(claimedForCloudflare(text));
    for (const rule of valid) expect([200, 301], rule.line).toContain(rule.status);
    // What Cloudflare skips is Netlify's: forced lines, the host line and the 404 lines.
    for (const { line, reason } of invalid) expect(`${line}: ${reason}`).toMatch(/!|^https:\/\/| 404: /);
  });

  it('redirects the privacy path with and without the slash, and never hides a real legal section', () => {
    const { valid } = cloudflareRules(site.text('_redirects'));
    for (const pathname of [withoutSlash(privacyForward.path), privacyForward.path])
      expect(cloudflareMatch(valid, pathname), pathname).toMatchObject({
        to: privacyForward.redirectTo,
        status: 301,
      });
    for (const section of [
      routeTable.legalSectionPath('privacy', first),
      routeTable.legalSectionPath('cookie', 'en'),
    ])
      expect(cloudflareMatch(valid, withoutSlash(section)), section).toMatchObject({
        to: section,
        status: 301,
      });
    // Cloudflare applies its lines before looking for a file: no line may take a page's own path
    // (but a forward's: the privacy path's fallback page, a former slug's).
    for (const route of routeTable.routes.filter((candidate) => candidate.redirectTo === undefined))
      expect(cloudflareMatch(valid, route.path), route.path).toBeUndefined();
    expect(cloudflareMatch(valid, `${legal(first)}anything`)).toMatchObject({
      to: legal(first),
      status: 200,
    });
    expect(cloudflareMatch(valid, `${legal('de')}irgendwas`)).toMatchObject({ to: legal('de'), status: 200 });
    expect(cloudflareMatch(valid, `${legal(first)}x/y`)).toBeUndefined();
    expect(cloudflareMatch(valid, '/')).toBeUndefined();
  });

  it('has no loops: no target is matched by a rule again, and rewrites name folders (Cloudflare sends /x/index.html to /x/)', () => {
    const { valid } = cloudflareRules(site.text('_redirects'));
    for (const rule of valid) {
      const target = rule.to.replace(/#.*$/, '');
      expect(cloudflareMatch(valid, target), rule.line).toBeUndefined();
      if (rule.status === 200) expect(target, rule.line).toMatch(/\/$/);
    }
  });
});

describe('_headers (Netlify, Cloudflare Pages)', () => {
  it('sends the security headers everywhere and the year-long cache only to assets that exist', () => {
    const rules = parseHeaders(site.text('_headers'));
    const all = rules.find((rule) => rule.pattern === '/' && rule.splat)!;
    expect(all.headers.map(([name]) => name)).toEqual(securityHeaderNames);
    // No /assets/* pattern: it would also keep a missing asset's 404 for a year.
    expect(rules.filter((rule) => rule !== all).every((rule) => !rule.splat)).toBe(true);
    expect(rules.filter((rule) => rule !== all).map((rule) => rule.pattern)).toEqual(assetFiles(site).sort());
    for (const rule of rules.filter((candidate) => candidate !== all))
      expect(rule.headers).toEqual([['Cache-Control', caching.assets]]);
    const headers = Object.fromEntries(all.headers);
    expect(headers['Strict-Transport-Security']).toMatch(/max-age=\d{8}/);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
  });

  it('stays within Cloudflare’s 100 rules', () => {
    expect(parseHeaders(site.text('_headers')).length).toBeLessThanOrEqual(100);
  });
});
