/**
 * Swiss formats in every language: one digit grouping (3'000), prices as 0.45 (French
 * included, whose plain Intl decimal is 0,45), times of day as each language writes them,
 * one French no-break space, the content's quantities in the language's units, and
 * country names.
 */
import { describe, expect, it } from 'vitest';
import {
  countryName,
  formatNumber,
  formatPrice,
  formatQuantity,
  formatTime,
  formatTimeRange,
  formatWeekdays,
  knowWeekdayNames,
  weekdayName,
  weekdayNamesKnown,
} from '../../templates/format.ts';
import { realLanguages } from '../helpers/routeTable.ts';

/** The locales of the site's languages, from its content. */
const locales = realLanguages.list.map((language) => language.locale);

describe('formatNumber', () => {
  it("groups every language's numbers with the Swiss apostrophe, four digits included", () => {
    for (const locale of locales) {
      expect(formatNumber(3000, locale), locale).toBe("3'000");
      expect(formatNumber(10000, locale), locale).toBe("10'000");
      expect(formatNumber(500, locale), locale).toBe('500');
    }
  });
});

describe('formatPrice', () => {
  it('writes francs with a point and two decimals in every language, French included', () => {
    for (const locale of locales) {
      expect(formatPrice(0.45, locale), locale).toBe('0.45');
      expect(formatPrice(15, locale), locale).toBe('15.00');
      expect(formatPrice(1234.5, locale), locale).toBe("1'234.50");
    }
  });
});

describe('formatQuantity', () => {
  it('uses the narrow no-break space in French, where Intl mixes it with the full one', () => {
    expect(formatQuantity('50h', 'fr-CH')).toBe('50\u202fheures');
    expect(formatQuantity('200GB', 'fr-CH')).toBe('200\u202fGo');
    expect(formatQuantity('50h', 'de-CH')).toBe('50 Stunden');
  });
});

describe('times of day', () => {
  // The patterns are texts; these stand in for each language's `common.time`.
  const patterns: Record<string, Record<string, string>> = {
    de: {
      'common.time.onTheHour': '{{hh}}:{{mm}}',
      'common.time.withMinutes': '{{hh}}:{{mm}}',
      'common.time.range': '{{from}}–{{to}} Uhr',
    },
    fr: {
      'common.time.onTheHour': '{{h}}\u202fh',
      'common.time.withMinutes': '{{h}}\u202fh\u202f{{mm}}',
      'common.time.range': '{{from}}\u202f– {{to}}',
    },
  };
  const translate =
    (language: string) =>
    (key: string, values: Record<string, string | number> = {}) =>
      patterns[language][key].replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name]));

  it('fills the language’s pattern: 08:00–18:00 Uhr, 8 h – 18 h, 8 h 30', () => {
    expect(formatTimeRange('08:00', '18:00', translate('de'))).toBe('08:00–18:00 Uhr');
    expect(formatTimeRange('08:00', '18:00', translate('fr'))).toBe('8\u202fh\u202f– 18\u202fh');
    expect(formatTime('08:30', translate('fr'))).toBe('8\u202fh\u202f30');
  });

  it('joins three or more consecutive weekdays as a range, others as a list', () => {
    expect(formatWeekdays(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], 'de-CH')).toBe(
      'Montag–Freitag',
    );
    expect(formatWeekdays(['Monday', 'Wednesday'], 'en-CH')).toBe('Monday and Wednesday');
  });

  it('takes weekday names an earlier build made as they are, and lists every name known or made', () => {
    // A private-use locale: names no ICU could have made, so only the ones given can be shown.
    const given = {
      Monday: 'Mo-x',
      Tuesday: 'Tu-x',
      Wednesday: 'We-x',
      Thursday: 'Th-x',
      Friday: 'Fr-x',
      Saturday: 'Sa-x',
      Sunday: 'Su-x',
    };
    knowWeekdayNames({ 'qaa|long': given });
    expect(weekdayName('Friday', 'qaa')).toBe('Fr-x');
    expect(weekdayName('Friday', 'de-CH')).toBe('Freitag');
    expect(weekdayNamesKnown()).toMatchObject({ 'qaa|long': given, 'de-CH|long': { Friday: 'Freitag' } });
  });
});

describe('formatQuantity and countryName', () => {
  it('formats content quantities with the language’s units', () => {
    expect(formatQuantity('50h', 'de-CH')).toMatch(/^50\sStunden$/);
    expect(formatQuantity('200GB', 'fr-CH')).toMatch(/^200\sGo$/);
    expect(formatQuantity('unlimited', 'en-CH')).toBe('unlimited');
  });
  it('names a territory without its own code from its parts', () => {
    expect(countryName(['GG', 'JE'], 'en-CH')).toBe('Guernsey and Jersey');
    expect(countryName('CH', 'it-CH')).toBe('Svizzera');
  });
});
