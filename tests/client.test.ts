/** Unit tests of the browser scripts' pure parts. */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it, vi } from 'vitest';
import { consentKeyFor } from '../client/lib/consent.ts';
import { decideFirstVisit, type FirstVisitInput } from '../client/lib/firstVisit.ts';
import { buildContactMail, buildPartnershipMail, type FormConfig } from '../client/lib/formMail.ts';
import { constraintAttributes, firstError, formRules } from '../client/lib/formRules.ts';
import { idFromHash } from '../client/lib/hash.ts';
import { runIndependently } from '../client/lib/independently.ts';
import { prefixedPath } from '../client/lib/language.ts';
import { legalPageFor } from '../client/lib/notFound.ts';
import { buildMailtoLink } from '../client/lib/mailto.ts';
import { siteSettingsSchema } from '../generator/schema.ts';

/** The languages as the build bundles them into the scripts, and a copy with Romansh added. */
const fourLanguages = { codes: ['it', 'en', 'de', 'fr'], default: 'it' };
const withRomansh = { codes: ['it', 'en', 'de', 'fr', 'rm'], default: 'it' };

/** What a mail program reads from a mailto link (RFC 6068). */
function parseMailto(href: string) {
  const url = new URL(href);
  expect(url.protocol).toBe('mailto:');
  const query = href.slice(href.indexOf('?') + 1);
  const parameters = Object.fromEntries(query.split('&').map((pair) => {
    const [key, value] = pair.split('=');
    return [key, decodeURIComponent(value)];
  }));
  return { to: url.pathname, subject: parameters.subject as string | undefined, body: parameters.body as string | undefined };
}

describe('buildMailtoLink', () => {
  it('encodes characters with a meaning in URLs', () => {
    const href = buildMailtoLink('info@example.com', { subject: 'A & B? #1 100% + "x"', body: 'line 1\nline 2' });
    expect(href).toBe('mailto:info@example.com?subject=A%20%26%20B%3F%20%231%20100%25%20%2B%20%22x%22&body=line%201%0D%0Aline%202');
  });

  it('round-trips any input, emoji and line breaks included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 500 }), fc.string({ unit: 'grapheme', maxLength: 500 }), (subject, body) => {
        const parsed = parseMailto(buildMailtoLink('info@example.com', { subject: subject || undefined, body: body || undefined }));
        expect(parsed.to).toBe('info@example.com');
        expect(parsed.subject ?? '').toBe(subject);
        expect(parsed.body ?? '').toBe(body.replace(/\r?\n/g, '\r\n'));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves no raw reserved character in the query', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const query = buildMailtoLink('info@example.com', { subject: text, body: text }).split('?')[1] ?? '';
        expect(query.split('&').length).toBeLessThanOrEqual(2);
        expect(query).not.toMatch(/[#?\s"<>]/);
      }),
    );
  });
});

const partnershipConfig: FormConfig = {
  to: 'info@example.com',
  labels: { companyName: 'Company name', contactPerson: 'Contact person', description: 'Description' },
  errors: {},
  rules: {},
  subject: 'New partnership request',
  consent: 'I consent to sending my data to info@example.com',
};

describe('form mail drafts', () => {
  it('lists the labelled partnership fields and the consent sentence', () => {
    const parsed = parseMailto(buildPartnershipMail(partnershipConfig, { companyName: 'Müller & Söhne AG', contactPerson: 'Anna #1', description: '50% more?\nYes', consent: true }));
    expect(parsed.subject).toBe('New partnership request');
    expect(parsed.body).toBe('Company name: Müller & Söhne AG\r\nContact person: Anna #1\r\nDescription: 50% more?\r\nYes\r\n\r\nI consent to sending my data to info@example.com');
  });

  it('starts the contact subject with "Contact Request: "', () => {
    const config: FormConfig = { to: 'info@example.com', labels: { name: 'Nome', subject: 'Oggetto' }, errors: {}, rules: {}, subject: 'Contact Request: ' };
    const parsed = parseMailto(buildContactMail(config, { name: 'Luca', subject: 'Offerta 5G + eSIM' }));
    expect(parsed.subject).toBe('Contact Request: Offerta 5G + eSIM');
    expect(parsed.body).toBe('Nome: Luca\r\nOggetto: Offerta 5G + eSIM');
  });
});

