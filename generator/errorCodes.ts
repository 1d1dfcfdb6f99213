/**
 * The catalogue of every error a user can meet: its stable code, what it means,
 * and the hint shown when the place that raises it has nothing more specific to
 * say. One place to read what can go wrong, and what to do about it.
 */
export interface ErrorCodeEntry {
  /** What the error means, in a few words. */
  title: string;
  /** What to do about it, when the raising code gives no hint of its own. */
  hint?: string;
}

export const errorCodes = {
  CONTENT_INVALID: {
    title: 'The content has problems; nothing was written.',
    hint: 'Fix the files above and build again; the previous output is untouched.',
  },
  CONTENT_MISSING_FILE: { title: 'A content file or folder the site needs is missing.' },
  CONTENT_YAML_SYNTAX: {
    title: 'A content file is not valid YAML.',
    hint: 'Check indentation, colons and quotes around this line.',
  },
  CONTENT_SCHEMA: { title: 'A content value does not have the form the site needs.' },
  CONTENT_UNKNOWN_KEY: { title: 'A content file names a key the site does not know.' },
  CONTENT_REFERENCE: { title: 'A content value names something that does not exist.' },
  TRANSLATION_MISSING: {
    title: 'A text is missing in a language (--strict).',
    hint: 'Add the texts, or build without --strict to fall back to the default language.',
  },
  TRANSLATION_OUTDATED: {
    title: 'A translation was made for an older reference text (--strict).',
    hint: 'Update the translation, or confirm it: see `site translations status` and docs/translating.md.',
  },
  TRANSLATION_RECORD_INVALID: {
    title: 'The translation record (content/translations/) cannot be read.',
    hint: 'The record is written by `site translations`; restore it from git, or run `site translations confirm --all` to record every translation as checked.',
  },
  TRANSLATION_UNKNOWN_KEY: { title: 'No text has the key named.' },
  TRANSLATION_UNKNOWN_TARGET: { title: 'The language or file named has no translations.' },
  XLIFF_INVALID: {
    title: 'The XLIFF file cannot be imported; nothing was written.',
    hint: 'Fix the units listed (or ask the agency to), then import the file again.',
  },
  XLIFF_UNIT_INVALID: { title: 'A unit of the XLIFF file cannot be imported.' },
  TEXT_PLACEHOLDER: { title: 'A text names a placeholder that nothing fills.' },
  ROUTE_CONFLICT: {
    title: 'Two pages would be written to the same path.',
    hint: 'Give one of the pages a different slug.',
  },
  ASSET_FAILED: { title: 'A script, stylesheet or image could not be processed.' },
  OUTPUT_FAILED: { title: 'The output folder could not be written or replaced.' },
  PREVIEW_FAILED: { title: 'The preview could not start.' },
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
