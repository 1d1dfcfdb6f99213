/**
 * Every page's content, asserted from the built HTML in every language: each list
 * as long as the content's, each price in its table row and column, zone
 * membership by ISO code, the same structure in every language, and no
 * missing-translation marker anywhere.
 *
 * Expected values come from the loaded content (its plans, zones, countries and
 * tariffs), never today's counts: an editor may add a plan or a tariff row and this
 * file still holds. A text is expected as the content words it (`shownAs`), never as
 * this file would word it: names, numbers, units and dates in each language come from
 * Intl. The facts the site must keep whatever the editors do (the fixed zones, the
 * published addresses, the contract and tariff facts, the extra packages' validity, what
 * the cookie texts disclose) are `site check`'s content gate (generator/check/content.ts).
 */
import { parse, type HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../generator/model/languages.ts';
import type { PageId } from '../../generator/model/routeTable.ts';
import {
  realLanguages,
  realLoadedContent,
  realRouteTable,
  realText,
  shownAs,
} from '../helpers/routeTable.ts';
import type { MemoryBuild } from '../helpers/memoryBuild.ts';
import { sharedBuild } from '../helpers/sharedBuild.ts';

const routeTable = realRouteTable;
const languages = realLanguages.codes;
let site: MemoryBuild;

beforeAll(async () => {
  site = await sharedBuild();
});

const pages = new Map<string, HTMLElement>();
const page = (pageId: PageId, language: Language) => {
  const file = routeTable.routes.find((route) => route.page === pageId && route.language === language)!.file;
  if (!pages.has(file)) pages.set(file, parse(site.text(file)));
  return pages.get(file)!;
};
const elements = (parent: HTMLElement) =>
  parent.childNodes.filter(
    (node): node is HTMLElement =>
      node instanceof Object && 'tagName' in node && Boolean((node as HTMLElement).tagName),
  );
const count = (document: HTMLElement, name: string) => {
  const list = document.querySelector(`[data-count="${name}"]`);
  expect(list, name).toBeTruthy();
  return elements(list!).length;
};
/** Every kind of space as one plain space: French typography and Intl use no-break spaces. */
const plain = (value: string) => value.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
const text = (element: HTMLElement | null | undefined) => plain(element?.text ?? '');

const locale = (language: Language) => `${language}-CH`;
/** Swiss prices read the same in every language, French included: 0.45, 15.00. */
const price = (value: number, _language: Language) => value.toFixed(2);
/** Every amount in a text, as written (0.45, 15.00; a French 0,45 too, so the test sees it). */
const amounts = (value: string) => value.match(/\d+[.,]\d{2}/g) ?? [];
const regionName = (code: string, language: Language, style: 'long' | 'short' = 'long') =>
  new Intl.DisplayNames([locale(language)], { type: 'region', style }).of(code)!;
const longDate = (year: number, month: number, day: number, language: Language) =>
  plain(
    new Intl.DateTimeFormat(locale(language), {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(year, month - 1, day))),
  );
/** An ISO date of tariffs.yaml or a legal file (`2025-10-12` or `2025-03`), as a page says it. */
const dateLabel = (date: string, language: Language) => {
  const [year, month, day] = date.split('-').map(Number);
  return day ? longDate(year, month, day, language) : monthYear(year, month, language);
};
const monthYear = (year: number, month: number, language: Language) =>
  plain(
    new Intl.DateTimeFormat(locale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(year, month - 1, 1)),
    ),
  );

// ---------------------------------------------------------------------------
// The content's facts, read from the loaded content.

const content = realLoadedContent;
/** A country's ISO 3166 code; a territory of two codes (the Channel Islands) is one entry of both. */
const isoOf = (key: string) =>
  [content.countries.find((country) => country.key === key)!.iso].flat().join(' ');
/** Zone membership, as ISO codes, in the content's order. */
const zoneEntries: Record<string, string[]> = Object.fromEntries(
  content.zones.map((zone) => [zone.id, zone.countries.map(isoOf)]),
);
const zoneIds = content.zones.map((zone) => zone.id);
/** The countries of the home market and of the EU and EEA, which the full list puts first, in that order. */
const regionCodes = (region: string) =>
  content.countries.filter((country) => country.region === region).map((country) => isoOf(country.key));

