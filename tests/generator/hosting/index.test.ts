/** The generated host files, parsed, each carrying every rule of the hosting model. */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { hostConfigFiles, hostTargets } from '../../../generator/hosting/index.ts';
import { nginxString } from '../../../generator/hosting/nginx.ts';
import { realRouteTable } from '../../helpers/routeTable.ts';
import { hostName } from '../../../generator/preview/paths.ts';
import { parseHeaders, parseRedirects } from '../../../generator/preview/rules.ts';
import { caching, checkAnswer, hostExpectations, securityHeadersOf, type Answer } from '../../helpers/hosts.ts';
import type { MemoryBuild } from '../../helpers/memoryBuild.ts';
import { sharedBuild } from '../../helpers/sharedBuild.ts';

const routeTable = realRouteTable;
let site: MemoryBuild;

beforeAll(async () => {
  site = await sharedBuild();
});

const securityHeaderNames = ['Content-Security-Policy', 'Strict-Transport-Security', 'X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy', 'X-Frame-Options'];
const assetFiles = () => site.paths.filter((file) => file.startsWith('assets/')).map((file) => `/${file}`);

function cspDirectives(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));
}

const securityHeaders = () => Object.fromEntries(securityHeadersOf(site.text('_headers')));

describe('host registry', () => {
  it('writes every file of every host target, each once, and hides each of them in every host file', () => {
    expect(hostConfigFiles).toEqual(hostTargets.flatMap((target) => target.files.map((file) => file.name)));
    expect(new Set(hostConfigFiles).size).toBe(hostConfigFiles.length);
    for (const name of hostConfigFiles) expect(site.paths, name).toContain(name);
    for (const file of ['_redirects', 'vercel.json', 'nginx.conf', '.htaccess']) {
      // Written as a regular expression in some files: read without the escaping backslashes.
      for (const name of hostConfigFiles) expect(site.text(file).replaceAll('\\', ''), `${name} in ${file}`).toContain(name);
    }
  });
});

describe('Content-Security-Policy', () => {
  /** The classic inline scripts of a page (not the JSON-LD data), and their CSP sources. */
  const inlineScriptsOf = (html: string) => [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]);
  const cspSource = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

  it('allows no inline script or style but the hashed first-visit and legal-hash scripts, and frames only the two maps', () => {
    const policy = securityHeaders()['Content-Security-Policy'];
    const directives = cspDirectives(policy);
    expect(policy).not.toContain("'unsafe-inline'");
    expect(policy).not.toContain("'unsafe-eval'");
    const firstVisit = inlineScriptsOf(site.text('index.html'));
    const legalHash = inlineScriptsOf(site.text(routeTable.routes.find((route) => route.page === 'legal')!.file));
    expect(firstVisit).toHaveLength(1);
    expect(legalHash).toHaveLength(1);
    expect(directives['script-src']).toEqual(["'self'", cspSource(firstVisit[0]), cspSource(legalHash[0]), 'https://analytics.example.com']);
    expect(directives['connect-src']).toEqual(["'self'", 'https://analytics.example.com']);
    expect(directives['style-src']).toEqual(["'self'"]);
    expect(directives['frame-src']).toEqual(['https://coverage.example.net', 'https://maps.example.net']);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });

  it('leaves no style attribute, style element or unhashed inline script in any page', () => {
    const allowed = cspDirectives(securityHeaders()['Content-Security-Policy'])['script-src'];
    for (const route of routeTable.routes) {
      const html = site.text(route.file);
      expect(html, route.path).not.toMatch(/\sstyle=/);
      expect(html, route.path).not.toMatch(/<style/);
      for (const [, attributes] of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)) {
        if (attributes !== '') expect(attributes, route.path).toMatch(/type="application\/(ld\+)?json"/);
      }
      for (const code of inlineScriptsOf(html)) expect(allowed, route.path).toContain(cspSource(code));
    }
  });
});

