/**
 * The translatable texts of the content, one entry per text: every string of
 * `texts/<language>/*.yaml` and every wording of `legal/<language>.yaml`, keyed
 * the same way in every language. A text's key is its namespace and path as the
 * templates ask for it (`home.hero.title`, `home.features.items.0.text`); a legal
 * document's texts are keyed under `legal/` (`legal/terms.sections.0.heading`), a
 * prefix no text file can have. Read from the YAML documents themselves, so each
 * entry knows its line, and so an import can write into the same documents.
 */
import { isImageSetting } from '../content/imageDeclarations.ts';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { filesIn } from '../content/fileList.ts';
import { isMap, isPair, isScalar, isSeq, LineCounter, parse, parseDocument, type Document } from 'yaml';
import type { ResultCache } from '../content/resultCache.ts';
import type { YamlDocumentCache } from '../content/yamlReader.ts';
import { SiteError } from '../errors/siteError.ts';
import {
  languagesFileSchema,
  siteLanguagesFrom,
  type Language,
  type SiteLanguages,
} from '../model/languages.ts';

/** The prefix of the legal documents' keys. */
export const legalKeyPrefix = 'legal/';
/** Fields of a legal document that are not wording: the same in every language. */
const legalFieldsNotTranslated = new Set(['lastUpdated', 'tariffTable']);

export interface TextEntry {
  key: string;
  /** The path inside its file's document, for writing it back. */
  path: (string | number)[];
  value: string;
  /** 1-based line and column of the value. */
  line: number;
  column: number;
}

/** One parsed file of one language, with its texts. */
export interface SourceFile {
  language: Language;
  /** Relative to the content folder: `texts/de/home.yaml`, `legal/de.yaml`. */
  file: string;
  source: string;
  document: Document;
  lineCounter: LineCounter;
  entries: TextEntry[];
}

/** The file (relative to the content folder) that holds a key in a language. */
export function fileOfKey(key: string, language: Language): string {
  if (key.startsWith(legalKeyPrefix)) return `legal/${language}.yaml`;
  return `texts/${language}/${key.split('.')[0]}.yaml`;
}

function entriesOf(
  document: Document,
  lineCounter: LineCounter,
  prefix: string,
  translatable: (path: (string | number)[]) => boolean,
): TextEntry[] {
  const entries: TextEntry[] = [];
  const visit = (node: unknown, keyPath: (string | number)[]) => {
    if (isScalar(node)) {
      if (typeof node.value !== 'string' || !translatable(keyPath)) return;
      const { line, col } = lineCounter.linePos(node.range?.[0] ?? 0);
      entries.push({ key: prefix + keyPath.join('.'), path: keyPath, value: node.value, line, column: col });
    } else if (isMap(node)) {
      for (const item of node.items)
        if (isPair(item) && isScalar(item.key)) visit(item.value, [...keyPath, String(item.key.value)]);
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => visit(item, [...keyPath, index]));
    }
  };
  if (document.errors.length === 0) visit(document.contents, []);
  return entries;
}

async function readSourceFile(
  contentDir: string,
  file: string,
  language: Language,
  cache?: ResultCache,
  documents?: YamlDocumentCache,
): Promise<SourceFile | undefined> {
  const absolute = path.join(contentDir, file);
  let source: string;
  try {
    source = readFileSync(absolute, 'utf8');
  } catch {
    return undefined;
  }
  // The entries are a function of the file's text: a build takes those of an unchanged file from the cache.
  const key = cache?.keyOf('translation entries', absolute, source);
  const cached = key === undefined ? undefined : await cache!.get(key);
  if (Array.isArray(cached) && cached.every(Array.isArray))
    return lazySourceFile(language, file, source, unpackEntries(file, cached as CachedEntry[]));
  // The build's content loader parsed the same text already (it keeps only files without a mistake).
  const loaded = documents?.get(absolute);
  const { document, lineCounter } =
    loaded?.source === source
      ? { document: loaded.file.doc, lineCounter: loaded.file.lineCounter }
      : parseSource(source);
  const entries = entriesOfFile(file, document, lineCounter);
  if (key !== undefined) cache!.hold(key, packEntries(entries));
  return { language, file, source, document, lineCounter, entries };
}