const payPerUseColumns: string[] = content.tariffs.payPerUse.columns;
/** A price as tariffs.yaml holds it: CHF, or a word (`none`, `free`, `provider`) each language says in its own way. */
type Fee = number | 'free' | 'none' | 'provider';
const payPerUse: [item: string, prices: Fee[]][] = content.tariffs.payPerUse.rows.map((row) => [
  row.item,
  row.prices,
]);
const shortNumbers: { numbers: string[]; service?: string; setup: Fee; perMinute: Fee }[] =
  content.tariffs.shortNumbers;

// ---------------------------------------------------------------------------

describe('lists as long as the content’s, in every language', () => {
  // Lists of cards written in the texts: as many in every language as in the reference language.
  const textLists: [PageId, string][] = [
    ['home', 'features'],
    ['home', 'values'],
    ['about', 'core-values'],
    ['about', 'personality'],
    ['coverage', 'coverage-features'],
    ['partnership', 'benefits'],
    ['partnership', 'requirements'],
    ['cockpit', 'cockpit-features'],
  ];
  for (const language of languages) {
    it(language, () => {
      for (const [pageId, name] of textLists) {
        const total = count(page(pageId, language), name);
        expect(total, `${pageId} ${name}`).toBeGreaterThan(0);
        expect(total, `${pageId} ${name}`).toBe(count(page(pageId, realLanguages.default), name));
      }
      expect(count(page('subscriptions', language), 'zones')).toBe(content.zones.length);
      expect(count(page('subscriptions', language), 'plans')).toBe(content.plans.length);
    });
  }
});

