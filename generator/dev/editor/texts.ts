/**
 * The editor's view of the texts: a key such as `contact.faq.items.2.question`
 * named in a request becomes a file of texts/<language>/ and a path inside it,
 * never the other way round (a request names keys, never files). Reads a key's
 * text in every language with its line and the file's version (a hash of its
 * bytes, to notice a file changed on disk since the panel read it).
 */
import { createHash } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { legacyKeys } from '../../build/translations.ts';
import { languagesFileSchema, type Language } from '../../model/languages.ts';
import { textFileOf } from '../../content/contentPaths.ts';
import { cookiePolicyKeyPrefix, legalKeyPrefix, plansKeyPrefix } from './marks.ts';

/** Texts that exist in the default language only (the cookie policy, plan names): their key family. */
export const singleLanguageFamilies = new Set([cookiePolicyKeyPrefix, plansKeyPrefix]);
/**
 * Settings shown as they are written: no placeholder is filled in them, and their lists
 * (the plans) are not lists of texts that the panel adds to or removes from.
 */
export const settingsFamilies = new Set([plansKeyPrefix]);
import { readValue, type PathSegment } from './yamlEdit.ts';

/**
 * Keys are dotted names and list positions; anything else (a slash, `..`, a file name) is refused.
 * A text key's first part names its file under texts/<language>/; `@legal.` keys are the legal documents'.
 */
const keyPattern = /^@?[A-Za-z][\w-]*(?:\.[\w-]+){1,12}$/;
const maxKeyLength = 200;

export class EditorRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

export const versionOf = (source: string) => createHash('sha256').update(source).digest('hex').slice(0, 16);

export interface TextKey {
  key: string;
  namespace: string;
  /** The path inside the file, list positions as numbers. */
  segments: PathSegment[];
}

export function parseKey(raw: unknown): TextKey {
  if (typeof raw !== 'string' || raw.length > maxKeyLength || !keyPattern.test(legacyKeys[raw] ?? raw))
    throw new EditorRequestError(
      400,
      'Expected a text key such as home.hero.title, not a file or a path',
      'The editor names texts by their key; files are never named in a request.',
    );
  const key = legacyKeys[raw] ?? raw;
  const [namespace, ...rest] = key.split('.');
  return { key, namespace, segments: rest.map((part) => (/^\d+$/.test(part) ? Number(part) : part)) };
}

/** The site's languages, default first, as languages.yaml lists them now. */
export async function readLanguages(contentDir: string): Promise<Language[]> {
  const data = languagesFileSchema.parse(
    parse(await readFile(path.join(contentDir, 'languages.yaml'), 'utf8')),
  );
  return data.languages.map((language) => language.code);
}

/** The file of a key's texts in a language: inside the content folder, or refused. */
export async function textFile(contentDir: string, language: Language, namespace: string): Promise<string> {
  const root = await realpath(contentDir);
  const file = path.join(
    root,
    namespace === legalKeyPrefix
      ? path.join('legal', `${language}.yaml`)
      : namespace === cookiePolicyKeyPrefix
        ? 'cookie-policy.yaml'
        : namespace === plansKeyPrefix
          ? 'plans.yaml'
          : textFileOf(language, namespace),
  );
  const folder = await realpath(path.dirname(file)).catch(() => undefined);
  if (
    !folder ||
    (folder !== root && !folder.startsWith(root + path.sep)) ||
    path.relative(root, file).startsWith('..')
  )
    throw new EditorRequestError(400, 'That text lies outside the content folder');
  // A file that is a link to somewhere else is neither read nor written.
  const real = await realpath(file).catch(() => file);
  if (real !== file) throw new EditorRequestError(400, 'That text lies outside the content folder');
  return file;
}

export interface LanguageText {
  language: Language;
  /** The text, or undefined when this language has no line for it (the page shows the default language's). */
  value?: string;
  /** The file, relative to the content folder, and the text's line in it. */
  file: string;
  line?: number;
  version: string;
}

/** A key's place in a list, when it is (in) an item of one: the list's key, the item's position, the items per language. */
export interface ListPlace {
  listKey: string;
  index: number;
  lengths: Record<Language, number | undefined>;
}

export interface ReadSource {
  source: string | undefined;
  file: string;
}

export async function readSource(
  contentDir: string,
  language: Language,
  namespace: string,
): Promise<ReadSource> {
  const file = await textFile(contentDir, language, namespace);
  const source = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  return { source, file };
}

export function textIn(source: string | undefined, segments: PathSegment[]) {
  if (source === undefined) return undefined;
  return readValue(source, segments);
}

/** The innermost list around the key: `contact.faq.items.2.question` is in `contact.faq.items`, item 2. */
export function listOf(
  key: TextKey,
): { segments: PathSegment[]; index: number; listKey: string } | undefined {
  if (settingsFamilies.has(key.namespace)) return undefined;
  for (let at = key.segments.length - 1; at >= 0; at--) {
    const segment = key.segments[at];
    if (typeof segment === 'number')
      return {
        segments: key.segments.slice(0, at),
        index: segment,
        listKey: [key.namespace, ...key.segments.slice(0, at)].join('.'),
      };
  }
  return undefined;
}
