/**
 * The countries whose flag the language buttons can draw (ISO 3166 codes), in the
 * order the content loader names them. Each language of content/languages.yaml
 * names one; templates/flags.tsx draws each (the compiler holds it to this list).
 */
export const flagCountries = ['IT', 'FR', 'DE', 'GB', 'CH'] as const;
export type FlagCountry = (typeof flagCountries)[number];

export const isFlagCountry = (country: string): country is FlagCountry =>
  (flagCountries as readonly string[]).includes(country);