describe('Permissions-Policy', () => {
  it('allows geolocation only to the coverage map’s frame, not to the site itself', () => {
    expect(securityHeaders()['Permissions-Policy']).toBe('geolocation=("https://coverage.example.net"), camera=(), microphone=(), payment=(), usb=()');
    expect(site.text('copertura/index.html')).toMatch(/<iframe[^>]*src="https:\/\/coverage\.example\.net[^"]*"[^>]*allow="geolocation"|<iframe[^>]*allow="geolocation"[^>]*src="https:\/\/coverage\.example\.net/);
  });
});

describe('_redirects on Netlify', () => {
  it('redirects /privacy permanently, even over its fallback page, before any other line', () => {
    const [first] = parseRedirects(site.text('_redirects'));
    expect(first).toMatchObject({ host: undefined, from: '/privacy', to: '/condizioni/#privacy-policy', status: 301, force: true });
    expect(first.pattern.test('/privacy/')).toBe(true);
  });

  it('serves the cockpit page at / on the cockpit host', () => {
    const rule = parseRedirects(site.text('_redirects')).find((candidate) => candidate.host);
    expect(rule).toMatchObject({ host: 'cockpit.example.com', from: '/', to: '/cockpit/index.html', status: 200, force: true });
  });

  it('serves one unknown legal segment as the legal page, never a deeper path, and each language’s not-found page', () => {
    const rules = parseRedirects(site.text('_redirects'));
    const legal = rules.filter((rule) => rule.status === 200 && !rule.host);
    expect(legal.map((rule) => [rule.from, rule.to, rule.force])).toEqual([
      ['/legal/:section', '/legal/', false],
      ['/en/legal/:section', '/en/legal/', false],
      ['/de/legal/:section', '/de/legal/', false],
      ['/fr/legal/:section', '/fr/legal/', false],
    ]);
    expect(legal[1].pattern.test('/en/legal/anything')).toBe(true);
    expect(legal[1].pattern.test('/en/legal/anything/')).toBe(true);
    expect(legal[1].pattern.test('/en/legal/x/y')).toBe(false);
    const notFound = rules.filter((rule) => rule.status === 404 && !rule.force);
    expect(notFound.map((rule) => [rule.from, rule.to])).toEqual([
      ['/en/*', '/en/404.html'],
      ['/de/*', '/de/404.html'],
      ['/fr/*', '/fr/404.html'],
      ['/*', '/404.html'],
    ]);
    for (const rule of rules.filter((candidate) => candidate.status === 200 || candidate.status === 404)) {
      expect(site.paths, rule.to).toContain(rule.to.endsWith('/') ? `${rule.to.slice(1)}index.html` : rule.to.slice(1));
    }
  });

  it('hides the host configuration files', () => {
    const hidden = parseRedirects(site.text('_redirects')).filter((rule) => rule.status === 404 && rule.force).map((rule) => rule.from);
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
      tokens.length < 2 || tokens.length > 3 ? 'token count'
      : !from.startsWith('/') ? 'only relative sources'
      : Number.isNaN(status) || !permitted.has(status) ? `status ${rawStatus}`
      : /\/\*$/.test(from) && /\/index(\.html)?$/.test(to) ? 'infinite loop'
      : /\/$/.test(from) && /\/index(\.html)?$/.test(to) ? 'infinite loop'
      : seen.has(from) ? 'duplicate'
      : status === 200 && !to.startsWith('/') ? 'proxy to another host'
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
  return rules.filter((rule) => isDynamic(rule.from)).find((rule) => {
    const pattern = rule.from.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]\w*/g, '[^/]+')).join('.*');
    return new RegExp(`^${pattern}$`).test(pathname);
  });
}