describe('contact subject prefix setting', () => {
  const site = parseYaml(readFileSync('content/site.yaml', 'utf8'));
  it('is set once in the site settings, its trailing space kept', () => {
    expect(siteSettingsSchema.parse(site).forms.contactSubjectPrefix).toBe('Contact Request: ');
  });
  it('must not be blank', () => {
    expect(siteSettingsSchema.safeParse({ ...site, forms: { contactSubjectPrefix: ' ' } }).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ ...site, forms: {} }).success).toBe(false);
  });
});

describe('form rules', () => {
  const { partnership, contact } = formRules;
  it('applies the forms’ minimum lengths', () => {
    const cases: [keyof typeof partnership, number][] = [['companyName', 2], ['contactPerson', 3], ['address', 5], ['postalCode', 2], ['city', 2], ['phone', 6], ['description', 20]];
    for (const [field, minimum] of cases) {
      expect(firstError(partnership[field].rules, 'x'.repeat(minimum - 1)), field).toBeDefined();
      expect(firstError(partnership[field].rules, 'x'.repeat(minimum)), field).toBeUndefined();
    }
    const contactCases: [keyof typeof contact, number][] = [['name', 2], ['phone', 5], ['company', 2], ['subject', 2], ['message', 10]];
    for (const [field, minimum] of contactCases) {
      expect(firstError(contact[field].rules, 'x'.repeat(minimum - 1)), field).toBeDefined();
      expect(firstError(contact[field].rules, 'x'.repeat(minimum)), field).toBeUndefined();
    }
  });

  it('caps the description at 500 characters with its own message', () => {
    expect(firstError(partnership.description.rules, 'x'.repeat(500))).toBeUndefined();
    expect(firstError(partnership.description.rules, 'x'.repeat(501))).toBe('descriptionMax');
    expect(firstError(partnership.description.rules, 'short')).toBe('descriptionMin');
  });

  it('accepts exactly the HTML standard’s valid e-mail addresses, as type=email does', () => {
    const valid = ['anna@example.com', 'a@b.cd', 'anna+test@example.com', "o'neil.x_y!#$%&*/=?^`{|}~-@sub.example-1.ch", 'a@intranet', `a@${'b'.repeat(63)}.ch`, ' anna@example.com '];
    for (const address of valid) expect(firstError(contact.email.rules, address), address).toBeUndefined();
    const invalid = ['', 'anna', 'anna@', '@example.com', 'an na@example.com', 'a@b..cd', 'a@.b.cd', 'a@b.cd.', 'a@-b.cd', 'a@b-.cd', 'a@b_c.cd', 'a@b.cd@e.fg', `a@${'b'.repeat(64)}.ch`, 'a@bücher.ch', 'anna@example.com\nx'];
    for (const address of invalid) expect(firstError(contact.email.rules, address), address).toBe('email');
  });

  it('checks consent', () => {
    expect(firstError(partnership.consent.rules, false)).toBe('consent');
    expect(firstError(partnership.consent.rules, true)).toBeUndefined();
  });

  it('counts characters, not UTF-16 units: an emoji is one character', () => {
    const emoji = '😀';
    expect(emoji.length).toBe(2);
    expect(firstError(contact.name.rules, emoji)).toBe('name');
    expect(firstError(contact.name.rules, emoji + emoji)).toBeUndefined();
    expect(firstError(partnership.description.rules, 'x'.repeat(18) + emoji)).toBe('descriptionMin');
    expect(firstError(partnership.description.rules, 'x'.repeat(19) + emoji)).toBeUndefined();
    expect(firstError(partnership.description.rules, 'x'.repeat(499) + emoji)).toBeUndefined();
    expect(firstError(partnership.description.rules, 'x'.repeat(500) + emoji)).toBe('descriptionMax');
    expect(firstError(partnership.description.rules, emoji.repeat(500))).toBeUndefined();
    expect(firstError(partnership.description.rules, emoji.repeat(501))).toBe('descriptionMax');
  });

  it('gives the browser the same constraints', () => {
    expect(constraintAttributes(partnership.description)).toEqual({ required: true, minLength: 20, maxLength: 500 });
    expect(constraintAttributes(contact.email)).toEqual({ required: true });
  });
});