/** An entry as the cache keeps it: a tuple, its key left out (the file's prefix and its path make it). */
type CachedEntry = [path: (string | number)[], value: string, line: number, column: number];

const packEntries = (entries: TextEntry[]): CachedEntry[] =>
  entries.map(({ path, value, line, column }) => [path, value, line, column]);

const unpackEntries = (file: string, packed: CachedEntry[]): TextEntry[] => {
  const prefix = keyPrefixOf(file);
  return packed.map(([path, value, line, column]) => ({
    key: prefix + path.join('.'),
    path,
    value,
    line,
    column,
  }));
};

/** What a file's keys start with: `legal/` for a legal document, `home.` for texts/<language>/home.yaml. */
function keyPrefixOf(file: string): string {
  return file.startsWith('legal/') ? legalKeyPrefix : `${path.basename(file, '.yaml')}.`;
}

function parseSource(source: string) {
  const lineCounter = new LineCounter();
  return { lineCounter, document: parseDocument(source, { lineCounter, keepSourceTokens: false }) };
}

function entriesOfFile(file: string, document: Document, lineCounter: LineCounter): TextEntry[] {
  const legal = file.startsWith('legal/');
  const namespace = path.basename(file, '.yaml');
  return legal
    ? entriesOf(document, lineCounter, keyPrefixOf(file), (keyPath) => {
        const field = keyPath.findLast((step) => typeof step === 'string');
        return !legalFieldsNotTranslated.has(String(field));
      })
    : // An image's file, focus and role are written once, in the default language: not texts to translate.
      entriesOf(
        document,
        lineCounter,
        keyPrefixOf(file),
        (keyPath) => !isImageSetting(`${namespace}.${keyPath.join('.')}`),
      );
}

/** A file whose entries came from the cache: its document is parsed only if something asks for it. */
function lazySourceFile(language: Language, file: string, source: string, entries: TextEntry[]): SourceFile {
  let parsed: ReturnType<typeof parseSource> | undefined;
  return {
    language,
    file,
    source,
    entries,
    get document() {
      return (parsed ??= parseSource(source)).document;
    },
    get lineCounter() {
      return (parsed ??= parseSource(source)).lineCounter;
    },
  };
}

/** The languages of the content, from languages.yaml alone. */
export async function readLanguages(contentDir: string): Promise<SiteLanguages> {
  const file = path.join(contentDir, 'languages.yaml');
  let parsed: unknown;
  try {
    parsed = parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new SiteError({
      code: 'CONTENT_MISSING_FILE',
      message: 'languages.yaml cannot be read',
      location: { file },
      hint: 'Run the command in the project folder, or name the content folder with --content <dir>.',
      cause: error,
    });
  }
  const result = languagesFileSchema.safeParse(parsed);
  if (!result.success)
    throw new SiteError({
      code: 'CONTENT_SCHEMA',
      message: 'languages.yaml is not valid',
      location: { file },
      hint: 'Run `site build` to see what is wrong with it.',
    });
  return siteLanguagesFrom(result.data);
}

/** Every text file and legal file of every language, parsed; `cache` keeps the entries of unchanged files (a build). */
export async function readSources(
  contentDir: string,
  languages: SiteLanguages,
  cache?: ResultCache,
  documents?: YamlDocumentCache,
): Promise<SourceFile[]> {
  const files: { file: string; language: Language }[] = [];
  for (const language of languages.codes) {
    for (const name of filesIn(path.join(contentDir, 'texts', language), '.yaml').sort())
      files.push({ file: `texts/${language}/${name}`, language });
    files.push({ file: `legal/${language}.yaml`, language });
  }
  const read = await Promise.all(
    files.map(({ file, language }) => readSourceFile(contentDir, file, language, cache, documents)),
  );
  return read.filter((file): file is SourceFile => file !== undefined);
}
