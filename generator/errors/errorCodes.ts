/**
 * The catalogue of every error a user can meet: its stable code, what it means,
 * and the hint shown when the place that raises it has nothing more specific to
 * say. One place to read what can go wrong, and what to do about it: the table of
 * error codes in docs/editing.md is written from it (`npm run docs`).
 */
export interface ErrorCodeEntry {
  /** What the error means, in a few words. */
  title: string;
  /** What to do about it, when the raising code gives no hint of its own. */
  hint?: string;
  /** For the docs: what usually causes it, in an editor's words. */
  causes?: string;
  /** For the docs: what to do, where the hint does not say it out of context (or there is none, as the raising code always gives its own). */
  fix?: string;
}

export const errorCodes = {
  CONTENT_INVALID: {
    title: 'The content has problems; nothing was written.',
    hint: 'Fix the files above and build again; the previous output is untouched.',
    causes: 'Each problem is listed below it with its own code.',
    fix: 'Fix each listed problem.',
  },
  CONTENT_MISSING_FILE: {
    title: 'A content file or folder the site needs is missing.',
    causes: 'Or a folder is where a file is needed, a file where a folder is needed, or links form a loop.',
    fix: 'Create it, or replace it by a plain file or folder.',
  },
  CONTENT_YAML_SYNTAX: {
    title: 'A content file is not valid YAML.',
    hint: 'Check indentation, colons and quotes around this line.',
    causes:
      'Or not UTF-8 text: an unquoted `: ` inside a text, misaligned indentation, a tab, an unclosed quote or bracket, an alias or tag, a file saved as Latin-1 or UTF-16, old Mac line ends.',
    fix: 'Follow the hint at the marked line.',
  },
  CONTENT_SCHEMA: {
    title: 'A content value does not have the form the site needs.',
    causes:
      'A text where a number belongs, a row with too many prices, a table row with a cell too few, a text longer than allowed, a text whose shape differs from the Italian, an id used twice.',
    fix: 'Follow the message; the schema in your editor shows what is expected.',
  },
  CONTENT_UNKNOWN_KEY: {
    title: 'A content file names a key the site does not know.',
    causes: 'Usually a typo.',
    fix: 'Use the key the message suggests.',
  },
  CONTENT_REFERENCE: {
    title: 'A content value names something that does not exist.',
    causes: 'A plan, a country, a label, a tariff key, a placeholder.',
    fix: 'Use a known one (the message suggests the closest).',
  },
  TRANSLATION_MISSING: {
    title: 'A text is missing in a language (--strict).',
    hint: 'Add the texts, or build without --strict to fall back to the default language.',
    causes: 'Also without --strict: a text that a page shows and no language has.',
  },
  TEXT_PLACEHOLDER: {
    title: 'A text names a placeholder that nothing fills.',
    fix: 'Fix the placeholder’s spelling.',
  },
  ROUTE_CONFLICT: {
    title: 'Two pages would be written to the same path.',
    hint: 'Give one of the pages a different slug.',
  },
  ASSET_FAILED: {
    title: 'A script, stylesheet or image could not be processed.',
    causes: 'For example an SVG without width and height.',
    fix: 'Fix the named file.',
  },
  OUTPUT_FAILED: {
    title: 'The output folder could not be written or replaced.',
    fix: 'Check the folder and its permissions.',
  },
  PREVIEW_FAILED: { title: 'The preview could not start.', fix: 'Build first, or choose another port.' },
  CHECK_FAILED: {
    title: 'The built site did not pass a check.',
    hint: 'Fix what the report lists, build again and run `site check` again.',
  },
  SCHEMA_STALE: {
    title: 'The editor schemas do not match the content.',
    hint: 'Run `site schema` and commit the files it writes.',
  },
  HOST_RULE_UNSAFE: {
    title: 'A setting cannot be written safely into a host configuration file.',
    hint: 'Use a plain https address whose host is a DNS name (letters, digits, hyphens, dots).',
  },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof errorCodes;
