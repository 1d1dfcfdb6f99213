/** The countries whose flag the language buttons can draw. */
import { describe, expect, it } from 'vitest';
import { flagCountries, isFlagCountry } from '../../../generator/model/flagCountries.ts';

describe('isFlagCountry', () => {
  it('accepts each listed country and nothing else', () => {
    for (const country of flagCountries) expect(isFlagCountry(country)).toBe(true);
    expect(isFlagCountry('ES')).toBe(false);
    // Codes are ISO 3166 upper case, as languages.yaml writes them.
    expect(isFlagCountry('ch')).toBe(false);
    expect(isFlagCountry('')).toBe(false);
  });
});