describe('subscriptions', () => {
  it('gives every plan its badge, named as the zone’s card names it', () => {
    for (const language of languages) {
      const document = page('subscriptions', language);
      for (const plan of content.plans) {
        const element = document.querySelector(`[data-plan="${plan.id}"] [data-badge]`);
        expect(element, `${language} ${plan.id}`).toBeTruthy();
        expect(zoneIds, `${language} ${plan.id}`).toContain(element!.getAttribute('data-badge'));
        expect(text(element), `${language} ${plan.id}`).toBe(
          text(document.querySelector(`#zone-${element!.getAttribute('data-badge')}-title`)),
        );
      }
    }
  });

  it('has a card per zone with its bullets, a comparison table of zone by plan readable without colour, and no prices', () => {
    for (const language of languages) {
      const document = page('subscriptions', language);
      const zoneFeatures = document
        .querySelectorAll('.zone-card[data-zone]')
        .map((zone) => elements(zone.querySelector('[data-count="zone-features"]')!).length);
      expect(zoneFeatures, language).toHaveLength(content.zones.length);
      for (const bullets of zoneFeatures) expect(bullets, language).toBeGreaterThan(0);
      const table = document.querySelector('table[data-comparison]')!;
      expect(table.querySelectorAll('tbody tr')).toHaveLength(content.zones.length);
      const cells = table.querySelectorAll('tbody td');
      expect(cells).toHaveLength(content.zones.length * content.plans.length);
      for (const cell of cells) expect(text(cell).length, language).toBeGreaterThan(0);
      expect(document.querySelector('main')!.text).not.toMatch(/CHF\s*\d/);
      expect(document.querySelector(`main a[href^="mailto:${content.site.email}"]`)).toBeTruthy();
    }
  });

  describe('countries', () => {
    const zoneList = (document: HTMLElement, zone: string) =>
      document.querySelectorAll(`[data-count="countries-${zone}"] > li`);
    const codesOf = (item: HTMLElement) => item.getAttribute('data-iso') ?? '';
    /**
     * The name Intl gives the entry's codes in the page's language; a territory of two
     * codes joins their names with "and". Hong Kong, whose long name is the
     * administrative "Hong Kong SAR China", may take the short form the spec uses.
     */
    const namesFor = (codes: string, language: Language) => {
      const parts = codes.split(' ');
      if (parts.length > 1)
        return [
          new Intl.ListFormat(locale(language), { type: 'conjunction' }).format(
            parts.map((code) => regionName(code, language)),
          ),
        ];
      return codes === 'HK'
        ? [regionName(codes, language), regionName(codes, language, 'short')]
        : [regionName(codes, language)];
    };
    const collator = (language: Language) => new Intl.Collator(locale(language));
    const sorted = (names: string[], language: Language) => [...names].sort(collator(language).compare);

    for (const language of languages) {
      describe(language, () => {
        // Which countries a zone must hold is the content gate's (generator/check/content.ts); here, that the page shows what the content says.
        it('lists exactly each zone’s countries of the content, by ISO code, in no other zone', () => {
          const document = page('subscriptions', language);
          for (const zone of zoneIds)
            expect(zoneList(document, zone).map(codesOf).sort(), zone).toEqual([...zoneEntries[zone]].sort());
          const all = zoneIds.flatMap((zone) => zoneEntries[zone]);
          expect(new Set(all).size).toBe(all.length);
        });

        it('stars each starred country, and explains the star in its zone’s note', () => {
          const document = page('subscriptions', language);
          const starred = document
            .querySelectorAll('#countries-section .country-list__star')
            .map((star) => codesOf(star.parentNode as HTMLElement));
          expect(starred.sort()).toEqual(
            content.zones.flatMap((zone) => (zone.starred ?? []).map(isoOf)).sort(),
          );
          for (const zone of content.zones.filter((candidate) => (candidate.starred ?? []).length > 0)) {
            const note = text(document.querySelector(`.countries__zone.zone-${zone.id} .countries__note`));
            expect(note.startsWith('*'), note).toBe(true);
          }
        });

        it('states each zone’s count from its list', () => {
          const document = page('subscriptions', language);
          for (const zone of zoneIds)
            expect(text(document.querySelector(`#countries-${zone}-title .countries__count`)), zone).toMatch(
              new RegExp(`^${zoneList(document, zone).length}\\D`),
            );
        });

        it('names every country as Intl does from its code, the home market first in the content’s order, then each group alphabetically, within each zone', () => {
          const document = page('subscriptions', language);
          const regionOf = (codes: string) =>
            content.countries.find((country) => isoOf(country.key) === codes)!.region;
          for (const zone of zoneIds) {
            const items = zoneList(document, zone);
            const names = items.map((item) => text(item).replace(/\*$/, ''));
            items.forEach((item, index) =>
              expect(namesFor(codesOf(item), language), `${zone} ${codesOf(item)}`).toContain(names[index]),
            );
            const codes = items.map(codesOf);
            const home = regionCodes('home').filter((code) => codes.includes(code));
            expect(codes.slice(0, home.length), zone).toEqual(home);
            for (const region of ['eea', 'other']) {
              const group = names.filter((_, index) => regionOf(codes[index]) === region);
              expect(group, `${zone} ${region}`).toEqual(sorted(group, language));
            }
          }
        });

        it('lists every country with its zone in words, CH and LI first, then the EU and EEA, then the rest, each group alphabetical', () => {
          const document = page('subscriptions', language);
          const items = document.querySelectorAll('[data-count="countries-all"] > li');
          const codes = items.map(codesOf);
          const names = items.map((item) => text(item.querySelector('.country-list__name')));
          const zones = items.map((item) => text(item.querySelector('.country-list__zone')));

          // Every country of the content, the number the summary gives, and every zone's entries among them.
          expect(items.length).toBe(content.countries.length);
          expect(text(document.querySelector('.countries__all > summary'))).toContain(String(items.length));
          expect(new Set(codes).size).toBe(codes.length);
          const zoneCodes = Object.fromEntries(
            zoneIds.map((zone) => [zone, zoneList(document, zone).map(codesOf)]),
          );
          for (const zone of zoneIds) expect(codes, zone).toEqual(expect.arrayContaining(zoneCodes[zone]));

          // Order.
          const home = regionCodes('home');
          const eeaCodes = regionCodes('eea');
          expect(codes.slice(0, home.length)).toEqual(home);
          const eea = codes.slice(home.length, home.length + eeaCodes.length);
          expect([...eea].sort()).toEqual([...eeaCodes].sort());
          const restStart = home.length + eea.length;
          expect(names.slice(home.length, restStart)).toEqual(
            sorted(names.slice(home.length, restStart), language),
          );
          expect(names.slice(restStart)).toEqual(sorted(names.slice(restStart), language));

          // Names from Intl.
          codes.forEach((code, index) => expect(namesFor(code, language), code).toContain(names[index]));

          // Each country's zone in words: the zone's name as its card shows it, or the
          // pay-per-use "rest of world" column's own heading for a country of no zone.
          const zoneName = Object.fromEntries(
            zoneIds.map((zone) => [zone, text(document.querySelector(`#zone-${zone}-title`))]),
          );
          const restOfWorld = text(
            page('legal', language).querySelector('#tariffs th[data-tariff-column="restOfWorld"]'),
          );
          expect(restOfWorld.length).toBeGreaterThan(3);
          const expectedZone = (code: string) => {
            const zone = zoneIds.find((candidate) => zoneEntries[candidate].includes(code));
            if (zone) return zoneName[zone];
            return restOfWorld;
          };
          codes.forEach((code, index) =>
            expect(zones[index], `${language} ${code} ${names[index]}`).toBe(expectedZone(code)),
          );
          const restCount = zones.filter((zone) => zone === restOfWorld).length;
          expect(restCount).toBe(
            items.length - zoneIds.reduce((sum, zone) => sum + zoneCodes[zone].length, 0),
          );
          expect(restCount).toBeGreaterThan(0);
          // The legend says what "rest of world" means and links the tariffs.
          const legend = document.querySelector('.countries__legend')!;
          expect(text(legend)).toContain(restOfWorld);
          expect(legend.querySelector('a')!.getAttribute('href')).toBe(
            routeTable.legalSectionPath('tariffs', language),
          );
        });
      });
    }
  });
});

