/**
 * Every page's content, asserted from the built HTML in all four languages:
 * the counts and facts of the spec, the same structure in every language, and no
 * missing-translation marker anywhere.
 */
import { parse, type HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRouteTable, type PageId } from '../generator/routes.ts';
import { buildInMemory, type MemoryBuild } from './helpers/memoryBuild.ts';

const routeTable = createRouteTable();
const languages = ['it', 'en', 'de', 'fr'] as const;
let site: MemoryBuild;

beforeAll(async () => {
  site = await buildInMemory();
});

const page = (pageId: PageId, language: (typeof languages)[number]) =>
  parse(site.text(routeTable.routes.find((route) => route.page === pageId && route.language === language)!.file));
const count = (document: HTMLElement, name: string) => {
  const list = document.querySelector(`[data-count="${name}"]`);
  expect(list, name).toBeTruthy();
  return list!.childNodes.filter((node) => node instanceof Object && 'tagName' in node && (node as HTMLElement).tagName).length;
};
const locale = (language: string) => `${language}-CH`;
const price = (value: number, language: string) => new Intl.NumberFormat(locale(language), { minimumFractionDigits: 2 }).format(value);

describe('counts of section 9 in every language', () => {
  const expected: [PageId, string, number][] = [
    ['home', 'features', 6],
    ['home', 'values', 4],
    ['about', 'core-values', 4],
    ['about', 'personality', 4],
    ['coverage', 'coverage-features', 4],
    ['partnership', 'benefits', 5],
    ['partnership', 'requirements', 5],
    ['cockpit', 'cockpit-features', 6],
    ['subscriptions', 'zones', 4],
    ['subscriptions', 'plans', 3],
  ];
  for (const language of languages) {
    it(language, () => {
      for (const [pageId, name, total] of expected) expect(count(page(pageId, language), name), `${pageId} ${name}`).toBe(total);
    });
  }
});

describe('subscriptions', () => {
  it('computes each plan’s badge from its data', () => {
    for (const language of languages) {
      const document = page('subscriptions', language);
      const badge = (plan: string) => document.querySelector(`[data-plan="${plan}"] [data-badge]`)?.getAttribute('data-badge');
      expect([badge('my-swiss'), badge('my-europe-plus'), badge('my-world')], language).toEqual(['switzerland', 'business', 'global']);
    }
  });

  it('lists the zones’ countries as section 3 says, France starred, about 130 in all', () => {
    for (const language of languages) {
      const document = page('subscriptions', language);
      expect(document.querySelector('#tariff-zones #countries-section'), language).toBeTruthy();
      expect(count(document, 'countries-switzerland')).toBe(2);
      expect(count(document, 'countries-europe')).toBe(29);
      expect(count(document, 'countries-business')).toBe(26);
      expect(count(document, 'countries-global')).toBe(60);
      expect(count(document, 'countries-all')).toBe(130);
      const france = document.querySelector('[data-count="countries-europe"] [data-country="france"]')!;
      expect(france.text).toContain('*');
      expect(france.text).toContain(new Intl.DisplayNames([locale(language)], { type: 'region' }).of('FR'));
      const zoneFeatures = document.querySelectorAll('[data-zone]').map((zone) => zone.querySelector('[data-count="zone-features"]')!.childNodes.filter((node) => (node as HTMLElement).tagName).length);
      expect(zoneFeatures).toEqual([3, 3, 4, 3]);
      const all = document.querySelectorAll('[data-count="countries-all"] [data-country]').map((item) => item.getAttribute('data-country'));
      expect(all.slice(0, 2).sort()).toEqual(['liechtenstein', 'switzerland']);
    }
  });

  it('has a comparison table readable without colour, and no prices', () => {
    for (const language of languages) {
      const document = page('subscriptions', language);
      const table = document.querySelector('table[data-comparison]')!;
      expect(table.querySelectorAll('tbody tr')).toHaveLength(4);
      const cells = table.querySelectorAll('tbody td');
      expect(cells).toHaveLength(12);
      for (const cell of cells) expect(cell.text.trim().length, language).toBeGreaterThan(0);
      expect(document.querySelector('main')!.text).not.toMatch(/CHF\s*\d/);
      expect(document.querySelector('main a[href^="mailto:info@example.com"]')).toBeTruthy();
    }
  });
});

