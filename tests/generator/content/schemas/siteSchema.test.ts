/**
 * The settings' URLs reach the Content-Security-Policy, the Permissions-Policy
 * and every host file through their origin, so the schema accepts only https
 * URLs whose host is a plain DNS name with an optional port. The contact mail's
 * subject prefix is a setting too, and never blank.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { siteSettingsSchema, type SiteSettings } from '../../../../generator/content/schemas/siteSchema.ts';
import { realContent } from '../../../helpers/site.ts';

const realSettings = parse(readFileSync(path.join(realContent, 'site.yaml'), 'utf8')) as SiteSettings;
const urlFields = ['coverageMap', 'networkReport', 'cockpitLogin', 'luganoMap'] as const;

function withUrl(field: (typeof urlFields)[number] | 'analytics' | 'origin', value: string) {
  if (field === 'analytics')
    return { ...realSettings, analytics: { ...realSettings.analytics, scriptUrl: value } };
  if (field === 'origin') return { ...realSettings, origin: value };
  return { ...realSettings, urls: { ...realSettings.urls, [field]: value } };
}

/** The issue's four findings, and their relatives. */
const hostile = [
  'https://cov$erage.example.net/map',
  'https://maps"x.example.net/',
  'https://*/x.js',
  'https://*.example.net/x.js',
  'https://maps.example.net;script-src/',
  'https://maps.example.net;script-src https://evil.example/',
  'https://maps.example.net\nscript-src *',
  "https://maps.example.net/ 'unsafe-inline'",
  'https://user:secret@maps.example.net/',
  'https://maps.example.net:99999/',
  'https://maps.example.net:0/',
  'https://127.0.0.1/',
  'https://[::1]/',
  'https://localhost/',
  'https://-maps.example.net/',
  'https://maps.example.net./',
  'https://maps..example.net/',
  'https://xn--mller-kva.example.net\\@evil.example/',
  'https://maps.example.net/{x}',
  'https://mäps.example.net/',
  'http://maps.example.net/',
  'javascript:alert(1)',
  'https://',
  '',
];

describe('URLs in the settings', () => {
  it('accepts the real settings and ordinary https URLs with a path, query, fragment or port', () => {
    expect(siteSettingsSchema.safeParse(realSettings).success).toBe(true);
    for (const url of [
      'https://maps.example.net',
      'https://maps.example.net:8443/embed?q=Lugano&z=14#x',
      'https://Coverage.Example.NET/map?lang=it',
      'https://xn--mller-kva.example.net/%C3%A9',
      'https://a-b.c-d.example/',
    ]) {
      for (const field of urlFields)
        expect(siteSettingsSchema.safeParse(withUrl(field, url)).success, `${field}: ${url}`).toBe(true);
    }
  });

  it('refuses every URL whose host is not a plain DNS name, or that carries a character a host file reads', () => {
    for (const url of hostile) {
      for (const field of [...urlFields, 'analytics', 'origin'] as const) {
        // An empty analytics URL is allowed: it turns analytics off.
        if (field === 'analytics' && url === '') continue;
        const result = siteSettingsSchema.safeParse(withUrl(field, url));
        expect(result.success, `${field}: ${JSON.stringify(url)}`).toBe(false);
        const issue = result.error!.issues[0];
        expect(issue.path.join('.'), JSON.stringify(url)).toBe(
          field === 'analytics' ? 'analytics.scriptUrl' : field === 'origin' ? 'origin' : `urls.${field}`,
        );
        expect(issue.message).toMatch(/^Expected/);
      }
    }
  });

  it('refuses a cockpit host that is not a plain DNS name', () => {
    for (const host of [
      'cockpit.example.com"',
      'cockpit.example.com:8443',
      'cockpit..example.com',
      '-cockpit.example.com',
      'cockpit.example.com$1',
      '*.example.com',
      '10.0.0.1',
      'cockpit',
    ]) {
      expect(siteSettingsSchema.safeParse({ ...realSettings, cockpitHost: host }).success, host).toBe(false);
    }
    expect(
      siteSettingsSchema.safeParse({ ...realSettings, cockpitHost: 'cockpit-2.example.ch' }).success,
    ).toBe(true);
  });

  it('lets through, from any string at all, only origins made of DNS-name characters and a port', () => {
    // Whatever the schema accepts, the part the host files receive is safe in every one of their syntaxes.
    const candidate = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }).map((rest) => `https://${rest}`),
      fc
        .tuple(
          fc.constantFrom('maps', 'a-b', 'x1'),
          fc.string({ unit: 'binary-ascii', maxLength: 12 }),
          fc.string({ unit: 'binary-ascii', maxLength: 12 }),
        )
        .map(([label, middle, tail]) => `https://${label}${middle}.example.net${tail}`),
    );
    let accepted = 0;
    fc.assert(
      fc.property(candidate, (url) => {
        const result = siteSettingsSchema.safeParse(withUrl('luganoMap', url));
        if (!result.success) return;
        accepted++;
        expect(new URL(url).origin).toMatch(/^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/);
        expect(url).not.toMatch(/[\s"'\\{}]/);
      }),
      { numRuns: 600 },
    );
    // The generator must also produce URLs the schema accepts, or the property says nothing.
    expect(accepted).toBeGreaterThan(2);
    // Generous: the machine's two cores are shared with builds and browsers.
  }, 240_000);
});

describe('contact subject prefix setting', () => {
  const site = realSettings;
  it('is set once in the site settings, its trailing space kept', () => {
    expect(siteSettingsSchema.parse(site).forms.contactSubjectPrefix).toBe('Contact Request: ');
  });
  it('must not be blank', () => {
    expect(siteSettingsSchema.safeParse({ ...site, forms: { contactSubjectPrefix: ' ' } }).success).toBe(
      false,
    );
    expect(siteSettingsSchema.safeParse({ ...site, forms: {} }).success).toBe(false);
  });
});