describe('legal', () => {
  const legal = (language: Language) => page('legal', language);

  for (const language of languages) {
    describe(language, () => {
      it('gives each document its own last-updated date from its legal file, a day or a month', () => {
        const documents = content.legal[language];
        const expected: Record<string, [string, string]> = Object.fromEntries(
          (
            [
              ['tariffs', documents.tariffs.lastUpdated],
              ['terms', documents.terms.lastUpdated],
              ['privacy-policy', documents.privacy.lastUpdated],
              ['cookie', documents.cookie.lastUpdated],
            ] as const
          ).map(([id, date]) => [id, [date, dateLabel(date, language)]]),
        );
        for (const [id, [dateTime, label]] of Object.entries(expected)) {
          const times = legal(language).querySelectorAll(`details#${id} .legal-updated time`);
          expect(times, id).toHaveLength(1);
          expect(times[0].getAttribute('datetime'), id).toBe(dateTime);
          expect(text(times[0]), id).toBe(label);
        }
      });

      it('carries every cell of the pay-per-use table in its row and column', () => {
        const table = legal(language).querySelector('#tariffs tr[data-tariff-item]')!.closest('table')!;
        const headers = table.querySelectorAll('thead th');
        expect(headers.slice(1).map((header) => header.getAttribute('data-tariff-column'))).toEqual(
          payPerUseColumns,
        );
        // Each column and row headed by its label of the texts, whatever the editors call the zones.
        const labels = 'legal.tariffTables.payPerUse';
        headers
          .slice(1)
          .forEach((header, index) =>
            expect(text(header), payPerUseColumns[index]).toMatch(
              shownAs(realText(language, `${labels}.columns.${payPerUseColumns[index]}`)),
            ),
          );

        const rows = table.querySelectorAll('tbody tr');
        expect(rows.map((row) => row.getAttribute('data-tariff-item'))).toEqual(
          payPerUse.map(([item]) => item),
        );
        rows.forEach((row, index) =>
          expect(text(row.querySelector('th')), payPerUse[index][0]).toMatch(
            shownAs(realText(language, `${labels}.items.${payPerUse[index][0]}`)),
          ),
        );

        rows.forEach((row, rowIndex) => {
          const [item, prices] = payPerUse[rowIndex];
          const cells = row.querySelectorAll('td').map(text);
          expect(cells, item).toHaveLength(payPerUseColumns.length);
          prices.forEach((value, column) => {
            const where = `${item} × ${payPerUseColumns[column]}`;
            if (typeof value !== 'number') {
              expect(cells[column], where).not.toMatch(/\d/);
              expect(cells[column].length, where).toBeGreaterThan(2);
            } else expect(cells[column], where).toBe(price(value, language));
          });
        });
      });

      // The billing rule's 30 seconds and the extra packages' validity are the content gate's.
      it('prices each special number as the tariffs say, in its rule’s sentence of the texts', () => {
        const table = legal(language)
          .querySelectorAll('#tariffs table')
          .find((candidate) => candidate.querySelectorAll('thead th').length === 2)!;
        const rows = table
          .querySelectorAll('tbody tr')
          .map((row) => ({ number: text(row.querySelector('th')), rate: text(row.querySelector('td')) }));
        // The table keeps the order of tariffs.yaml; each rule's sentence names the row's prices, in order.
        const special = content.tariffs.specialNumbers;
        expect(rows).toHaveLength(special.length);
        special.forEach((expected, index) => {
          const { number, rate } = rows[index];
          const where = `${expected.number} (${expected.rule})`;
          // A number written as digits is shown as written; a named kind (internationalPremium) by its label.
          if (/\d/.test(expected.number)) expect(number, where).toBe(expected.number);
          else
            expect(number, where).toMatch(
              shownAs(realText(language, `legal.tariffTables.specialNumbers.numbers.${expected.number}`)),
            );
          expect(rate, where).toMatch(
            shownAs(realText(language, `legal.tariffTables.specialNumbers.rules.${expected.rule}`)),
          );
          expect(amounts(rate), where).toEqual(
            (expected.prices ?? []).map((value) => price(value, language)),
          );
        });
      });

      it('prices each short number as the tariffs say: setup fee and price per minute', () => {
        const table = legal(language)
          .querySelectorAll('#tariffs table')
          .find((candidate) => candidate.querySelectorAll('thead th').length === 3)!;
        const rows = table.querySelectorAll('tbody tr').map((row) => {
          const header = row.querySelector('th')!;
          const [setup, perMinute] = row.querySelectorAll('td').map(text);
          return {
            numbers: text(header).match(/\b\d{3,4}\b/g) ?? [],
            service: text(header.querySelector('.tariff-table__service')),
            setup,
            perMinute,
          };
        });
        expect(rows).toHaveLength(shortNumbers.length);
        // A price in CHF as Swiss prices read; a word (free) as the texts word it.
        const fee = (value: Fee, cell: string, where: string) => {
          if (typeof value === 'number') expect(cell, where).toBe(price(value, language));
          else expect(cell, where).toMatch(shownAs(realText(language, `legal.tariffTables.${value}`)));
        };
        // The table keeps the order of tariffs.yaml: row by row, numbers, service and both fees.
        shortNumbers.forEach((expected, index) => {
          const where = `${expected.numbers.join(',')} ${expected.service ?? ''}`;
          const row = rows[index];
          expect(row.numbers, where).toEqual(expected.numbers);
          expect(row.service.length > 0, where).toBe(Boolean(expected.service));
          fee(expected.setup, row.setup, `${where} setup`);
          fee(expected.perMinute, row.perMinute, `${where} per minute`);
        });
      });

      // That the terms state the contract's facts (term, notice, jurisdiction) is the content gate's.
      it('renders every section of each legal document inside its accordion, in order', () => {
        const documents = content.legal[language];
        for (const [id, document] of [
          ['tariffs', documents.tariffs],
          ['terms', documents.terms],
          ['privacy-policy', documents.privacy],
          ['cookie', documents.cookie],
        ] as const) {
          const sections = legal(language).querySelectorAll(`details#${id} .legal-section`);
          expect(sections, id).toHaveLength(document.sections.length);
          sections.forEach((section, index) =>
            expect(text(section.querySelector('h2, h3')), `${id} ${index}`).toMatch(
              shownAs(document.sections[index].heading),
            ),
          );
        }
      });

      it('names the footer’s cookie settings link in the cookie notice, as the footer words it', () => {
        const document = legal(language);
        const settings = text(document.querySelector('footer button[data-cookie-settings]'));
        expect(settings.length).toBeGreaterThan(3);
        expect(text(document.querySelector('details#cookie'))).toContain(settings);
      });
    });
  }

  it('opens the route’s accordion, and none on a legal route without a section', () => {
    for (const route of routeTable.routes.filter((candidate) => candidate.page === 'legal')) {
      const document = parse(site.text(route.file));
      const details = document.querySelectorAll('details[data-legal-document]');
      expect(details.map((element) => element.id)).toEqual(['tariffs', 'terms', 'privacy-policy', 'cookie']);
      expect(new Set(details.map((element) => element.getAttribute('name'))).size).toBe(1);
      const open = details.filter((element) => element.hasAttribute('open')).map((element) => element.id);
      const expected = route.legalSection
        ? [route.legalSection === 'privacy' ? 'privacy-policy' : route.legalSection]
        : [];
      expect(open, route.path).toEqual(expected);
    }
  });

  // What the cookie policy must disclose (its categories, where to change the choice) is the content gate's.
  it('has the cookie policy of cookie-policy.yaml: its date, every section in order, the footer’s cookie settings link', () => {
    const cookiePolicy = routeTable.routes.find((route) => route.page === 'cookiePolicy')!;
    const document = parse(site.text(cookiePolicy.file));
    const main = document.querySelector('main')!;
    const time = main.querySelector('.legal-updated time')!;
    expect(time.getAttribute('datetime')).toBe(content.cookiePolicy.lastUpdated);
    expect(text(time)).toBe(dateLabel(content.cookiePolicy.lastUpdated, realLanguages.default));
    const sections = main.querySelectorAll('.legal-section');
    expect(sections).toHaveLength(content.cookiePolicy.sections.length);
    sections.forEach((section, index) =>
      expect(text(section.querySelector('h2')), String(index)).toMatch(
        shownAs(content.cookiePolicy.sections[index].heading),
      ),
    );
    expect(text(main)).toContain(text(document.querySelector('footer button[data-cookie-settings]')));
  });
});

