/**
 * The content stage's typography (the rules: model/typography.ts). Every text of a
 * French language, in its text files and its legal documents, gets its narrow
 * no-break spaces here, so every later stage and every command sees the same
 * words; a number grouped otherwise than 3'000 in any language's text is reported
 * at its line, as a warning (it may be a decimal or a phone number's part).
 */
import { SiteError } from '../errors/siteError.ts';
import { isFrenchLocale, looseNumbers, typographyFor } from '../model/typography.ts';
import { type ParsedFile, scalarEntries } from './parsedFile.ts';

/** A tree of texts with every text as the language of `locale` writes it: a copy for French, the tree itself otherwise. */
export function typeset<T>(tree: T, locale: string): T {
  // Only French typography changes a text: any other language's tree is its own copy already.
  if (!isFrenchLocale(locale)) return tree;
  const write = typographyFor(locale);
  const copy = (value: unknown): unknown =>
    typeof value === 'string'
      ? write(value)
      : Array.isArray(value)
        ? value.map(copy)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copy(item)]))
          : value;
  return copy(tree) as T;
}

/** A warning for each number of a file's texts whose thousands are not grouped as 3'000; `keyPrefix` names the file's texts (`home`). */
export function looseNumberNotices(file: ParsedFile, keyPrefix: string[] = []): SiteError[] {
  return scalarEntries(file).flatMap(({ segments, value, location }) =>
    typeof value !== 'string'
      ? []
      : looseNumbers(value).map(
          ({ written, swiss }) =>
            new SiteError({
              code: 'TEXT_NUMBER_FORMAT',
              message: `${[...keyPrefix, ...segments].join('.')}: "${written}" groups its thousands otherwise than Swiss usage, which writes ${swiss} in every language`,
              location,
              hint: `Write ${swiss}; if it is not a number of thousands (a decimal, part of a phone number), write it so that it does not read as one.`,
            }),
        ),
  );
}
