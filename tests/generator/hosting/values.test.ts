/**
 * Every host writer, fed hostile values directly (as if the schema had let them
 * through): each value is escaped for its file's syntax so the host reads back
 * exactly the value, or refused with HOST_RULE_UNSAFE where that syntax has no
 * escape. And whatever the schema accepts, every writer writes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { htaccess } from '../../../generator/hosting/apache.ts';
import { buildHostingFiles, createHostingRules, hostConfigFiles } from '../../../generator/hosting/index.ts';
import { headersFile, redirectsFile } from '../../../generator/hosting/netlify.ts';
import { nginxConfig, nginxString } from '../../../generator/hosting/nginx.ts';
import {
  contentSecurityPolicy,
  permissionsPolicy,
  type HostingRules,
} from '../../../generator/hosting/rules.ts';
import { vercelConfig } from '../../../generator/hosting/vercel.ts';
import { parseHeaders } from '../../../generator/preview/hostFileRules.ts';
import { realRouteTable } from '../../helpers/routeTable.ts';
import { siteSettingsSchema, type SiteSettings } from '../../../generator/content/schemas/siteSchema.ts';
import { realContent } from '../../helpers/site.ts';

const realSettings = siteSettingsSchema.parse(
  parse(readFileSync(path.join(realContent, 'site.yaml'), 'utf8')),
);
const routeTable = realRouteTable;
const rulesFor = (site: SiteSettings): HostingRules =>
  createHostingRules({
    routeTable,
    site,
    inlineScriptHashes: ['sha256-AAAA'],
    assetPaths: ['/assets/site.0123456789.css'],
    hostFiles: hostConfigFiles,
  });
const baseRules = rulesFor(realSettings);
const withHeader = (value: string, name = 'Content-Security-Policy'): HostingRules => ({
  ...baseRules,
  securityHeaders: { ...baseRules.securityHeaders, [name]: value },
});
const withHost = (host: string): HostingRules => ({
  ...baseRules,
  hostRoot: { ...baseRules.hostRoot, host },
});

const writers = {
  _headers: headersFile,
  _redirects: redirectsFile,
  'vercel.json': vercelConfig,
  'nginx.conf': nginxConfig,
  '.htaccess': htaccess,
} as const;
const headerWriters = {
  _headers: headersFile,
  'vercel.json': vercelConfig,
  'nginx.conf': nginxConfig,
  '.htaccess': htaccess,
} as const;

/** Quotes of both kinds, the characters that end a directive or open a block or comment, and a percent sign. */
const quotable = `default-src 'self' "x" ;{}# 100% end`;

function refuses(write: () => string, what: string) {
  expect(write, what).toThrow(expect.objectContaining({ code: 'HOST_RULE_UNSAFE' }));
}

describe('header values in every host file', () => {
  it('_headers: the value reads back exactly', () => {
    const rules = parseHeaders(headersFile(withHeader(quotable)));
    expect(rules.find((rule) => rule.pattern === '/' && rule.splat)!.headers).toContainEqual([
      'Content-Security-Policy',
      quotable,
    ]);
  });

  it('vercel.json: the value reads back exactly', () => {
    const config = JSON.parse(vercelConfig(withHeader(`${quotable} \\ back`))) as {
      routes: { headers?: Record<string, string> }[];
    };
    expect(config.routes[0].headers!['Content-Security-Policy']).toBe(`${quotable} \\ back`);
  });

  it('nginx.conf: quoted, with inner double quotes and backslashes escaped', () => {
    expect(nginxConfig(withHeader(`${quotable} \\ back`))).toContain(
      `add_header Content-Security-Policy "default-src 'self' \\"x\\" ;{}# 100% end \\\\ back" always;`,
    );
    expect(nginxString('a"b\\c')).toBe('"a\\"b\\\\c"');
  });

  it('.htaccess: quoted, inner double quotes escaped and % doubled for mod_headers', () => {
    expect(htaccess(withHeader(quotable))).toContain(
      `Header always set Content-Security-Policy "default-src 'self' \\"x\\" ;{}# 100%% end"`,
    );
  });

  it('every writer refuses a line break, a control character or a non-ASCII character in a value', () => {
    for (const value of [
      "default-src 'self'\r\nSet-Cookie: a=b",
      "default-src 'self'\nX: y",
      'a\u0000b',
      'a\tb',
      'münchen',
      'a\u2028b',
    ]) {
      for (const [file, write] of Object.entries(headerWriters))
        refuses(() => write(withHeader(value)), `${file}: ${JSON.stringify(value)}`);
    }
  });

  it('every writer refuses a header name that is not a token', () => {
    for (const name of ['X-A: b', 'X A', 'X\nY', 'X"Y']) {
      for (const [file, write] of Object.entries(headerWriters))
        refuses(() => write(withHeader('v', name)), `${file}: ${JSON.stringify(name)}`);
    }
  });

  it('nginx and Vercel refuse $, which both read as a variable and neither can escape; Apache refuses a backslash', () => {
    for (const value of ['https://cov$erage.example.net', '$1', '${host}']) {
      refuses(() => nginxConfig(withHeader(value)), `nginx ${value}`);
      refuses(() => vercelConfig(withHeader(value)), `vercel ${value}`);
      // Apache and _headers have no variables there: $ is an ordinary character.
      expect(htaccess(withHeader(value))).toContain(value);
      expect(headersFile(withHeader(value))).toContain(`Content-Security-Policy: ${value}`);
    }
    refuses(() => htaccess(withHeader('a\\')), 'apache backslash');
    refuses(() => htaccess(withHeader('a\\"b')), 'apache backslash before a quote');
  });
});

