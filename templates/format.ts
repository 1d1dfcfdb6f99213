/** Names and numbers from the platform's Intl data rather than hand-typed lists. */
import { isFrenchLocale, narrowNoBreakSpace } from '../generator/model/typography.ts';

/** Intl objects are costly to make and every page needs the same few: keep one per set of options. */
function cached<T>(make: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = make(key)));
    return value;
  };
}

const displayNames = cached((key) => {
  const [locale, type, style] = key.split('|');
  return new Intl.DisplayNames([locale], {
    type: type as 'language' | 'region',
    style: style as 'long' | 'short',
  });
});

/**
 * Swiss digit grouping, one for all four languages. Intl's Swiss locales disagree:
 * de-CH and en-CH write 3'000, it-CH groups only from five digits (3000 but
 * 10'000), fr-CH uses a narrow no-break space (3 000). Swiss business usage writes
 * 3'000 in every language, so numbers keep the page's locale for everything else,
 * always group, and take the separator that it-CH itself uses (10'000).
 */
let swissGroupSeparator: string | undefined;
/**
 * Looked up on first use, not when the module loads: a process's first number format loads
 * ICU's number data (about ten milliseconds), which a build that renders no number never needs.
 */
const swissGroup = () =>
  (swissGroupSeparator ??=
    new Intl.NumberFormat('it-CH').formatToParts(10000).find((part) => part.type === 'group')?.value ?? "'");

const numberFormats = cached((key) => {
  const [locale, style] = key.split('|');
  // A price is formatted as CHF and shown without the currency, which the table headings name:
  // Intl's Swiss currency format writes 0.45 in every language (fr-CH too, whose plain decimal is 0,45).
  return new Intl.NumberFormat(
    locale,
    style === 'price'
      ? { style: 'currency', currency: 'CHF', currencyDisplay: 'code', useGrouping: 'always' }
      : { useGrouping: 'always' },
  );
});

/** formatToParts is slow and a tariff table repeats the same few prices on every legal page: one call per value. */
const swissText = cached((key) => {
  const [locale, style, value] = key.split('|');
  return numberFormats(`${locale}|${style}`)
    .formatToParts(Number(value))
    .filter((part) => part.type !== 'currency' && part.type !== 'literal')
    .map((part) => (part.type === 'group' ? swissGroup() : part.value))
    .join('');
});

function swissParts(value: number, locale: string, style: 'number' | 'price'): string {
  return swissText(`${locale}|${style}|${value}`);
}

/** A count as Swiss usage writes it in every language: 3'000, 500. */
export function formatNumber(value: number, locale: string): string {
  return swissParts(value, locale, 'number');
}

/** A price in francs without the currency, as the Swiss write it in every language: 0.45, 4.00, 15.00. */
export function formatPrice(value: number, locale: string): string {
  return swissParts(value, locale, 'price');
}