describe('cockpit', () => {
  // That the packages state their validity (1 month, 12 months) is the content gate's.
  it('shows each extra package of the texts with its region, validity and text, on every cockpit route', () => {
    for (const route of routeTable.routes.filter((candidate) => candidate.page === 'cockpit')) {
      const items = (content.texts[route.language].cockpit as { packs: { items: Record<string, string>[] } })
        .packs.items;
      const packs = parse(site.text(route.file)).querySelectorAll('.cockpit-packs > li');
      expect(packs, route.path).toHaveLength(items.length);
      packs.forEach((pack, index) => {
        expect(text(pack.querySelector('h3'))).toMatch(shownAs(items[index].region));
        expect(text(pack.querySelector('.cockpit-pack__validity'))).toMatch(shownAs(items[index].validity));
      });
    }
  });

  it('sends both cockpit buttons to the login portal, on every cockpit route', () => {
    for (const route of routeTable.routes.filter((candidate) => candidate.page === 'cockpit')) {
      const links = parse(site.text(route.file)).querySelectorAll('main a[data-cockpit-login]');
      expect(links.length, route.path).toBe(2);
      for (const link of links) expect(link.getAttribute('href')).toBe(content.site.urls.cockpitLogin);
    }
  });
});

describe('other pages', () => {
  it('embeds the coverage map and offers the 2025 network test report as a PDF, saying so', () => {
    for (const language of languages) {
      const document = page('coverage', language);
      // The map waits in an inert template behind its placeholder until the visitor consents.
      const holder = document.querySelector('[data-consent-frame]')!;
      const frame = holder.querySelector('template iframe')!;
      expect(frame.getAttribute('src')).toBe(content.site.urls.coverageMap);
      expect(frame.getAttribute('allow')).toBe('geolocation');
      expect(frame.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
      expect(frame.getAttribute('title')?.length).toBeGreaterThan(3);
      expect(
        document
          .querySelectorAll('iframe')
          .filter((element) => element.parentNode?.rawTagName !== 'template'),
      ).toEqual([]);
      expect(holder.querySelector('a[target="_blank"]')!.getAttribute('href')).toBe(
        content.site.urls.coverageMap,
      );
      expect(text(holder.querySelector('.consent-frame__who'))).toContain(
        new URL(content.site.urls.coverageMap).host,
      );
      const download = document.querySelector('a[download]')!;
      expect(download.getAttribute('href')).toBe(content.site.urls.networkReport);
      expect(download.getAttribute('download')).toBe(content.site.urls.networkReportFileName);
      expect(download.getAttribute('type')).toBe('application/pdf');
      // The browser may ignore `download` for another origin: the text alone says what the visitor gets.
      expect(text(download)).toMatch(/2025/);
      expect(text(download)).toMatch(/\(PDF\)/);
    }
  });

  it('makes the home, subscriptions and partnership call-to-action buttons plain mailto links to the info address', () => {
    for (const language of languages) {
      for (const pageId of ['home', 'subscriptions', 'partnership'] as PageId[]) {
        const button = page(pageId, language).querySelector('main .cta-block a.button');
        expect(button?.getAttribute('href'), `${pageId} ${language}`).toMatch(
          new RegExp(`^mailto:${content.site.email.replace(/[.+]/g, '\\$&')}(\\?|$)`),
        );
      }
    }
  });

  it('gives the partnership and contact forms every field it asks for, labelled', () => {
    const fields = {
      partnership: [
        'companyName',
        'contactPerson',
        'address',
        'postalCode',
        'city',
        'email',
        'phone',
        'description',
        'consent',
      ],
      contact: ['name', 'email', 'phone', 'company', 'subject', 'message'],
    };
    for (const language of languages) {
      for (const [form, names] of Object.entries(fields)) {
        const document = page(form as PageId, language);
        const element = document.querySelector(`form[data-form="${form}"]`)!;
        expect(element.querySelectorAll('[name]').map((control) => control.getAttribute('name'))).toEqual(
          names,
        );
        for (const name of names) {
          const control = element.querySelector(`[name="${name}"]`)!;
          expect(control.hasAttribute('required'), `${form} ${name}`).toBe(true);
          expect(
            element.querySelector(`label[for="${control.getAttribute('id')}"]`),
            `${form} ${name} label`,
          ).toBeTruthy();
        }
        if (form === 'contact')
          expect(element.querySelectorAll('label').filter((label) => label.text.includes('*')).length).toBe(
            names.length,
          );
      }
    }
  });

  it('shows the contact details from the settings', () => {
    for (const language of languages) {
      const main = page('contact', language).querySelector('main')!;
      const { phones, address, email } = content.site;
      for (const phone of [phones.hotline, phones.abroad])
        expect(main.querySelector(`a[href="tel:${phone.replace(/\s/g, '')}"]`), phone).toBeTruthy();
      expect(main.querySelector(`a[href="mailto:${email}"]`)).toBeTruthy();
      expect(main.text).toContain(address.postalCode);
      expect(main.text).toContain(address.city);
      expect(main.querySelector('[data-consent-frame] template iframe[title]')!.getAttribute('src')).toBe(
        content.site.urls.luganoMap,
      );
      expect(text(main.querySelector('[data-consent-frame] .consent-frame__who'))).toContain(
        new URL(content.site.urls.luganoMap).host,
      );
    }
  });

  it('gives every image alt text, width and height', () => {
    for (const route of routeTable.routes) {
      for (const image of parse(site.text(route.file)).querySelectorAll('img')) {
        expect(
          image.getAttribute('alt')?.trim().length,
          `${route.path} ${image.getAttribute('src')}`,
        ).toBeGreaterThan(3);
        expect(Number(image.getAttribute('width'))).toBeGreaterThan(0);
        expect(Number(image.getAttribute('height'))).toBeGreaterThan(0);
      }
    }
    for (const [pageId, minimum] of [
      ['about', 1],
      ['coverage', 1],
      ['partnership', 1],
    ] as const) {
      expect(page(pageId, 'de').querySelectorAll('main img').length).toBeGreaterThanOrEqual(minimum);
    }
  });

  it('says the not-found headline of the texts in every language', () => {
    for (const language of languages) {
      const file = routeTable.pathOf('notFound', language).slice(1);
      const title = (content.texts[language].notFound as { title: string }).title;
      expect(plain(parse(site.text(file)).querySelector('h1')!.text), language).toBe(plain(title));
    }
  });
});

describe('all languages', () => {
  it('leave no missing-translation marker anywhere in the output', () => {
    for (const path of site.paths.filter(
      (file) => /\.(html|xml|json|txt|webmanifest)$/.test(file) || file.startsWith('_'),
    )) {
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
        lists: main
          .querySelectorAll('[data-count]')
          .map((list) => `${list.getAttribute('data-count')}:${elements(list).length}`),
        links: main.querySelectorAll('a').length,
        fields: main.querySelectorAll('input, textarea, select').length,
      };
    };
    for (const pageId of [
      'home',
      'about',
      'subscriptions',
      'coverage',
      'partnership',
      'contact',
      'esim',
      'cockpit',
      'legal',
      'notFound',
    ] as PageId[]) {
      const italian = shape(page(pageId, 'it').toString());
      for (const language of languages.slice(1))
        expect(shape(page(pageId, language).toString()), `${pageId} ${language}`).toEqual(italian);
    }
  });
});
