/**
 * The translation record: per language, `content/translations/<language>.yaml`
 * holds, for every text of that language, the reference (Italian) text it was
 * last translated or confirmed against, in full. Comparing it with today's
 * Italian tells whether a translation is current or outdated, with no git
 * history; a diff of the file shows which Italian a translator reviewed.
 *
 * Written only by `site translations` (confirm, import): one line per text, in
 * the order of the Italian texts, so that a review shows as a few changed lines.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CST, isMap, isScalar, LineCounter, Parser, parseDocument, Schema, stringify } from 'yaml';
import { contentPathOf } from '../content/contentFiles.ts';
import {
  translationRecordSchema,
  type TranslationRecord,
} from '../content/schemas/translationRecordSchema.ts';
import type { ResultCache } from '../content/resultCache.ts';
import { SiteError } from '../errors/siteError.ts';
import type { Language } from '../model/languages.ts';

export { translationRecordSchema, type TranslationRecord };

/** The record's file of a language, relative to the content folder. */
export const recordFileOf = (language: Language) => contentPathOf('translationRecord', language);

const header = (language: Language, reference: Language) =>
  [
    `# yaml-language-server: $schema=../../schemas/translations.schema.json`,
    `# The ${reference} text each ${language} translation was last translated or confirmed against.`,
    '# Written by `site translations confirm` and `site translations import`; do not edit by hand.',
    '# See docs/translating.md.',
  ].join('\n');

/**
 * A language's record; empty when it has none yet (every translation is then untranslated).
 * `cache` (a build) keeps the record of an unchanged file.
 */
export async function readRecord(
  contentDir: string,
  language: Language,
  cache?: ResultCache,
): Promise<TranslationRecord> {
  const file = path.join(contentDir, recordFileOf(language));
  const source = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new SiteError({
      code: 'TRANSLATION_RECORD_INVALID',
      message: `The translation record cannot be read: ${error.message}`,
      location: { file },
      cause: error,
    });
  });
  if (source === undefined) return {};
  const key = cache?.keyOf('translation record', file, source);
  const cached = key === undefined ? undefined : await cache!.get(key);
  if (cached !== null && typeof cached === 'object') return cached as TranslationRecord;
  const record = parseRecord(file, source);
  if (key !== undefined) cache!.hold(key, record);
  return record;
}

function parseRecord(file: string, source: string): TranslationRecord {
  return writtenRecord(source) ?? composedRecord(file, source);
}

/** The tests of the YAML core schema's scalar types other than text (null, booleans, numbers). */
let coreScalarTests: RegExp[] | undefined;

/**
 * A record as `site translations` writes it (under its comments, one `key: text` a line, each text
 * plain, quoted or a block), read from yaml's syntax tree alone: half the time of composing the
 * document, and a record holds every reference text of its language in full. Undefined for
 * anything else (an anchor, a tag, an alias, a plain value that YAML reads as a number or a boolean,
 * a repeated key, a key over more than one line, a tab, a syntax error): the record is then composed,
 * with its errors.
 */
export function writtenRecord(source: string): TranslationRecord | undefined {
  // Tabs, where YAML allows them only in some places, are left to the composer's checks.
  if (source.includes('\t')) return undefined;
  coreScalarTests ??= new Schema({ schema: 'core' }).tags.flatMap((tag) => (tag.test ? [tag.test] : []));
  const between = new Set(['space', 'newline', 'comment']);
  const text = (token: CST.Token | null | undefined): string | undefined => {
    if (
      token?.type !== 'scalar' &&
      token?.type !== 'single-quoted-scalar' &&
      token?.type !== 'double-quoted-scalar' &&
      token?.type !== 'block-scalar'
    )
      return undefined;
    let wrong = false;
    const scalar = CST.resolveAsScalar(token, true, () => (wrong = true));
    if (wrong || !scalar) return undefined;
    if (token.type === 'scalar' && coreScalarTests!.some((test) => test.test(scalar.value))) return undefined;
    return scalar.value;
  };
  const record: TranslationRecord = {};
  let documents = 0;
  for (const token of new Parser().parse(source)) {
    if (between.has(token.type)) continue;
    if (token.type !== 'document' || ++documents > 1) return undefined;
    if (
      token.start.some((part) => !between.has(part.type)) ||
      token.end?.some((part) => !between.has(part.type))
    )
      return undefined;
    if (token.value?.type !== 'block-map') return undefined;
    for (const item of token.value.items) {
      if (item.start.some((part) => !between.has(part.type))) return undefined;
      if (
        item.sep
          ?.filter((part) => !between.has(part.type))
          .map((part) => part.type)
          .join() !== 'map-value-ind'
      )
        return undefined;
      // Each key at the start of its line and on one line, as the writer puts it (composing, not the
      // syntax tree, checks that keys line up and that an implicit key has one line).
      const keyToken = item.key;
      if (
        !keyToken ||
        !('source' in keyToken) ||
        (keyToken.offset > 0 && source[keyToken.offset - 1] !== '\n') ||
        /[\n\r]/.test(keyToken.source) ||
        keyToken.source.length > 1024
      )
        return undefined;
      const key = text(item.key);
      const value = text(item.value);
      // An empty key is not valid, and `__proto__` is no key of a plain object: the schema has its say.
      if (!key || key === '__proto__' || value === undefined || Object.hasOwn(record, key)) return undefined;
      record[key] = value;
    }
  }
  return documents === 1 ? record : undefined;
}

/** The record composed as a YAML document, checked against its schema: its mistakes at their line. */
function composedRecord(file: string, source: string): TranslationRecord {
  const lineCounter = new LineCounter();
  const document = parseDocument(source, { lineCounter });
  const syntax = document.errors[0];
  if (syntax) {
    const { line, col } = lineCounter.linePos(syntax.pos[0]);
    throw new SiteError({
      code: 'TRANSLATION_RECORD_INVALID',
      message: `The translation record is not valid YAML: ${syntax.message.split('\n')[0]}`,
      location: { file, line, column: col },
    });
  }
  const result = translationRecordSchema.safeParse(document.toJS() ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const key = issue.path[0];
    const node =
      isMap(document.contents) && key !== undefined
        ? document.contents.items.find((pair) => isScalar(pair.key) && pair.key.value === key)
        : undefined;
    const position = isScalar(node?.key) ? lineCounter.linePos(node.key.range?.[0] ?? 0) : undefined;
    throw new SiteError({
      code: 'TRANSLATION_RECORD_INVALID',
      message: `The translation record is not valid${key !== undefined ? ` at ${String(key)}` : ''}: ${issue.message}`,
      location: { file, line: position?.line, column: position?.col },
    });
  }
  return result.data;
}

/** The record file's text: the header, then one entry per key in the given order. */
export function recordText(record: TranslationRecord, language: Language, reference: Language): string {
  const body = Object.keys(record).length === 0 ? '{}\n' : stringify(record, { lineWidth: 0 });
  return `${header(language, reference)}\n${body}`;
}

/** Writes a language's record atomically (a temporary file renamed over it). */
export async function writeRecord(
  contentDir: string,
  language: Language,
  reference: Language,
  record: TranslationRecord,
): Promise<void> {
  const file = path.join(contentDir, recordFileOf(language));
  await mkdir(path.dirname(file), { recursive: true });
  await writeAtomically(file, recordText(record, language, reference));
}

/** A file's new text, written beside it and renamed over it: a reader sees the old or the new file, never half. */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  await writeFile(temporary, text);
  await rename(temporary, file);
}