describe('_redirects on Cloudflare Pages', () => {
  /** The lines the file says Cloudflare applies; every other line must be one Cloudflare rejects. */
  const claimedForCloudflare = (text: string) =>
    text.split('\n').filter((line) => line && !line.startsWith('#') && !line.includes('!') && !line.startsWith('https://') && !/ 404$/.test(line));

  it('passes Cloudflare’s parser for exactly the lines it is meant to apply', () => {
    const text = site.text('_redirects');
    const { valid, invalid } = cloudflareRules(text);
    expect(valid.map((rule) => rule.line)).toEqual(claimedForCloudflare(text));
    for (const rule of valid) expect([200, 301], rule.line).toContain(rule.status);
    // What Cloudflare skips is Netlify's: forced lines, the host line and the 404 lines.
    for (const { line, reason } of invalid) expect(`${line}: ${reason}`).toMatch(/!|^https:\/\/| 404: /);
  });

  it('redirects /privacy with and without the slash, and never hides a real legal section', () => {
    const { valid } = cloudflareRules(site.text('_redirects'));
    for (const pathname of ['/privacy', '/privacy/']) expect(cloudflareMatch(valid, pathname), pathname).toMatchObject({ to: '/condizioni/#privacy-policy', status: 301 });
    expect(cloudflareMatch(valid, '/legal/privacy')).toMatchObject({ to: '/legal/privacy/', status: 301 });
    expect(cloudflareMatch(valid, '/en/legal/cookie')).toMatchObject({ to: '/en/legal/cookie/', status: 301 });
    // Cloudflare applies its lines before looking for a file: no line may take a page's own path (but the /privacy/ fallback's).
    for (const route of routeTable.routes.filter((candidate) => candidate.page !== 'privacyRedirect')) expect(cloudflareMatch(valid, route.path), route.path).toBeUndefined();
    expect(cloudflareMatch(valid, '/legal/anything')).toMatchObject({ to: '/legal/', status: 200 });
    expect(cloudflareMatch(valid, '/de/legal/irgendwas')).toMatchObject({ to: '/de/legal/', status: 200 });
    expect(cloudflareMatch(valid, '/legal/x/y')).toBeUndefined();
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
    expect(rules.filter((rule) => rule !== all).map((rule) => rule.pattern)).toEqual(assetFiles().sort());
    for (const rule of rules.filter((candidate) => candidate !== all)) expect(rule.headers).toEqual([['Cache-Control', caching.assets]]);
    const headers = Object.fromEntries(all.headers);
    expect(headers['Strict-Transport-Security']).toMatch(/max-age=\d{8}/);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
  });

  it('stays within Cloudflare’s 100 rules', () => {
    expect(parseHeaders(site.text('_headers')).length).toBeLessThanOrEqual(100);
  });
});

type VercelRoute = { src?: string; dest?: string; status?: number; headers?: Record<string, string>; has?: { type: string; value: string }[]; handle?: string; continue?: boolean };

/**
 * Vercel's `routes`, evaluated in order: a matching `continue` route adds its
 * headers and goes on; the first other match ends routing (a redirect, or its
 * `dest` served with its status); `handle: filesystem` serves an existing file.
 * Later headers of the same name replace earlier ones.
 */
function evaluateVercel(routes: VercelRoute[], pathname: string, hostHeader = 'www.example.com'): Answer {
  const host = hostName(hostHeader);
  const headers: Record<string, string> = {};
  const fileOf = (urlPath: string) => (urlPath.endsWith('/') ? `${urlPath.slice(1)}index.html` : urlPath.slice(1));
  const serve = (status: number, file: string): Answer => (site.paths.includes(file) ? { status, headers, body: site.text(file) } : { status: 404, headers, body: '' });
  for (const route of routes) {
    if (route.handle === 'filesystem') {
      if (site.paths.includes(fileOf(pathname))) return serve(200, fileOf(pathname));
      continue;
    }
    const match = new RegExp(route.src!).exec(pathname);
    if (!match || !(route.has ?? []).every((condition) => condition.type === 'host' && condition.value === host)) continue;
    for (const [name, value] of Object.entries(route.headers ?? {})) headers[name.toLowerCase()] = value.replace(/\$(\d)/g, (_, index) => match[Number(index)] ?? '');
    if (route.continue) continue;
    if (route.status && route.status >= 300 && route.status < 400) return { status: route.status, headers, body: '' };
    if (route.dest) return serve(route.status ?? 200, fileOf(route.dest));
  }
  return { status: 404, headers, body: '' };
}