const dateFormat = cached((key) => {
  const [locale, monthOnly] = key.split('|');
  return new Intl.DateTimeFormat(
    locale,
    monthOnly
      ? { month: 'long', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  );
});

/** `2025-10-12` as `12 October 2025`, `2025-03` as `March 2025`, in the page's language. */
export function formatDate(isoDate: string, locale: string): string {
  const monthOnly = isoDate.length === 7;
  const date = new Date(`${monthOnly ? `${isoDate}-01` : isoDate}T12:00:00Z`);
  return dateFormat(`${locale}|${monthOnly ? 'month' : ''}`).format(date);
}

/** A displayed phone number as a `tel:` link target. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\s+/g, '')}`;
}

const weekdayIndex = {
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6,
  Sunday: 7,
} as const;
export type Weekday = keyof typeof weekdayIndex;

/**
 * Weekday names by `locale|width`. A process's first date format loads ICU's date data (about
 * ten milliseconds): a build keeps the names it made (render.ts passes them back and forth), so a
 * later build that renders a page or two need not load it.
 */
const weekdayNameTable = new Map<string, Record<Weekday, string>>();

const weekdayNames = (key: string): Record<Weekday, string> => {
  let names = weekdayNameTable.get(key);
  if (!names) {
    const [locale, width] = key.split('|');
    const format = new Intl.DateTimeFormat(locale, { weekday: width as 'long' | 'short', timeZone: 'UTC' });
    names = Object.fromEntries(
      Object.entries(weekdayIndex).map(([day, index]) => [
        day,
        format.format(new Date(Date.UTC(2024, 0, index))),
      ]),
    ) as Record<Weekday, string>;
    weekdayNameTable.set(key, names);
  }
  return names;
};

/** Weekday names known already (from an earlier build, made by the same ICU), by `locale|width`. */
export function knowWeekdayNames(known: Record<string, Record<Weekday, string>>): void {
  for (const [key, names] of Object.entries(known))
    if (!weekdayNameTable.has(key)) weekdayNameTable.set(key, names);
}

/** Every weekday name known or made in this process, by `locale|width`. */
export function weekdayNamesKnown(): Record<string, Record<Weekday, string>> {
  return Object.fromEntries(weekdayNameTable);
}

/** A weekday's name in the page's language; 2024-01-01 was a Monday. */
export function weekdayName(day: Weekday, locale: string, width: 'long' | 'short' = 'long'): string {
  return weekdayNames(`${locale}|${width}`)[day];
}

/** `Monday–Friday`: three or more consecutive days as a range, otherwise a list. */
export function formatWeekdays(days: Weekday[], locale: string, width: 'long' | 'short' = 'long'): string {
  const first = days[0];
  const last = days[days.length - 1];
  const consecutive = days.every((day, index) => weekdayIndex[day] === weekdayIndex[first] + index);
  return consecutive && days.length > 2
    ? `${weekdayName(first, locale, width)}–${weekdayName(last, locale, width)}`
    : formatList(
        days.map((day) => weekdayName(day, locale, width)),
        locale,
      );
}

type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A time of day from the settings (`08:00`) as the page's language writes it. Intl's
 * fr-CH writes 08:00 where Swiss French copy writes 8 h, so the pattern is a text
 * (`common.time`): `{{hh}}` and `{{mm}}` are two digits, `{{h}}` the hour without a leading zero.
 */
export function formatTime(time: string, t: Translate): string {
  const [hh, mm] = time.split(':');
  return t(mm === '00' ? 'common.time.onTheHour' : 'common.time.withMinutes', { hh, mm, h: Number(hh) });
}

/** `08:00–18:00`, `08:00–18:00 Uhr`, `8 h – 18 h`: the range's punctuation and unit are a text too. */
export function formatTimeRange(opens: string, closes: string, t: Translate): string {
  return t('common.time.range', { from: formatTime(opens, t), to: formatTime(closes, t) });
}

/** A country's name in the page's language, from its ISO code. */
export function regionName(code: string, locale: string, style: 'long' | 'short' = 'long'): string {
  return displayNames(`${locale}|region|${style}`).of(code) ?? code;
}

/** A country's name; a territory without its own code (Channel Islands) joins its parts: "Guernsey and Jersey". */
export function countryName(
  iso: string | string[],
  locale: string,
  style: 'long' | 'short' = 'long',
): string {
  if (typeof iso === 'string') return regionName(iso, locale, style);
  return listFormat(locale).format(iso.map((code) => regionName(code, locale, style)));
}

const listFormat = cached((locale) => new Intl.ListFormat(locale, { type: 'conjunction' }));
const collator = cached((locale) => new Intl.Collator(locale));

/** `A, B and C` in the page's language. */
export function formatList(items: string[], locale: string): string {
  return listFormat(locale).format(items);
}

/** Compares two names as the page's language sorts them. */
export function compareNames(a: string, b: string, locale: string): number {
  return collator(locale).compare(a, b);
}
const unitFormat = cached((key) => {
  const [locale, unit, display] = key.split('|');
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: display as 'long' | 'short' });
});
const quantityUnits: Record<string, [unit: string, display: 'long' | 'short']> = {
  h: ['hour', 'long'],
  min: ['minute', 'long'],
  GB: ['gigabyte', 'short'],
  MB: ['megabyte', 'short'],
};

/** A content quantity such as `50h` or `200GB` in the page's language: "50 Stunden", "200 Go". */
export function formatQuantity(value: string, locale: string): string {
  const match = /^(\d+(?:\.\d+)?)\s*(h|min|GB|MB)$/.exec(value.trim());
  if (!match) return value;
  const [unit, display] = quantityUnits[match[2]];
  return sameFrenchSpace(unitFormat(`${locale}|${unit}|${display}`).format(Number(match[1])), locale);
}

/**
 * The site's French uses one no-break space, the narrow one (U+202F), in its texts
 * (the content stage writes it: generator/model/typography.ts) and from Intl. Intl's
 * fr-CH data mixes it with the full one (U+00A0): "200 Go" narrow, "50 heures" full;
 * this makes Intl's French output use the narrow one too.
 */
function sameFrenchSpace(text: string, locale: string): string {
  return isFrenchLocale(locale) ? text.replace(/\u00a0/g, narrowNoBreakSpace) : text;
}
