/**
 * Every page's content, asserted from the built HTML in all four languages: the
 * counts and facts of the spec, each price in its table row and column, zone
 * membership by ISO code, the same structure in every language, and no
 * missing-translation marker anywhere.
 *
 * Expected values are the site's facts (its pages, plans, zones and tariffs)
 * written out here; names, numbers, units and dates in each language come from Intl, never
 * from the build. Where a fact is prose (contract terms, billing rules), each
 * language's phrasing of it is written here as a pattern that one sentence of
 * the page must match.
 */
import { parse, type HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../generator/model/languages.ts';
import type { PageId } from '../../generator/model/routeTable.ts';
import { ofLanguage, realLanguages, realRouteTable } from '../helpers/routeTable.ts';
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
const months = (value: number, language: Language) =>
  plain(
    new Intl.NumberFormat(locale(language), { style: 'unit', unit: 'month', unitDisplay: 'long' }).format(
      value,
    ),
  );
const longDate = (year: number, month: number, day: number, language: Language) =>
  plain(
    new Intl.DateTimeFormat(locale(language), {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(year, month - 1, day))),
  );
const monthYear = (year: number, month: number, language: Language) =>
  plain(
    new Intl.DateTimeFormat(locale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(year, month - 1, 1)),
    ),
  );

// ---------------------------------------------------------------------------
// The spec's facts.

/** Zone membership, as ISO 3166 codes; an entry of two codes is one territory. */
const eu27 = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];
const zoneEntries = {
  switzerland: ['CH', 'LI'],
  europe: [...eu27, 'IS', 'NO'],
  // The 26 named countries and territories. The Channel Islands have no ISO code of
  // their own: they are one entry made of Guernsey and Jersey, so 26 entries, 27 codes.
  business: [
    'AD',
    'AU',
    'BR',
    'CA',
    'CN',
    'EG',
    'AE',
    'JP',
    'GI',
    'GL',
    'HK',
    'IN',
    'IM',
    'FO',
    'GG JE',
    'MA',
    'MX',
    'MC',
    'NZ',
    'GB',
    'ZA',
    'TW',
    'TH',
    'TR',
    'US',
    'SG',
  ],
} as const;
/** Global: "about 60 further countries", including these ten. */
const globalNamed = ['AL', 'SA', 'AR', 'CL', 'KR', 'PH', 'NG', 'RU', 'UA', 'VN'];
const globalSize = { min: 55, max: 65 };
const zoneIds = ['switzerland', 'europe', 'business', 'global'] as const;

/** Pay-per-use tariffs (CHF): rows by item, columns CH/FL, Europe Plus / Business, Global, rest of world. */
const payPerUseColumns = ['chFl', 'europeBusiness', 'global', 'restOfWorld'];
const payPerUse: [item: string, prices: (number | 'none')[]][] = [
  ['callsToChFl', [0.45, 0.45, 1.0, 4.0]],
  ['callsToGlobal', [2.7, 2.7, 3.0, 4.0]],
  ['callsToRestOfWorld', [2.7, 2.7, 3.0, 4.0]],
  ['incomingCalls', ['none', 0.23, 0.5, 2.0]],
  ['sms', [0.05, 0.23, 0.5, 0.6]],
  ['mms', [0.5, 0.8, 1.6, 1.6]],
  ['dataPerMb', [0.01, 0.1, 1.0, 15.0]],
];

/** Short numbers: setup fee / price per minute. */
type Fee = number | 'free';
const shortNumbers: {
  numbers: string[];
  service?: 'wakeUp' | 'traffic' | 'airRescue';
  setup: Fee;
  perMinute: Fee;
}[] = [
  { numbers: ['112', '117', '118', '143', '144', '145'], setup: 'free', perMinute: 'free' },
  { numbers: ['140'], setup: 0.5, perMinute: 0.5 },
  { numbers: ['1414'], service: 'wakeUp', setup: 0.5, perMinute: 'free' },
  { numbers: ['163'], service: 'traffic', setup: 1.0, perMinute: 1.0 },
  { numbers: ['1414'], service: 'airRescue', setup: 'free', perMinute: 0.2 },
];

