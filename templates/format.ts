/** Names and numbers from the platform's Intl data rather than hand-typed lists. */

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
  return new Intl.DisplayNames([locale], { type: type as 'language' | 'region', style: style as 'long' | 'short' });
});

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** `2025-10-12` as `12 October 2025`, `2025-03` as `March 2025`, in the page's language. */
export function formatDate(isoDate: string, locale: string): string {
  const monthOnly = isoDate.length === 7;
  const date = new Date(`${monthOnly ? `${isoDate}-01` : isoDate}T12:00:00Z`);
  const options: Intl.DateTimeFormatOptions = monthOnly ? { month: 'long', year: 'numeric', timeZone: 'UTC' } : { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(date);
}

/** A displayed phone number as a `tel:` link target. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\s+/g, '')}`;
}

const weekdayIndex = { Monday: 1, Tuesday: 2, Wednesday: 3, Thursday: 4, Friday: 5, Saturday: 6, Sunday: 7 } as const;
export type Weekday = keyof typeof weekdayIndex;

/** A weekday's name in the page's language; 2024-01-01 was a Monday. */
export function weekdayName(day: Weekday, locale: string, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, weekdayIndex[day])));
}

/** `Monday–Friday 08:00–18:00`, consecutive days joined as a range. */
export function formatOpeningHours(hours: { days: Weekday[]; opens: string; closes: string }, locale: string, width: 'long' | 'short' = 'long'): string {
  const first = hours.days[0];
  const last = hours.days[hours.days.length - 1];
  const consecutive = hours.days.every((day, index) => weekdayIndex[day] === weekdayIndex[first] + index);
  const days = consecutive && hours.days.length > 2 ? `${weekdayName(first, locale, width)}–${weekdayName(last, locale, width)}` : hours.days.map((day) => weekdayName(day, locale, width)).join(', ');
  return `${days} ${hours.opens}–${hours.closes}`;
}

/** A country's name in the page's language, from its ISO code. */
export function regionName(code: string, locale: string, style: 'long' | 'short' = 'long'): string {
  return displayNames(`${locale}|region|${style}`).of(code) ?? code;
}

/** A country's name; a territory without its own code (Channel Islands) joins its parts: "Guernsey and Jersey". */
export function countryName(iso: string | string[], locale: string, style: 'long' | 'short' = 'long'): string {
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
  return unitFormat(`${locale}|${unit}|${display}`).format(Number(match[1]));
}