describe('the cockpit host in every host file', () => {
  it('is refused by every writer unless it is a plain DNS name', () => {
    for (const host of [
      'cockpit.example.com" ; return 200 "x',
      'cockpit example.com',
      'cockpit.example.com$x',
      'cockpit.example.com/',
      '(.*)',
      'a\nb',
      '*.example.com',
      'cockpit',
    ]) {
      // _headers names no host.
      for (const [file, write] of Object.entries(writers).filter(([name]) => name !== '_headers'))
        refuses(() => write(withHost(host)), `${file}: ${JSON.stringify(host)}`);
    }
  });
});

describe('the policies built from the settings', () => {
  /** The issue's findings, and relatives, with the schema bypassed. */
  const hostile = [
    'https://cov$erage.example.net/map',
    'https://a"b.example.net/',
    'https://*/x.js',
    'https://maps.example.net;script-src/',
    'https://user@*.example.net/',
    'https://[::1]/',
  ];

  it('refuse a URL whose origin is not a plain https origin, in the CSP and the Permissions-Policy', () => {
    for (const url of hostile) {
      const lugano = { ...realSettings, urls: { ...realSettings.urls, luganoMap: url } };
      const coverage = { ...realSettings, urls: { ...realSettings.urls, coverageMap: url } };
      const analytics = { ...realSettings, analytics: { ...realSettings.analytics, scriptUrl: url } };
      // Some of these are not even URLs to the parser: refused either way, never written.
      for (const site of [lugano, coverage, analytics])
        expect(() => contentSecurityPolicy(site, []), url).toThrow();
      expect(() => permissionsPolicy(coverage), url).toThrow();
    }
    expect(() =>
      contentSecurityPolicy(
        {
          ...realSettings,
          urls: { ...realSettings.urls, luganoMap: 'https://maps.example.net;script-src/' },
        },
        [],
      ),
    ).toThrow(expect.objectContaining({ code: 'HOST_RULE_UNSAFE' }));
  });

  it('write the Permissions-Policy origin as a structured string', () => {
    expect(permissionsPolicy(realSettings)).toBe(
      'geolocation=("https://coverage.example.net"), camera=(), microphone=(), payment=(), usb=()',
    );
  });
});

describe('settings the schema accepts', () => {
  it('always give host files every writer writes', () => {
    const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,20}[a-z0-9])?$/);
    const host = fc
      .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[a-z][a-z0-9]{1,8}$/))
      .map(([labels, top]) => [...labels, top].join('.'));
    const rest = fc.stringMatching(
      /^(?:\/[!$&()*+,;=:@a-zA-Z0-9._~-]{0,12}){0,3}(?:\?[!$&()*+,;=:@/?a-zA-Z0-9._~-]{0,12})?$/,
    );
    const url = fc
      .tuple(host, fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }), rest)
      .map(([name, port, tail]) => `https://${name}${port ? `:${port}` : ''}${tail}`);
    let written = 0;
    fc.assert(
      fc.property(url, url, url, host, (coverageMap, luganoMap, scriptUrl, cockpitHost) => {
        const candidate = {
          ...realSettings,
          cockpitHost,
          urls: { ...realSettings.urls, coverageMap, luganoMap },
          analytics: { ...realSettings.analytics, scriptUrl },
        };
        const parsed = siteSettingsSchema.safeParse(candidate);
        if (!parsed.success) return;
        for (const file of buildHostingFiles(rulesFor(parsed.data)))
          expect(typeof file.contents).toBe('string');
        written++;
      }),
      { numRuns: 400 },
    );
    expect(written).toBeGreaterThan(300);
    // Generous: the machine's two cores are shared with builds and browsers.
  }, 240_000);
});
