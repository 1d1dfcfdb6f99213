/**
 * Typography an editor cannot see, as the site's texts need it. Pure functions of a
 * text, applied by the content stage and documented for translators in
 * docs/translating.md:
 *
 * - French: a narrow no-break space (U+202F) before `: ; ! ?` and `»`, after `«`, and
 *   between a number and its unit (8 h, 200 Go, 50 %, 9 CHF); no other no-break space.
 *   The build writes it, so a translator types an ordinary space or none; applying it
 *   twice changes nothing.
 * - Every language: thousands grouped with an apostrophe (3'000), as Swiss usage
 *   writes them. A number typed otherwise (3 000, 3.000, 3’000) is only found, not
 *   changed: 3.000 may be a decimal, 1 000 a phone number's part.
 *
 * Neither rule touches what is not prose: `{{placeholders}}`, `$t(…)`, markup and
 * entities, web addresses (https://…, mailto:, tel:) and e-mail addresses.
 */

/** The French no-break space: the narrow one, in texts and in what Intl writes. */
export const narrowNoBreakSpace = '\u202f';

/** A locale whose texts follow French typography (`fr-CH`, `fr-FR`). */
export function isFrenchLocale(locale: string): boolean {
  return /^fr(-|$)/i.test(locale);
}

/** Pieces of a text that are not prose: left exactly as written. */
const notProse = [
  String.raw`\{\{[^{}]*\}\}`, // {{placeholder}}
  String.raw`\$t\([^$()]*\)`, // i18next nesting
  String.raw`<[^<>]*>`, // markup
  String.raw`&#?\w+;`, // an entity
  // A web address, ending before the punctuation that follows it in a sentence (« » as escapes:
  // the compiled CLI stays ASCII, bin/compile.js). Each starts only where a word starts, so
  // that a long word is read once, not once per letter.
  String.raw`(?<![\p{L}\p{N}+.-])[a-z][a-z0-9+.-]*:\/\/[^\s<>\u00ab\u00bb"]*[^\s<>\u00ab\u00bb".,;:!?)]`,
  String.raw`(?<![\p{L}\p{N}])(?:mailto|tel):[^\s<>\u00ab\u00bb"]*[^\s<>\u00ab\u00bb".,;:!?)]`,
  String.raw`(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+`, // an e-mail address
].join('|');

/** Any space a translator may have typed before or after the marks: ordinary, tab, thin, either no-break one. */
const space = '[ \\t\\u00a0\\u202f\\u2009]';

/** Units French separates from their number by a narrow no-break space. */
const frenchUnits = ['h', 'min', 'j', 'Ko', 'Mo', 'Go', 'To', '%', 'CHF'];

/**
 * A run of `: ; ! ?` is punctuation when a space, the end or a closing sign follows it:
 * the colon of 10:30 or `{{hh}}:{{mm}}` is not.
 */
const french = new RegExp(
  // A run of spaces is read from its start only (`(?<!…)`), so a long run is read once.
  `(${notProse})|(?<!${space})${space}*([:;!?]+)(?=$|[\\s»)\\]"”’.,…<])|(?<!${space})${space}*»|«${space}*|\\u00a0` +
    // A number (or a `{{placeholder}}` standing for one) and its unit.
    `|(?<=\\p{N}|\\}\\})${space}+(?=(?:${frenchUnits.join('|')})(?![\\p{L}\\p{N}]))`,
  'giu',
);

/**
 * What any change by `french` needs: a mark, a guillemet, a no-break space, or a number (or a
 * placeholder) and a unit after a space. Most texts have none, and this test costs a fraction of
 * the replacement's.
 */
const frenchCandidate = new RegExp(
  `[:;!?«»\\u00a0]|(?:\\p{N}|\\}\\})${space}+(?:${frenchUnits.join('|')})`,
  'iu', // as `french` reads the units
);

/** A French text with its narrow no-break spaces; idempotent. */
export function frenchTypography(text: string): string {
  if (!frenchCandidate.test(text)) return text;
  return text.replace(french, (match, kept: string | undefined, marks: string | undefined) => {
    if (kept !== undefined) return kept;
    if (marks !== undefined) return `${narrowNoBreakSpace}${marks}`;
    if (match.endsWith('»')) return `${narrowNoBreakSpace}»`;
    if (match.startsWith('«')) return `«${narrowNoBreakSpace}`;
    return narrowNoBreakSpace;
  });
}

/** A text as the language of `locale` writes it: French typography for French, any other text as it is. */
export function typographyFor(locale: string): (text: string) => string {
  return isFrenchLocale(locale) ? frenchTypography : (text) => text;
}

/** A number whose thousands are grouped otherwise than Swiss usage writes them. */
export interface LooseNumber {
  /** As written: `3 000`. */
  written: string;
  /** As Swiss usage writes it: `3'000`. */
  swiss: string;
  /** Where it starts in the text (0-based). */
  index: number;
}

/**
 * 1 to 3 digits, then groups of three after a space, a no-break space, a point, a comma
 * or a typographic apostrophe: not part of a longer run of digits (a phone number's
 * `0800 800 800`), of a word or code (`CHE-123.456.789`) or of a decimal.
 */
const looseNumber =
  /(?<![\p{L}\p{N}\-/'’.,]|\p{N}[ \u00a0\u202f\u2009'’.,])([1-9]\d{0,2})((?:[ \u00a0\u202f\u2009’.,]\d{3})+)(?!\p{N}|[ \u00a0\u202f\u2009'’.,]\p{N})/gu;
const notProsePattern = new RegExp(notProse, 'giu');

/**
 * What any loose number needs: a digit, one separator and three digits. Blanking out what is not
 * prose never makes one (a blanked piece is three spaces or more), so a text without it has none.
 */
const looseNumberCandidate = /\d[ \u00a0\u202f\u2009\u2019.,]\d{3}/;

/** The numbers of a text whose thousands are not grouped as 3'000. */
export function looseNumbers(text: string): LooseNumber[] {
  if (!looseNumberCandidate.test(text)) return [];
  // Addresses and placeholders are blanked out, so that neither their digits nor their positions count.
  const prose = text.replace(notProsePattern, (kept) => ' '.repeat(kept.length));
  return [...prose.matchAll(looseNumber)].map((match) => ({
    written: match[0],
    swiss: match[0].replace(/[^\d]/g, '').replace(/\B(?=(\d{3})+$)/g, "'"),
    index: match.index,
  }));
}