/** How each language words the facts that are prose. */
const wording: Partial<
  Record<
    Language,
    {
      free: RegExp;
      minute: RegExp;
      perCall: RegExp;
      provider: RegExp;
      /** How the rate for a call from the EU is qualified, after its price in brackets. */
      fromEu: string;
      premium: RegExp;
      services: Record<'wakeUp' | 'traffic' | 'airRescue', RegExp>;
      billing: { perSecond: RegExp; kilobyte: RegExp; duration: RegExp };
      terms: Record<string, RegExp>;
      abroad: RegExp;
      oneMonth: RegExp;
      territories: RegExp;
      noMarketing: RegExp;
    }
  >
> = {
  it: {
    free: /gratuit/i,
    minute: /al minuto/,
    perCall: /per chiamata/,
    provider: /fornitore/,
    fromEu: "dall'UE",
    premium: /premium internazional/i,
    services: { wakeUp: /sveglia/i, traffic: /traffico/i, airRescue: /soccorso aereo/i },
    billing: { perSecond: /primi 30 secondi[^.]*al secondo/, kilobyte: /al kilobyte/, duration: /durata/ },
    terms: {
      minimumTerm: /durata minima del contratto è di 24 mesi/,
      notice: /disdetto[^.]*almeno 3 mesi prima della scadenza/,
      renewal: /si rinnova automaticamente/,
      earlyEnd: /mesi restanti[^.]*pro rata/,
      defects: /difetti[^.]*entro 10 giorni/,
      delivery: /consegnat[ie] esclusivamente in Svizzera/,
      law: /regolato dal diritto svizzero/,
      jurisdiction: /foro competente[^.]*Lugano/,
      emergency: /emergenza[^.]*solo se effettuate dall'indirizzo registrato nel portale clienti/,
    },
    abroad: /^Estero$/,
    oneMonth: /validi un mese/,
    territories: /paesi e territori/,
    noMarketing: /non utilizz\w+ cookie di marketing/,
  },
  en: {
    free: /free/i,
    minute: /per minute/,
    perCall: /per call/,
    provider: /provider/,
    fromEu: 'from the EU',
    premium: /international premium/i,
    services: { wakeUp: /wake-up/i, traffic: /traffic/i, airRescue: /air rescue/i },
    billing: { perSecond: /first 30 seconds[^.]*per second/, kilobyte: /per kilobyte/, duration: /duration/ },
    terms: {
      minimumTerm: /minimum contract term is 24 months/,
      notice: /cancelled[^.]*at least 3 months before it expires/,
      renewal: /renews automatically/,
      earlyEnd: /remaining months[^.]*pro rata/,
      defects: /defects[^.]*within 10 days/,
      delivery: /delivered within Switzerland only/,
      law: /governed by Swiss law/,
      jurisdiction: /jurisdiction is Lugano/,
      emergency:
        /emergency numbers are routed correctly only from the address registered in the customer portal/,
    },
    abroad: /^Abroad$/,
    oneMonth: /valid for one month/,
    territories: /countries and territories/,
    noMarketing: /do not (currently )?use marketing cookies/,
  },
  de: {
    free: /kostenlos/i,
    minute: /pro Minute/,
    perCall: /pro Anruf/,
    provider: /Anbieter/,
    fromEu: 'aus der EU',
    premium: /internationale Mehrwertnummern/i,
    services: { wakeUp: /weckdienst/i, traffic: /verkehr/i, airRescue: /luftrettung/i },
    billing: {
      perSecond: /ersten 30 Sekunden[^.]*Sekundentakt/,
      kilobyte: /pro Kilobyte/,
      duration: /Dauer/,
    },
    terms: {
      minimumTerm: /Mindestvertragsdauer beträgt 24 Monate/,
      notice: /mindestens 3 Monaten auf das Ende der Vertragsdauer gekündigt/,
      renewal: /verlängert sich der Vertrag automatisch/,
      earlyEnd: /verbleibenden Monate anteilig/,
      defects: /Mängel[^.]*innert 10 Tagen/,
      delivery: /ausschliesslich in die Schweiz geliefert/,
      law: /untersteht schweizerischem Recht/,
      jurisdiction: /Gerichtsstand ist Lugano/,
      emergency:
        /Notrufe werden nur von der im Kundenportal \(Cockpit\) hinterlegten Adresse aus korrekt weitergeleitet/,
    },
    abroad: /^Ausland$/,
    oneMonth: /einen Monat gültig/,
    territories: /Länder und Gebiete/,
    noMarketing: /keine Marketing-Cookies/,
  },
  fr: {
    free: /gratuit/i,
    minute: /par minute/,
    perCall: /par appel/,
    provider: /fournisseur/,
    fromEu: "depuis l'UE",
    premium: /surtaxés internationaux/i,
    services: { wakeUp: /réveil/i, traffic: /routières/i, airRescue: /sauvetage aérien/i },
    billing: {
      perSecond: /30 premières secondes[^.]*à la seconde/,
      kilobyte: /au kilo-octet/,
      duration: /durée/,
    },
    terms: {
      minimumTerm: /durée minimale du contrat est de 24 mois/,
      notice: /résilié[^.]*au moins 3 mois avant son échéance/,
      renewal: /reconduit automatiquement/,
      earlyEnd: /mois restants sont facturés au prorata/,
      defects: /défauts[^.]*dans les 10 jours/,
      delivery: /livrés uniquement en Suisse/,
      law: /régi par le droit suisse/,
      jurisdiction: /for exclusif est à Lugano/,
      emergency:
        /urgence ne sont acheminés correctement que depuis l'adresse enregistrée dans le portail clients/,
    },
    abroad: /^Étranger$/,
    oneMonth: /valables un mois/,
    territories: /pays et territoires/,
    noMarketing: /aucun cookie marketing/,
  },
};
const wordingOf = (language: Language) => ofLanguage(wording, language);

