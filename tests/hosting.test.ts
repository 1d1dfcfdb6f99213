/** The generated host files, parsed, each carrying every rule of the hosting model. */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRouteTable } from '../generator/routes.ts';
import { parseHeaders, parseRedirects } from '../generator/preview.ts';
import { buildInMemory, type MemoryBuild } from './helpers/memoryBuild.ts';

const routeTable = createRouteTable();
let site: MemoryBuild;

beforeAll(async () => {
  site = await buildInMemory();
});

const securityHeaderNames = ['Content-Security-Policy', 'Strict-Transport-Security', 'X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy', 'X-Frame-Options'];

function cspDirectives(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));
}

describe('Content-Security-Policy', () => {
  it('allows no inline script or style but the hashed first-visit script, and frames only the two maps', () => {
    const policy = parseHeaders(site.text('_headers')).find((rule) => rule.pattern === '/' && rule.splat)!.headers.find(([name]) => name === 'Content-Security-Policy')![1];
    const directives = cspDirectives(policy);
    expect(policy).not.toContain("'unsafe-inline'");
    expect(policy).not.toContain("'unsafe-eval'");
    const inline = site.text('index.html').match(/<script>([^<]*)<\/script>/)![1];
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(directives['script-src']).toEqual(["'self'", hash, 'https://analytics.example.com']);
    expect(directives['connect-src']).toEqual(["'self'", 'https://analytics.example.com']);
    expect(directives['style-src']).toEqual(["'self'"]);
    expect(directives['frame-src']).toEqual(['https://coverage.example.net', 'https://maps.example.net']);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });

  it('leaves no style attribute, style element or unhashed inline script in any page', () => {
    for (const route of routeTable.routes) {
      const html = site.text(route.file);
      expect(html, route.path).not.toMatch(/\sstyle=/);
      expect(html, route.path).not.toMatch(/<style/);
      const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1]);
      for (const attributes of inlineScripts) {
        if (route.path === '/' && attributes === '') continue;
        expect(attributes, route.path).toMatch(/type="application\/(ld\+)?json"/);
      }
    }
  });
});

describe('_redirects (Netlify, Cloudflare Pages)', () => {
  it('redirects /privacy permanently, even over its fallback page', () => {
    const rules = parseRedirects(site.text('_redirects'));
    expect(rules[0]).toEqual({ host: undefined, from: '/privacy', splat: false, to: '/condizioni/#privacy-policy', status: 301, force: true });
  });

  it('serves the cockpit page at / on the cockpit host', () => {
    const rule = parseRedirects(site.text('_redirects')).find((candidate) => candidate.host);
    expect(rule).toMatchObject({ host: 'cockpit.example.com', from: '/', to: '/cockpit/index.html', status: 200, force: true });
  });

  it('serves the legal page of each language for unknown sections, and each language’s not-found page', () => {
    const rules = parseRedirects(site.text('_redirects')).filter((rule) => rule.splat);
    expect(rules.map((rule) => [rule.from, rule.to, rule.status])).toEqual([
      ['/legal/', '/legal/index.html', 200],
      ['/en/legal/', '/en/legal/index.html', 200],
      ['/de/legal/', '/de/legal/index.html', 200],
      ['/fr/legal/', '/fr/legal/index.html', 200],
      ['/en/', '/en/404.html', 404],
      ['/de/', '/de/404.html', 404],
      ['/fr/', '/fr/404.html', 404],
      ['/', '/404.html', 404],
    ]);
    for (const rule of rules) expect(site.paths).toContain(rule.to.slice(1));
  });
});

describe('_headers', () => {
  it('sends the security headers everywhere, immutable caching for assets, revalidation for every page', () => {
    const rules = parseHeaders(site.text('_headers'));
    const all = rules.find((rule) => rule.pattern === '/' && rule.splat)!;
    expect(all.headers.map(([name]) => name)).toEqual(securityHeaderNames);
    expect(rules.find((rule) => rule.pattern === '/assets/' && rule.splat)!.headers).toEqual([['Cache-Control', 'public, max-age=31536000, immutable']]);
    for (const route of routeTable.routes) {
      const rule = rules.find((candidate) => !candidate.splat && candidate.pattern === route.path);
      expect(rule?.headers, route.path).toEqual([['Cache-Control', 'public, max-age=0, must-revalidate']]);
    }
    const headers = Object.fromEntries(all.headers);
    expect(headers['Strict-Transport-Security']).toMatch(/max-age=\d{8}/);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Permissions-Policy']).toContain('geolocation=(self "https://coverage.example.net")');
  });
});

