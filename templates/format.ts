/** Names and numbers from the platform's Intl data rather than hand-typed lists. */
import type { Language } from '../generator/schema.ts';

/** A language's own name for itself: Italiano, Français, Deutsch, English. */
export function languageEndonym(language: Language): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

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