// ---------------------------------------------------------------------------

describe('counts of the tariffs in every language', () => {
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
      for (const [pageId, name, total] of expected)
        expect(count(page(pageId, language), name), `${pageId} ${name}`).toBe(total);
    });
  }
});

describe('subscriptions', () => {
  it('computes each plan’s badge from its data', () => {
    for (const language of languages) {
      const document = page('subscriptions', language);
      const badge = (plan: string) =>
        document.querySelector(`[data-plan="${plan}"] [data-badge]`)?.getAttribute('data-badge');
      expect([badge('my-swiss'), badge('my-europe-plus'), badge('my-world')], language).toEqual([
        'switzerland',
        'business',
        'global',
      ]);
      // A badge names its zone as the zone's card does.
      for (const plan of ['my-swiss', 'my-europe-plus', 'my-world']) {
        const element = document.querySelector(`[data-plan="${plan}"] [data-badge]`)!;
        expect(text(element), `${language} ${plan}`).toBe(
          text(document.querySelector(`#zone-${element.getAttribute('data-badge')}-title`)),
        );
      }
    }
  });

  it('has four zone cards with 3 bullets, 4 for business, and a comparison table readable without colour, and no prices', () => {
    for (const language of languages) {
      const document = page('subscriptions', language);
      const zoneFeatures = document
        .querySelectorAll('.zone-card[data-zone]')
        .map((zone) => elements(zone.querySelector('[data-count="zone-features"]')!).length);
      expect(zoneFeatures, language).toEqual([3, 3, 4, 3]);
      const table = document.querySelector('table[data-comparison]')!;
      expect(table.querySelectorAll('tbody tr')).toHaveLength(4);
      const cells = table.querySelectorAll('tbody td');
      expect(cells).toHaveLength(12);
      for (const cell of cells) expect(text(cell).length, language).toBeGreaterThan(0);
      expect(document.querySelector('main')!.text).not.toMatch(/CHF\s*\d/);
      expect(document.querySelector('main a[href^="mailto:info@example.com"]')).toBeTruthy();
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
        it('puts exactly Switzerland and Liechtenstein in the Switzerland zone, in that order', () => {
          expect(zoneList(page('subscriptions', language), 'switzerland').map(codesOf)).toEqual(['CH', 'LI']);
        });

        it('puts exactly the EU 27, Iceland and Norway in the Europe zone, France starred with its note', () => {
          const document = page('subscriptions', language);
          const items = zoneList(document, 'europe');
          expect(items.map(codesOf).sort()).toEqual([...zoneEntries.europe].sort());
          const starred = document
            .querySelectorAll('#countries-section .country-list__star')
            .map((star) => codesOf(star.parentNode as HTMLElement));
          expect(starred).toEqual(['FR']);
          const note = text(document.querySelector('.countries__zone.zone-europe .countries__note'));
          expect(note.startsWith('*'), note).toBe(true);
        });

        it('puts exactly the 26 named countries and territories in the Business Zone, the Channel Islands as Guernsey and Jersey', () => {
          const document = page('subscriptions', language);
          const items = zoneList(document, 'business');
          expect(items).toHaveLength(26);
          expect(items.map(codesOf).sort()).toEqual([...zoneEntries.business].sort());
          expect(items.flatMap((item) => codesOf(item).split(' '))).toHaveLength(27);
          const heading = text(document.querySelector('#countries-business-title .countries__count'));
          expect(heading).toMatch(wordingOf(language).territories);
          expect(heading).toContain('26');
        });

        it('puts about 60 further countries in the Global Zone, the ten named among them, none of another zone', () => {
          const document = page('subscriptions', language);
          const codes = zoneList(document, 'global').map(codesOf);
          expect(codes.length).toBeGreaterThanOrEqual(globalSize.min);
          expect(codes.length).toBeLessThanOrEqual(globalSize.max);
          expect(codes).toEqual(expect.arrayContaining(globalNamed));
          const others = new Set<string>(
            [...zoneEntries.switzerland, ...zoneEntries.europe, ...zoneEntries.business].flatMap((entry) =>
              entry.split(' '),
            ),
          );
          expect(codes.filter((code) => code.split(' ').some((part) => others.has(part)))).toEqual([]);
          expect(new Set(codes).size).toBe(codes.length);
        });

        it('states each zone’s count from its list', () => {
          const document = page('subscriptions', language);
          for (const zone of zoneIds)
            expect(text(document.querySelector(`#countries-${zone}-title .countries__count`)), zone).toMatch(
              new RegExp(`^${zoneList(document, zone).length}\\D`),
            );
        });

        it('names every country as Intl does from its code, alphabetically within each zone', () => {
          const document = page('subscriptions', language);
          for (const zone of zoneIds) {
            const items = zoneList(document, zone);
            const names = items.map((item) => text(item).replace(/\*$/, ''));
            items.forEach((item, index) =>
              expect(namesFor(codesOf(item), language), `${zone} ${codesOf(item)}`).toContain(names[index]),
            );
            if (zone !== 'switzerland') expect(names, zone).toEqual(sorted(names, language));
          }
        });

        it('lists every country with its zone in words, CH and LI first, then the EU and EEA, then the rest, each group alphabetical', () => {
          const document = page('subscriptions', language);
          const items = document.querySelectorAll('[data-count="countries-all"] > li');
          const codes = items.map(codesOf);
          const names = items.map((item) => text(item.querySelector('.country-list__name')));
          const zones = items.map((item) => text(item.querySelector('.country-list__zone')));

          // About 130, the number the summary gives, and every zone's entries among them.
          expect(items.length).toBeGreaterThanOrEqual(120);
          expect(items.length).toBeLessThanOrEqual(140);
          expect(text(document.querySelector('.countries__all > summary'))).toContain(String(items.length));
          expect(new Set(codes).size).toBe(codes.length);
          const zoneCodes = Object.fromEntries(
            zoneIds.map((zone) => [zone, zoneList(document, zone).map(codesOf)]),
          );
          for (const zone of zoneIds) expect(codes, zone).toEqual(expect.arrayContaining(zoneCodes[zone]));

          // Order.
          expect(codes.slice(0, 2)).toEqual(['CH', 'LI']);
          const eea = codes.slice(2, 2 + zoneEntries.europe.length);
          expect([...eea].sort()).toEqual([...zoneEntries.europe].sort());
          const rest = codes.slice(2 + zoneEntries.europe.length);
          expect(
            rest.filter(
              (code) =>
                (zoneEntries.europe as readonly string[]).includes(code) || code === 'CH' || code === 'LI',
            ),
          ).toEqual([]);
          expect(names.slice(2, 2 + eea.length)).toEqual(sorted(names.slice(2, 2 + eea.length), language));
          expect(names.slice(2 + eea.length)).toEqual(sorted(names.slice(2 + eea.length), language));

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
            if ((zoneEntries.switzerland as readonly string[]).includes(code)) return zoneName.switzerland;
            if ((zoneEntries.europe as readonly string[]).includes(code)) return zoneName.europe;
            if ((zoneEntries.business as readonly string[]).includes(code)) return zoneName.business;
            if (zoneCodes.global.includes(code)) return zoneName.global;
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
      it('gives each document its own last-updated date: tariffs 12 October 2025, the texts March 2025', () => {
        const expected: Record<string, [string, string]> = {
          tariffs: ['2025-10-12', longDate(2025, 10, 12, language)],
          terms: ['2025-03', monthYear(2025, 3, language)],
          'privacy-policy': ['2025-03', monthYear(2025, 3, language)],
          cookie: ['2025-03', monthYear(2025, 3, language)],
        };
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
        const subscriptions = page('subscriptions', language);
        const zoneName = (zone: string) => text(subscriptions.querySelector(`#zone-${zone}-title`));
        expect(text(headers[1])).toContain('CH/FL');
        expect(text(headers[2])).toContain(zoneName('europe'));
        expect(text(headers[2])).toContain(zoneName('business'));
        expect(text(headers[3])).toBe(zoneName('global'));

        const rows = table.querySelectorAll('tbody tr');
        expect(rows.map((row) => row.getAttribute('data-tariff-item'))).toEqual(
          payPerUse.map(([item]) => item),
        );
        const rowHeader = (item: string) =>
          text(rows.find((row) => row.getAttribute('data-tariff-item') === item)!.querySelector('th'));
        expect(rowHeader('callsToChFl')).toContain('CH/FL');
        expect(rowHeader('callsToGlobal')).toContain(zoneName('global'));
        expect(rowHeader('sms')).toContain('SMS');
        expect(rowHeader('mms')).toContain('MMS');
        expect(rowHeader('dataPerMb')).toMatch(/\b(MB|Mo)\b/);

        rows.forEach((row, rowIndex) => {
          const [item, prices] = payPerUse[rowIndex];
          const cells = row.querySelectorAll('td').map(text);
          expect(cells, item).toHaveLength(payPerUseColumns.length);
          prices.forEach((value, column) => {
            const where = `${item} × ${payPerUseColumns[column]}`;
            if (value === 'none') {
              expect(cells[column], where).not.toMatch(/\d/);
              expect(cells[column].length, where).toBeGreaterThan(2);
            } else expect(cells[column], where).toBe(price(value, language));
          });
        });
      });

      it('states the billing rules: first 30 seconds per call, then per second; data per kilobyte', () => {
        const bullets = legal(language).querySelectorAll('#tariffs .legal-section li').map(text);
        const words = wordingOf(language).billing;
        expect(
          bullets.some((bullet) => words.perSecond.test(bullet)),
          bullets.join('\n'),
        ).toBe(true);
        expect(
          bullets.some((bullet) => words.kilobyte.test(bullet)),
          bullets.join('\n'),
        ).toBe(true);
        // Whatever speaks of a call's duration says the 30 seconds too, so no sentence contradicts the rule.
        for (const bullet of bullets.filter((candidate) => words.duration.test(candidate)))
          expect(bullet).toContain('30');
      });

      it('prices each special number as the tariffs say', () => {
        const words = wordingOf(language);
        const table = legal(language)
          .querySelectorAll('#tariffs table')
          .find((candidate) => candidate.querySelectorAll('thead th').length === 2)!;
        const rows = table
          .querySelectorAll('tbody tr')
          .map((row) => ({ number: text(row.querySelector('th')), rate: text(row.querySelector('td')) }));
        expect(rows).toHaveLength(4);
        const rate = (number: string) => rows.find((row) => row.number === number)?.rate ?? '';

        // 0800: free in Switzerland.
        expect(rate('0800')).toMatch(words.free);
        expect(rate('0800')).toContain(regionName('CH', language));
        expect(amounts(rate('0800'))).toEqual([]);
        // 084x: 0.08 per minute, 0.45 from the EU.
        expect(amounts(rate('084x'))).toEqual([price(0.08, language), price(0.45, language)]);
        expect(rate('084x')).toMatch(words.minute);
        expect(rate('084x')).toContain(`(${price(0.45, language)} ${words.fromEu})`);
        // 0900, 0901, 0906: the provider's price plus 0.25 per call.
        const premiumRate =
          rows.find((row) => ['0900', '0901', '0906'].every((number) => row.number.includes(number)))?.rate ??
          '';
        expect(amounts(premiumRate)).toEqual([price(0.25, language)]);
        expect(premiumRate).toMatch(words.provider);
        expect(premiumRate).toMatch(words.perCall);
        // International premium numbers: 0.49 per minute, 2.70 roaming in Europe and the Business Zone.
        const international = rows.find((row) => words.premium.test(row.number))?.rate ?? '';
        expect(amounts(international)).toEqual([price(0.49, language), price(2.7, language)]);
        expect(international).toMatch(words.minute);
        const subscriptions = page('subscriptions', language);
        expect(international).toContain(text(subscriptions.querySelector('#zone-europe-title')));
        expect(international).toContain(text(subscriptions.querySelector('#zone-business-title')));
      });

      it('prices each short number as the tariffs say: setup fee and price per minute', () => {
        const words = wordingOf(language);
        const table = legal(language)
          .querySelectorAll('#tariffs table')
          .find((candidate) => candidate.querySelectorAll('thead th').length === 3)!;
        const headers = table.querySelectorAll('thead th').map(text);
        expect(headers[1]).not.toMatch(/minut/i);
        expect(headers[2]).toMatch(/minut/i);
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
        const fee = (value: Fee, cell: string, where: string) => {
          if (value === 'free') {
            expect(cell, where).toMatch(words.free);
            expect(cell, where).not.toMatch(/\d/);
          } else expect(cell, where).toBe(price(value, language));
        };
        for (const expected of shortNumbers) {
          const where = `${expected.numbers.join(',')} ${expected.service ?? ''}`;
          const matches = rows.filter(
            (row) =>
              row.numbers.join(',') === expected.numbers.join(',') &&
              (!expected.service || words.services[expected.service].test(row.service)),
          );
          expect(matches, where).toHaveLength(1);
          fee(expected.setup, matches[0].setup, `${where} setup`);
          fee(expected.perMinute, matches[0].perMinute, `${where} per minute`);
        }
      });

      it('states the contract terms inside the terms accordion', () => {
        const sentences = legal(language)
          .querySelectorAll('details#terms .legal-section p, details#terms .legal-section li')
          .map(text);
        for (const [fact, pattern] of Object.entries(wordingOf(language).terms)) {
          expect(
            sentences.some((sentence) => pattern.test(sentence)),
            `${fact}: ${pattern}`,
          ).toBe(true);
        }
      });

      it('states the extra packages’ validity in the tariffs: one month in Switzerland, 12 months abroad', () => {
        const paragraphs = legal(language).querySelectorAll('details#tariffs .legal-section p').map(text);
        const packs = paragraphs.find((paragraph) => wordingOf(language).oneMonth.test(paragraph)) ?? '';
        const switzerland = packs.indexOf(regionName('CH', language));
        const oneMonth = packs.search(wordingOf(language).oneMonth);
        const twelveMonths = packs.indexOf(months(12, language));
        expect(switzerland, paragraphs.join('\n')).toBeGreaterThanOrEqual(0);
        expect(switzerland).toBeLessThan(oneMonth);
        expect(oneMonth).toBeLessThan(twelveMonths);
      });

      it('says the footer’s cookie settings reopen the banner, and that no marketing cookies are used', () => {
        const document = legal(language);
        const settings = text(document.querySelector('footer button[data-cookie-settings]'));
        expect(settings.length).toBeGreaterThan(3);
        const cookie = document.querySelector('details#cookie')!;
        expect(text(cookie)).toContain(settings);
        const marketing = cookie
          .querySelectorAll('tbody tr')
          .filter((row) => /marketing/i.test(text(row.querySelector('th'))));
        expect(marketing).toHaveLength(1);
        expect(text(marketing[0])).toMatch(wordingOf(language).noMarketing);
      });
    });
  }

  it('opens the route’s accordion and none on /legal/ and /condizioni/', () => {
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

  it('has the Italian cookie policy: the four categories, last updated August 2024, no marketing cookies, preferences from the banner or the browser', () => {
    const document = parse(site.text('cookie-policy/index.html'));
    const main = document.querySelector('main')!;
    const time = main.querySelector('.legal-updated time')!;
    expect(time.getAttribute('datetime')).toBe('2024-08');
    expect(text(time)).toBe(monthYear(2024, 8, 'it'));
    const headings = main.querySelectorAll('h2').map((heading) => text(heading).toLowerCase());
    for (const kind of ['necessari', 'preferenz', 'statistic', 'marketing'])
      expect(
        headings.some((heading) => heading.includes(kind)),
        kind,
      ).toBe(true);
    const body = text(main);
    const marketing = main
      .querySelectorAll('.legal-section')
      .filter((section) => /marketing/i.test(text(section.querySelector('h2'))));
    expect(marketing).toHaveLength(1);
    expect(text(marketing[0])).toMatch(wordingOf('it').noMarketing);
    expect(text(marketing[0])).not.toMatch(/vengono utilizzati/);
    expect(body).toContain(text(document.querySelector('footer button[data-cookie-settings]')));
    expect(body).toMatch(/impostazioni del vostro browser/);
  });
});

describe('cockpit', () => {
  it('says extra packages are valid one month in Switzerland and 12 months abroad, on every cockpit route', () => {
    for (const route of routeTable.routes.filter((candidate) => candidate.page === 'cockpit')) {
      const language = route.language;
      const packs = parse(site.text(route.file)).querySelectorAll('.cockpit-packs > li');
      expect(packs, route.path).toHaveLength(2);
      const [home, abroad] = packs;
      expect(text(home.querySelector('h3'))).toBe(regionName('CH', language));
      expect(text(home.querySelector('.cockpit-pack__validity'))).toBe(months(1, language));
      expect(text(home)).toMatch(wordingOf(language).oneMonth);
      expect(text(abroad.querySelector('h3'))).toMatch(wordingOf(language).abroad);
      expect(text(abroad.querySelector('.cockpit-pack__validity'))).toBe(months(12, language));
    }
  });

  it('sends both cockpit buttons to the login portal, on every cockpit route', () => {
    for (const route of routeTable.routes.filter((candidate) => candidate.page === 'cockpit')) {
      const links = parse(site.text(route.file)).querySelectorAll('main a[data-cockpit-login]');
      expect(links.length, route.path).toBe(2);
      for (const link of links) expect(link.getAttribute('href')).toBe('https://login.example.com/');
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
      expect(frame.getAttribute('src')).toBe('https://coverage.example.net/map?lang=it');
      expect(frame.getAttribute('allow')).toBe('geolocation');
      expect(frame.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
      expect(frame.getAttribute('title')?.length).toBeGreaterThan(3);
      expect(
        document
          .querySelectorAll('iframe')
          .filter((element) => element.parentNode?.rawTagName !== 'template'),
      ).toEqual([]);
      expect(holder.querySelector('a[target="_blank"]')!.getAttribute('href')).toBe(
        'https://coverage.example.net/map?lang=it',
      );
      expect(text(holder.querySelector('.consent-frame__who'))).toContain('coverage.example.net');
      const download = document.querySelector('a[download]')!;
      expect(download.getAttribute('href')).toBe('https://files.example.net/network-test-2025.pdf');
      expect(download.getAttribute('download')).toBe('network-test-2025.pdf');
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
          /^mailto:info@example\.com(\?|$)/,
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
      expect(main.querySelector('a[href="tel:+41910000000"]')).toBeTruthy();
      expect(main.querySelector('a[href="tel:+41910000001"]')).toBeTruthy();
      expect(main.querySelector('a[href="mailto:info@example.com"]')).toBeTruthy();
      expect(main.text).toContain('6900');
      expect(main.text).toContain('Lugano');
      expect(main.querySelector('[data-consent-frame] template iframe[title]')!.getAttribute('src')).toBe(
        'https://maps.example.net/embed?q=Lugano',
      );
      expect(text(main.querySelector('[data-consent-frame] .consent-frame__who'))).toContain(
        'maps.example.net',
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

  it('says the German not-found headline', () => {
    expect(parse(site.text('de/404.html')).querySelector('h1')!.text).toBe('Seite nicht gefunden');
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