describe('legal', () => {
  const tariffRows: [number | 'none', number, number, number][] = [
    [0.45, 0.45, 1.0, 4.0],
    [2.7, 2.7, 3.0, 4.0],
    [2.7, 2.7, 3.0, 4.0],
    ['none', 0.23, 0.5, 2.0],
    [0.05, 0.23, 0.5, 0.6],
    [0.5, 0.8, 1.6, 1.6],
    [0.01, 0.1, 1.0, 15.0],
  ];

  it('carries every cell of the pay-per-use table', () => {
    for (const language of languages) {
      const document = page('legal', language);
      const table = document.querySelector('#tariffs table')!;
      const rows = table.querySelectorAll('tbody tr').map((row) => row.querySelectorAll('td').map((cell) => cell.text.trim()));
      expect(rows).toHaveLength(7);
      rows.forEach((cells, index) => {
        const expected = tariffRows[index].map((value) => (value === 'none' ? undefined : price(value, language)));
        expected.forEach((value, column) => {
          if (value) expect(cells[column], `${language} row ${index}`).toBe(value);
          else expect(cells[column]).not.toMatch(/\d/);
        });
      });
    }
  });

  it('carries every special and short number, the contract terms and both last-updated dates', () => {
    for (const language of languages) {
      const text = page('legal', language).querySelector('main')!.text;
      for (const number of ['0800', '084x', '0900', '0901', '0906', '112', '117', '118', '143', '144', '145', '140', '1414', '163']) expect(text, `${language} ${number}`).toContain(number);
      for (const value of [0.08, 0.25, 0.49, 0.2, 1.0]) expect(text, `${language} ${value}`).toContain(price(value, language));
      for (const fact of ['24', '3', '10', 'Lugano']) expect(text).toContain(fact);
      expect(text).toContain(new Intl.DateTimeFormat(locale(language), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2025, 9, 12))));
      expect(text).toContain(new Intl.DateTimeFormat(locale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2025, 2, 1))));
    }
  });

  it('opens the route’s accordion and none on /legal/ and /condizioni/', () => {
    for (const route of routeTable.routes.filter((candidate) => candidate.page === 'legal')) {
      const document = parse(site.text(route.file));
      const details = document.querySelectorAll('details[data-legal-document]');
      expect(details.map((element) => element.id)).toEqual(['tariffs', 'terms', 'privacy-policy', 'cookie']);
      expect(new Set(details.map((element) => element.getAttribute('name'))).size).toBe(1);
      const open = details.filter((element) => element.hasAttribute('open')).map((element) => element.id);
      const expected = route.legalSection ? [route.legalSection === 'privacy' ? 'privacy-policy' : route.legalSection] : [];
      expect(open, route.path).toEqual(expected);
    }
  });

  it('has the Italian cookie policy, last updated August 2024', () => {
    const text = parse(site.text('cookie-policy/index.html')).querySelector('main')!.text;
    expect(text).toContain('agosto 2024');
    for (const kind of ['necessari', 'preferenz', 'statistic', 'marketing']) expect(text.toLowerCase()).toContain(kind);
  });
});

