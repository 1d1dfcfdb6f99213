/** The rules every host file carries: the Content-Security-Policy and the Permissions-Policy of the built site. */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../helpers/hostFiles.ts';
import type { MemoryBuild } from '../../helpers/memoryBuild.ts';
import { sharedBuild } from '../../helpers/sharedBuild.ts';
import { realLoadedContent, realRouteTable } from '../../helpers/routeTable.ts';

const routeTable = realRouteTable;
let site: MemoryBuild;

beforeAll(async () => {
  site = await sharedBuild();
});

function cspDirectives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('Content-Security-Policy', () => {
  /** The classic inline scripts of a page (not the JSON-LD data), and their CSP sources. */
  const inlineScriptsOf = (html: string) =>
    [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]);
  const cspSource = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

  it('allows no inline script or style but the hashed first-visit and legal-hash scripts, and frames only the two maps', () => {
    const policy = securityHeaders(site)['Content-Security-Policy'];
    const directives = cspDirectives(policy);
    expect(policy).not.toContain("'unsafe-inline'");
    expect(policy).not.toContain("'unsafe-eval'");
    const firstVisit = inlineScriptsOf(site.text('index.html'));
    const legalHash = inlineScriptsOf(
      site.text(routeTable.routes.find((route) => route.page === 'legal')!.file),
    );
    expect(firstVisit).toHaveLength(1);
    expect(legalHash).toHaveLength(1);
    // The third parties the site settings name: the analytics script and the two maps.
    const { urls, analytics: settings } = realLoadedContent.site;
    const analytics = new URL(settings.scriptUrl).origin;
    expect(directives['script-src']).toEqual([
      "'self'",
      cspSource(firstVisit[0]),
      cspSource(legalHash[0]),
      analytics,
    ]);
    expect(directives['connect-src']).toEqual(["'self'", analytics]);
    expect(directives['style-src']).toEqual(["'self'"]);
    expect(directives['frame-src']).toEqual([
      new URL(urls.coverageMap).origin,
      new URL(urls.luganoMap).origin,
    ]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });

  it('leaves no style attribute, style element or unhashed inline script in any page', () => {
    const allowed = cspDirectives(securityHeaders(site)['Content-Security-Policy'])['script-src'];
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
    const map = new URL(realLoadedContent.site.urls.coverageMap).origin;
    expect(securityHeaders(site)['Permissions-Policy']).toBe(
      `geolocation=("${map}"), camera=(), microphone=(), payment=(), usb=()`,
    );
    const coverage = routeTable.routes.find(
      (route) => route.page === 'coverage' && route.language === routeTable.languages.default,
    )!;
    const escaped = map.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    expect(site.text(coverage.file)).toMatch(
      new RegExp(
        `<iframe[^>]*src="${escaped}[^"]*"[^>]*allow="geolocation"|<iframe[^>]*allow="geolocation"[^>]*src="${escaped}`,
      ),
    );
  });
});
