/**
 * The catalogue of every error a user can meet: its stable code, what it means,
 * and the hint shown when the place that raises it has nothing more specific to
 * say. One place to read what can go wrong, and what to do about it: the table of
 * error codes in docs/editing.md is written from it (`npm run docs`).
 */
/** The commands that print errors; a hint may say something else under each (`site dev` rebuilds on save, so never says "build again"). */
export type SiteCommand = 'build' | 'dev' | 'check' | 'schema' | 'preview' | 'translations';

export interface ErrorCodeEntry {
  /** What the error means, in a few words. */
  title: string;
  /** What to do about it, when the raising code gives no hint of its own; true whichever command prints it. */
  hint?: string;
  /** The hint as a command says it, where the command changes what to do (`site dev`: save the file). */
  hintFor?: Partial<Record<SiteCommand, string>>;
  /** For the docs: what usually causes it, in an editor's words. */
  causes?: string;
  /** For the docs: what to do, where the hint does not say it out of context (or there is none, as the raising code always gives its own). */
  fix?: string;
}

export const errorCodes = {
  CONTENT_INVALID: {
    title: 'The content has problems; nothing was written.',
    hint: 'Fix the files above, then run the command again; nothing was written.',
    hintFor: {
      build: 'Fix the files above and build again; the previous output is untouched.',
      dev: 'Fix the files above and save: the site rebuilds on its own, and serves the last good pages until then.',
      check: 'Fix the files above, then build and check again.',
    },
    causes: 'Each problem is listed below it with its own code.',
    fix: 'Fix each listed problem.',
  },
  CONTENT_MISSING_FILE: {
    title: 'A content file or folder the site needs is missing.',
    causes: 'Or a folder is where a file is needed, a file where a folder is needed, or links form a loop.',
    fix: 'Create it, or replace it by a plain file or folder.',
  },
  CONTENT_OUTSIDE: {
    title: 'A content file leads outside the content folder (a symbolic link); it is not read.',
    hint: 'Put the file itself in the content folder instead of a link to it.',
    causes:
      'A file or image under content/ is a symbolic link to a file elsewhere (a home folder, a shared drive); whatever the content holds is published, so it is refused unread.',
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
    causes:
      'A translation not written yet. Without --strict the page shows the Italian text and the build lists it; a text the Italian lacks is TEXT_MISSING_REFERENCE.',
  },
  TEXT_MISSING_REFERENCE: {
    title: 'A text the site shows is missing in the reference language (the first, Italian).',
    hint: 'Add the text to the reference file named, then to every other language.',
    causes:
      'A new plan whose description is not in the Italian subscriptions texts; a feature card, FAQ entry or legal section added to a translation but not to the Italian; an Italian list item without one of its fields (a title without its text).',
    fix: 'Add the key the message names to the Italian file it names (the translations follow, or fall back to the Italian until they do).',
  },
  TRANSLATION_OUTDATED: {
    title: 'A translation was made for an older reference text (--strict).',
    hint: 'Update the translation, or confirm it: see `site translations status` and docs/translating.md.',
    causes:
      'The Italian text changed since the translation was made or last confirmed (the record in `content/translations/` says against which Italian).',
    fix: 'Update the translation, or run `site translations confirm <key>` if it still fits.',
  },
  TRANSLATION_RECORD_INVALID: {
    title: 'The translation record (content/translations/) cannot be read.',
    hint: 'The record is written by `site translations`; restore it from git, or run `site translations confirm --all` to record every translation as checked.',
    causes: 'The file was edited by hand or damaged: not valid YAML, or a value that is not a text.',
  },
  TRANSLATION_UNKNOWN_KEY: {
    title: 'No text has the key named.',
    causes: 'A key given to `site translations confirm` that no Italian text has, usually a typo.',
    fix: 'Use the key the message suggests, or a file or language.',
  },
  TRANSLATION_UNKNOWN_TARGET: {
    title: 'The language or file named has no translations.',
    causes:
      'The reference language, a language not in `languages.yaml`, or a file that is not a translated text file.',
    fix: 'Name a translated language (the message lists them) or one of its text files.',
  },
  XLIFF_INVALID: {
    title: 'The XLIFF file cannot be imported; nothing was written.',
    hint: 'Fix the units listed (or ask the agency to), then import the file again.',
    causes: 'Not XLIFF 1.2, not well-formed XML, or one or more units listed below it with their own code.',
  },
  XLIFF_UNIT_INVALID: {
    title: 'A unit of the XLIFF file cannot be imported.',
    causes:
      'An unknown text key, an id used twice, a placeholder dropped or added, a text longer than its field takes, a unit of another language’s file.',
    fix: 'Follow the message at the named unit and line, then import the file again.',
  },
  TEXT_PLACEHOLDER: {
    title: 'A text names a placeholder that nothing fills.',
    fix: 'Fix the placeholder’s spelling.',
  },
  TEXT_NUMBER_FORMAT: {
    title: "A number in a text groups its thousands otherwise than 3'000 (a warning).",
    hint: "Write the number as Swiss usage does in every language: 3'000, 1'250'000.",
    causes:
      'A number typed with a space, a point, a comma or a typographic apostrophe between its thousands (3 000, 3.000, 3’000), as French, German or English elsewhere write it.',
    fix: 'Write it with a straight apostrophe. If it is not a number of thousands (a decimal, part of a phone number), write it so that it does not read as one.',
  },
  ROUTE_CONFLICT: {
    title: 'Two pages would be written to the same path.',
    hint: 'Give one of the pages a different slug.',
  },
  SLUG_FORWARD_MISSING: {
    title:
      'An address the last build published would stop answering (a page’s slug changed without a forward).',
    hint: 'List the old slug under former: in slugs.yaml; the message gives the line.',
    causes:
      'A slug in slugs.yaml was changed (or a former: entry taken out) since the last `site build` into the same output folder: links and bookmarks to the old address would get 404.',
    fix: 'Add the `former:` line the message shows, e.g. `  about: { de: [uber-uns] }` under `former:`: the old address then forwards (301) to the new one. To let an old address go on purpose, delete the output folder (dist/) and build again.',
  },
  IMAGE_MISLABELLED: {
    title: "An image file's bytes are not the format its name says.",
    hint: 'Export the image again in the format its name says, or rename it to the format it is.',
    causes: 'A PNG or HEIC photo renamed to .jpg, a WebP saved from a browser under a .jpg name.',
  },
  IMAGE_UNREADABLE: {
    title: 'An image file cannot be read: truncated, damaged or without a size.',
    hint: 'Copy or export the image again and check that it opens whole in an image viewer.',
    causes: 'A copy cut short, a file that is not an image, an SVG without width and height or viewBox.',
  },
  IMAGE_TOO_SMALL: {
    title: 'An image is narrower than the place the page shows it in.',
    hint: 'Use a larger original: the page would show it blurred.',
    causes: 'A thumbnail or a screenshot used where the page shows a wide photo.',
  },
  IMAGE_TOO_LARGE: {
    title: 'An image file is over the size limit for a source image.',
    hint: 'Export it at most 6000 pixels wide as a JPEG of quality 90 or less.',
    causes: "A camera's raw export or an uncompressed TIFF-sized PNG.",
  },
  IMAGE_ALT_MISSING: {
    title: 'An image a page shows has no alt text in a language.',
    hint: 'Write alt under the image in that language, or mark the image role: decorative if it says nothing.',
    causes: 'A new photo whose alt text is written in Italian only.',
  },
  ROUTE_RESERVED: {
    title: 'A slug takes a path that the build, a web host or a language prefix reserves.',
    hint: 'Choose another slug in slugs.yaml (a word of the page, such as chi-siamo).',
    causes:
      'A slug or former slug of the default language such as `assets`, `og`, `sitemap.xml`, `robots.txt`, `_headers`, `.well-known`, `__site` or a language code (`en`).',
  },
  ASSET_FAILED: {
    title: 'A script, stylesheet or image could not be processed.',
    causes: 'A stylesheet or script that does not parse, a client file that cannot be read.',
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
    hint: 'Run `site schema` (`site build` and `site dev` also write them); the schemas/ folder is not committed, so a clone never holds stale ones.',
  },
  HOST_RULE_UNSAFE: {
    title: 'A setting cannot be written safely into a host configuration file.',
    hint: 'Use a plain https address whose host is a DNS name (letters, digits, hyphens, dots).',
  },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof errorCodes;