describe('vercel.json', () => {
  const routes = (): VercelRoute[] => JSON.parse(site.text('vercel.json')).routes;

  it('answers every request of the host table as the preview, nginx and Apache do', () => {
    const asset = assetFiles().find((file) => file.endsWith('.css'))!;
    const security = securityHeadersOf(site.text('_headers'));
    for (const expectation of hostExpectations(asset)) {
      checkAnswer(evaluateVercel(routes(), expectation.path, expectation.host), expectation, security, `https://www.example.com${expectation.path}`);
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
    expect(evaluateVercel(routes(), '/de/uber-uns')).toMatchObject({ status: 301, headers: { location: '/de/uber-uns/' } });
    for (const route of routeTable.routes.filter((candidate) => candidate.path.endsWith('/') && candidate.path !== '/' && candidate.page !== 'privacyRedirect')) {
      expect(evaluateVercel(routes(), route.path.slice(0, -1)).headers.location, route.path).toBe(route.path);
    }
  });
});

describe('nginx.conf', () => {
  it('quotes header values so nginx reads the CSP’s single and the Permissions-Policy’s double quotes', () => {
    const conf = site.text('nginx.conf');
    expect(nginxString(`a 'b' "c"`)).toBe(`"a 'b' \\"c\\""`);
    expect(conf).toContain(`add_header Permissions-Policy ${nginxString(securityHeaders()['Permissions-Policy'])} always;`);
    expect(conf).toContain(`add_header Content-Security-Policy ${nginxString(securityHeaders()['Content-Security-Policy'])} always;`);
    expect(conf).not.toMatch(/add_header [\w-]+ '/);
  });

  it('sends the security headers from every location that sets headers, the redirect included', () => {
    const conf = site.text('nginx.conf');
    const locations = conf.split(/\n(?=location )/).filter((block) => block.startsWith('location') && block.includes('add_header'));
    expect(locations.some((block) => block.includes('return 301'))).toBe(true);
    for (const block of locations) for (const name of securityHeaderNames) expect(block, block.split('\n')[0]).toContain(`add_header ${name} `);
    expect((conf.match(/\{/g) ?? []).length).toBe((conf.match(/\}/g) ?? []).length);
  });

  it('caches assets a year only when they are found, and sends a missing one to the site’s 404 page', () => {
    const assets = /location \^~ \/assets\/ \{[^}]*\}/.exec(site.text('nginx.conf'))![0];
    expect(assets).toContain(`add_header Cache-Control "${caching.assets}";`);
    expect(assets).not.toMatch(/immutable" always/);
    expect(assets).toContain('error_page 404 /404.html;');
  });
});

describe('.htaccess', () => {
  it('carries every rule', () => {
    const conf = site.text('.htaccess');
    expect(conf).toContain('RewriteRule ^privacy/?$ /condizioni/#privacy-policy [R=301,NE,L]');
    expect(conf).toContain('RewriteCond %{HTTP_HOST} ^cockpit\\.example\\.com\\.?(?::\\d+)?$ [NC]\nRewriteRule ^$ /cockpit/index.html [L]');
    expect(conf).toContain('RewriteRule ^en/legal/[^/]+/?$ /en/legal/index.html [L]');
    expect(conf).toContain('ErrorDocument 404 /404.html');
    expect(conf).toContain('<If "%{REQUEST_URI} =~ m#^/de/#">\n  ErrorDocument 404 /de/404.html\n</If>');
    expect(conf).toContain('DirectorySlash On');
    for (const name of securityHeaderNames) expect(conf).toContain(`Header always set ${name} "`);
    expect(conf).toContain(`Header set Cache-Control "${caching.assets}"`);
    expect(conf).toContain(`Header set Cache-Control "${caching.html}"`);
  });
});