describe('first-visit decision', () => {
  const base: FirstVisitInput = { path: '/', storedLanguage: null, redirectDone: false, userAgent: 'Mozilla/5.0 Chrome/156', browserLanguage: 'it-CH', languages: fourLanguages };
  it('follows the browser language for en, de and fr only', () => {
    expect(decideFirstVisit({ ...base, browserLanguage: 'en-US' })).toEqual({ target: '/en/', setRedirectDone: true });
    expect(decideFirstVisit({ ...base, browserLanguage: 'de-CH' })).toEqual({ target: '/de/', setRedirectDone: true });
    expect(decideFirstVisit({ ...base, browserLanguage: 'fr' })).toEqual({ target: '/fr/', setRedirectDone: true });
    expect(decideFirstVisit({ ...base, browserLanguage: 'es-ES' })).toEqual({ target: undefined, setRedirectDone: true });
    expect(decideFirstVisit({ ...base, browserLanguage: 'it-CH' })).toEqual({ target: undefined, setRedirectDone: true });
  });
  it('decides only on /, once per session and never for bots, setting the flag whenever it decides', () => {
    expect(decideFirstVisit({ ...base, path: '/chi-siamo/', browserLanguage: 'en' })).toEqual({ setRedirectDone: false });
    expect(decideFirstVisit({ ...base, redirectDone: true, browserLanguage: 'en' })).toEqual({ setRedirectDone: true });
    expect(decideFirstVisit({ ...base, userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0)', browserLanguage: 'en' })).toEqual({ setRedirectDone: true });
  });
  it('lets a valid stored language win over the browser language, on the first / of a session only', () => {
    expect(decideFirstVisit({ ...base, storedLanguage: 'it', browserLanguage: 'en' })).toEqual({ target: undefined, setRedirectDone: true });
    expect(decideFirstVisit({ ...base, storedLanguage: 'de', browserLanguage: 'en' })).toEqual({ target: '/de/', setRedirectDone: true });
    expect(decideFirstVisit({ ...base, storedLanguage: 'en', browserLanguage: 'it-CH' })).toEqual({ target: '/en/', setRedirectDone: true });
    // Later in the session the Italian home stays reachable, whatever is stored.
    expect(decideFirstVisit({ ...base, storedLanguage: 'en', redirectDone: true })).toEqual({ setRedirectDone: true });
    expect(decideFirstVisit({ ...base, storedLanguage: 'fr', userAgent: 'Googlebot/2.1' })).toEqual({ setRedirectDone: true });
  });
  it('ignores an invalid stored language and follows the browser', () => {
    expect(decideFirstVisit({ ...base, storedLanguage: 'xx', browserLanguage: 'fr-CH' })).toEqual({ target: '/fr/', setRedirectDone: true });
    expect(decideFirstVisit({ ...base, storedLanguage: 'EN', browserLanguage: 'it-CH' })).toEqual({ target: undefined, setRedirectDone: true });
  });
  it('takes its languages from the build: a fifth language redirects like the others', () => {
    expect(decideFirstVisit({ ...base, browserLanguage: 'rm-CH', languages: withRomansh })).toEqual({ target: '/rm/', setRedirectDone: true });
    expect(decideFirstVisit({ ...base, storedLanguage: 'rm', languages: withRomansh })).toEqual({ target: '/rm/', setRedirectDone: true });
    expect(decideFirstVisit({ ...base, storedLanguage: 'rm', browserLanguage: 'fr' })).toEqual({ target: '/fr/', setRedirectDone: true });
  });
});

describe('prefixedPath', () => {
  it('swaps the language prefix of an unknown path', () => {
    expect(prefixedPath('/de/nope', 'en', fourLanguages)).toBe('/en/nope');
    expect(prefixedPath('/nope', 'fr', fourLanguages)).toBe('/fr/nope');
    expect(prefixedPath('/fr/a/b/', 'it', fourLanguages)).toBe('/a/b/');
    expect(prefixedPath('/', 'de', fourLanguages)).toBe('/de/');
    expect(prefixedPath('/english', 'de', fourLanguages)).toBe('/de/english');
  });
  it('treats the prefix of any language the build names as a prefix', () => {
    expect(prefixedPath('/rm/nope', 'de', withRomansh)).toBe('/de/nope');
    expect(prefixedPath('/rm/nope', 'de', fourLanguages)).toBe('/de/rm/nope');
    expect(prefixedPath('/nope/', 'rm', withRomansh)).toBe('/rm/nope/');
  });
});

describe('not-found forwarding', () => {
  const legalPaths = { it: '/legal/', en: '/en/legal/', rm: '/rm/legal/' };
  it('forwards exactly one unknown segment under a language’s legal page to that page', () => {
    expect(legalPageFor('/legal/x', legalPaths)).toBe('/legal/');
    expect(legalPageFor('/rm/legal/x/', legalPaths)).toBe('/rm/legal/');
    expect(legalPageFor('/en/legal/x', legalPaths)).toBe('/en/legal/');
    expect(legalPageFor('/legal/x/y', legalPaths)).toBeUndefined();
    expect(legalPageFor('/de/legal/x', legalPaths)).toBeUndefined();
    expect(legalPageFor('/legal/', legalPaths)).toBeUndefined();
  });
});

describe('idFromHash', () => {
  it('decodes a percent-encoded id and takes a malformed one as written', () => {
    expect(idFromHash('#tariff-zones')).toBe('tariff-zones');
    expect(idFromHash('#%C3%BCber-uns')).toBe('über-uns');
    expect(idFromHash('#%E0')).toBe('%E0');
    expect(idFromHash('#50%')).toBe('50%');
    expect(idFromHash('')).toBe('');
  });
});

describe('runIndependently', () => {
  it('logs a behaviour that throws and still runs the others', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ran: string[] = [];
    runIndependently({
      first: () => ran.push('first'),
      broken: () => {
        throw new Error('boom');
      },
      last: () => ran.push('last'),
    });
    expect(ran).toEqual(['first', 'last']);
    expect(error).toHaveBeenCalledWith('broken failed:', expect.any(Error));
    error.mockRestore();
  });
});

describe('consentKeyFor', () => {
  it('keeps the brand’s letters and digits of any script, lower case, other runs as one dash', () => {
    expect(consentKeyFor('Example Mobile')).toBe('example-mobile-cookie-consent');
    expect(consentKeyFor('Öko Mobile')).toBe('öko-mobile-cookie-consent');
    expect(consentKeyFor('  Télé & Co. 5G!  ')).toBe('télé-co-5g-cookie-consent');
    expect(consentKeyFor('Ｅｘａｍｐｌｅ ＭＯＢＩＬＥ')).toBe('example-mobile-cookie-consent');
    expect(consentKeyFor('ﬁbre')).toBe('fibre-cookie-consent');
    expect(consentKeyFor('Mobile\u0301')).toBe('mobilé-cookie-consent');
    expect(consentKeyFor('Σ Mobil')).toBe('σ-mobil-cookie-consent');
    expect(consentKeyFor('日本モバイル')).toBe('日本モバイル-cookie-consent');
  });

  it('is never empty', () => {
    expect(consentKeyFor('!!!')).toBe('site-cookie-consent');
    expect(consentKeyFor('')).toBe('site-cookie-consent');
  });
});