describe('vercel.json', () => {
  type VercelRoute = { src?: string; dest?: string; status?: number; headers?: Record<string, string>; has?: { type: string; value: string }[]; handle?: string; continue?: boolean };
  const routes = (): VercelRoute[] => JSON.parse(site.text('vercel.json')).routes;
  const firstMatch = (path: string, host = 'www.example.com', { afterFilesystem = false } = {}) => {
    const list = routes();
    const filesystem = list.findIndex((route) => route.handle === 'filesystem');
    const candidates = afterFilesystem ? list.slice(filesystem + 1) : list.slice(0, filesystem);
    return candidates.find((route) => route.src && !route.continue && new RegExp(route.src).test(path) && (!route.has || route.has.every((condition) => condition.value === host)));
  };

  it('carries the redirect, cockpit host, slash policy, legal fallback and 404 per language', () => {
    expect(firstMatch('/privacy')).toMatchObject({ status: 301, headers: { Location: '/condizioni/#privacy-policy' } });
    expect(firstMatch('/privacy/')).toMatchObject({ status: 301 });
    expect(firstMatch('/', 'cockpit.example.com')).toMatchObject({ dest: '/cockpit/index.html' });
    expect(firstMatch('/')).toBeUndefined();
    expect(firstMatch('/en/about')).toMatchObject({ status: 308, headers: { Location: '/$1/' } });
    expect(firstMatch('/en/about/')).toBeUndefined();
    expect(firstMatch('/assets/site.abc.css')).toBeUndefined();
    expect(firstMatch('/de/legal/whatever/', undefined, { afterFilesystem: true })).toMatchObject({ dest: '/de/legal/index.html' });
    expect(firstMatch('/fr/nope/', undefined, { afterFilesystem: true })).toMatchObject({ status: 404, dest: '/fr/404.html' });
    expect(firstMatch('/nope/', undefined, { afterFilesystem: true })).toMatchObject({ status: 404, dest: '/404.html' });
  });

  it('sets the security and caching headers', () => {
    const headerRoutes = routes().filter((route) => route.continue);
    expect(Object.keys(headerRoutes[0].headers!)).toEqual(securityHeaderNames);
    const cacheFor = (path: string) => headerRoutes.filter((route) => new RegExp(route.src!).test(path)).map((route) => route.headers!['Cache-Control']).filter(Boolean);
    expect(cacheFor('/assets/main.ABCDEFGH.js')).toEqual(['public, max-age=31536000, immutable']);
    expect(cacheFor('/en/about/')).toEqual(['public, max-age=0, must-revalidate']);
    expect(cacheFor('/404.html')).toEqual(['public, max-age=0, must-revalidate']);
  });
});

describe('nginx.conf', () => {
  it('carries every rule', () => {
    const conf = site.text('nginx.conf');
    expect(conf).toMatch(/location ~ \^\/privacy\/\?\$ \{\s+return 301 \/condizioni\/#privacy-policy;/);
    expect(conf).toMatch(/if \(\$host = "cockpit\.example\.com"\) \{\s+rewrite \^ \/cockpit\/index\.html last;/);
    for (const prefix of ['/legal/', '/en/legal/', '/de/legal/', '/fr/legal/']) {
      expect(conf).toContain(`location ~ ^${prefix}[^/]+/?$ {`);
      expect(conf).toContain(`try_files $uri $uri/index.html ${prefix}index.html;`);
    }
    for (const [prefix, page] of [['/en/', '/en/404.html'], ['/de/', '/de/404.html'], ['/fr/', '/fr/404.html'], ['/', '/404.html']]) {
      expect(conf).toMatch(new RegExp(`location ${prefix} \\{\\s+error_page 404 ${page};`));
    }
    expect(conf).toContain('rewrite ^(.*[^/])$ $1/ permanent;');
    expect(conf).toMatch(/location \^~ \/assets\/ \{[^}]*Cache-Control "public, max-age=31536000, immutable"/);
    const blocks = conf.split(/\n(?=location )/).filter((block) => block.startsWith('location') && !block.includes('return 301'));
    for (const block of blocks) for (const name of securityHeaderNames) expect(block).toContain(`add_header ${name} `);
    expect((conf.match(/\{/g) ?? []).length).toBe((conf.match(/\}/g) ?? []).length);
  });
});

describe('.htaccess', () => {
  it('carries every rule', () => {
    const conf = site.text('.htaccess');
    expect(conf).toContain('RewriteRule ^privacy/?$ /condizioni/#privacy-policy [R=301,NE,L]');
    expect(conf).toContain('RewriteCond %{HTTP_HOST} =cockpit.example.com [NC]\nRewriteRule ^$ /cockpit/index.html [L]');
    expect(conf).toContain('RewriteRule ^en/legal/[^/]+/?$ /en/legal/index.html [L]');
    expect(conf).toContain('ErrorDocument 404 /404.html');
    expect(conf).toContain('<If "%{REQUEST_URI} =~ m#^/de/#">\n  ErrorDocument 404 /de/404.html\n</If>');
    expect(conf).toContain('DirectorySlash On');
    for (const name of securityHeaderNames) expect(conf).toContain(`Header always set ${name} "`);
    expect(conf).toContain('Header set Cache-Control "public, max-age=31536000, immutable"');
    expect(conf).toContain('Header set Cache-Control "public, max-age=0, must-revalidate"');
  });
});