describe('other pages', () => {
  it('embeds the coverage map and offers the 2025 report as a download', () => {
    for (const language of languages) {
      const document = page('coverage', language);
      const frame = document.querySelector('iframe')!;
      expect(frame.getAttribute('src')).toBe('https://coverage.example.net/map?lang=it');
      expect(frame.getAttribute('allow')).toContain('geolocation');
      expect(frame.getAttribute('loading')).toBe('lazy');
      expect(frame.getAttribute('title')?.length).toBeGreaterThan(3);
      const download = document.querySelector('a[download]')!;
      expect(download.getAttribute('href')).toBe('https://files.example.net/network-test-2025.pdf');
      expect(download.getAttribute('download')).toBe('network-test-2025.pdf');
    }
  });

  it('sends both cockpit buttons to the login portal, on every cockpit route', () => {
    for (const route of routeTable.routes.filter((candidate) => candidate.page === 'cockpit')) {
      const links = parse(site.text(route.file)).querySelectorAll('main a[data-cockpit-login]');
      expect(links.length, route.path).toBe(2);
      for (const link of links) expect(link.getAttribute('href')).toBe('https://login.example.com/');
    }
  });

  it('makes the home, subscriptions and partnership call-to-action buttons plain mailto links to the info address', () => {
    for (const language of languages) {
      for (const pageId of ['home', 'subscriptions', 'partnership'] as PageId[]) {
        const button = page(pageId, language).querySelector('main .cta-block a.button');
        expect(button?.getAttribute('href'), `${pageId} ${language}`).toMatch(/^mailto:info@example\.com(\?|$)/);
      }
    }
  });

  it('gives the partnership and contact forms every field of section 3, labelled', () => {
    const fields = {
      partnership: ['companyName', 'contactPerson', 'address', 'postalCode', 'city', 'email', 'phone', 'description', 'consent'],
      contact: ['name', 'email', 'phone', 'company', 'subject', 'message'],
    };
    for (const language of languages) {
      for (const [form, names] of Object.entries(fields)) {
        const document = page(form as PageId, language);
        const element = document.querySelector(`form[data-form="${form}"]`)!;
        expect(element.querySelectorAll('[name]').map((control) => control.getAttribute('name'))).toEqual(names);
        for (const name of names) {
          const control = element.querySelector(`[name="${name}"]`)!;
          expect(control.hasAttribute('required'), `${form} ${name}`).toBe(true);
          expect(element.querySelector(`label[for="${control.getAttribute('id')}"]`), `${form} ${name} label`).toBeTruthy();
        }
        if (form === 'contact') expect(element.querySelectorAll('label').filter((label) => label.text.includes('*')).length).toBe(names.length);
      }
    }
  });

  it('shows the contact details from the settings', () => {
    for (const language of languages) {
      const main = page('contact', language).querySelector('main')!;
      expect(main.querySelector('a[href="tel:+41910000000"]')).toBeTruthy();
      expect(main.querySelector('a[href="tel:+41910000001"]')).toBeTruthy();
      expect(main.querySelector('a[href="mailto:info@example.com"]')).toBeTruthy();
      expect(main.text).toContain('6900');
      expect(main.text).toContain('Lugano');
      expect(main.querySelector('iframe[title]')).toBeTruthy();
    }
  });

  it('gives every image alt text, width and height', () => {
    for (const route of routeTable.routes) {
      for (const image of parse(site.text(route.file)).querySelectorAll('img')) {
        expect(image.getAttribute('alt')?.trim().length, `${route.path} ${image.getAttribute('src')}`).toBeGreaterThan(3);
        expect(Number(image.getAttribute('width'))).toBeGreaterThan(0);
        expect(Number(image.getAttribute('height'))).toBeGreaterThan(0);
      }
    }
    for (const [pageId, minimum] of [['about', 1], ['coverage', 1], ['partnership', 1]] as const) {
      expect(page(pageId, 'de').querySelectorAll('main img').length).toBeGreaterThanOrEqual(minimum);
    }
  });

  it('says the German not-found headline', () => {
    expect(parse(site.text('de/404.html')).querySelector('h1')!.text).toBe('Seite nicht gefunden');
  });
});

describe('all languages', () => {
  it('leave no missing-translation marker anywhere in the output', () => {
    for (const path of site.paths.filter((file) => /\.(html|xml|json|txt|webmanifest)$/.test(file) || file.startsWith('_'))) {
      expect(site.text(path), path).not.toContain('⚠️');
    }
    expect(site.report.unresolvedKeys).toEqual([]);
    for (const language of languages) expect(site.report.missingTranslations[language], language).toEqual([]);
  });

  it('have the same structure on every page', () => {
    const shape = (html: string) => {
      const main = parse(html).querySelector('main')!;
      return {
        headings: main.querySelectorAll('h1, h2, h3, h4').map((heading) => heading.tagName),
        lists: main.querySelectorAll('[data-count]').map((list) => `${list.getAttribute('data-count')}:${list.childNodes.filter((node) => (node as HTMLElement).tagName).length}`),
        links: main.querySelectorAll('a').length,
        fields: main.querySelectorAll('input, textarea, select').length,
      };
    };
    for (const pageId of ['home', 'about', 'subscriptions', 'coverage', 'partnership', 'contact', 'esim', 'cockpit', 'legal', 'notFound'] as PageId[]) {
      const italian = shape(page(pageId, 'it').toString());
      for (const language of languages.slice(1)) expect(shape(page(pageId, language).toString()), `${pageId} ${language}`).toEqual(italian);
    }
  });
});
