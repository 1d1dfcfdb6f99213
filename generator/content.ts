/**
 * Stage 1: read every YAML file under content/, validate it against its schema and
 * return plain typed data. Every problem in every file is collected first and
 * reported together, each with its file, line and column.
 */
import { stat } from 'node:fs/promises';
import { findControlCharacter } from './controlCharacters.ts';
import { ContentFileError, maxContentFileBytes, readContentFile, realContentPath } from './contentFile.ts';
import path from 'node:path';
import fg from 'fast-glob';
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type YAMLError,
} from 'yaml';
import { z } from 'zod';
import { formatPath, SiteError, type SourceLocation } from './errors.ts';
import { closestMatch, didYouMean } from './suggest.ts';
import { imageFileOf, textFileOf } from './contentPaths.ts';
import {
  languagesFileSchema,
  siteLanguagesFrom,
  type Language,
  type LanguageEntry,
  type SiteLanguages,
} from './languages.ts';
import { flagCountries } from '../templates/flags.tsx';
import { requiredTextFiles, slugPageIds, type SlugPageId } from './pages.ts';
import { createRouteTable, type FormerSlugs, type PageSlugs } from './routes.ts';
import {
  businessBadgePlanId,
  cookiePolicyFileSchema,
  defaultLanguagePathIds,
  countriesFileSchema,
  legalFileSchema,
  legalSectionIds,
  plansFileSchema,
  requiredImages,
  sitePlaceholders,
  siteSettingsSchema,
  slugsFileSchema,
  tariffsFileSchema,
  textsFileSchema,
  zonesFileSchema,
  type Country,
  type LegalDocument,
  type LegalFile,
  type Plan,
  type SiteSettings,
  type Tariffs,
  type TextTree,
  type Zone,
} from './schema.ts';

export interface Content {
  /** The languages, in order; the first is the default. */
  languages: SiteLanguages;
  /** Every page's slug in every language. */
  slugs: PageSlugs;
  /** Slugs pages had before, per language; each old path is forwarded to the page. */
  formerSlugs: FormerSlugs;
  site: SiteSettings;
  plans: Plan[];
  zones: Zone[];
  countries: Country[];
  tariffs: Tariffs;
  legal: Record<Language, LegalFile>;
  cookiePolicy: LegalDocument;
  /** Texts per language, one top-level key per file under texts/<lang>/. */
  texts: Record<Language, TextTree>;
  /** Where each text (`esim.meta.title`) is written, per language, so later stages can point at it. */
  textLocations: Record<Language, Record<string, SourceLocation>>;
}

export { imageFileOf, textFileOf } from './contentPaths.ts';

/**
 * The file that holds each part of the content, for dating the pages that read
 * it; texts are dated per file through `textFileOf`. A page reads the legal
 * documents of its own language only.
 */
export function contentFileOf(part: keyof Content, language: Language): string | undefined {
  const files: Partial<Record<keyof Content, string>> = {
    site: 'site.yaml',
    languages: 'languages.yaml',
    plans: 'plans.yaml',
    zones: 'zones.yaml',
    countries: 'countries.yaml',
    tariffs: 'tariffs.yaml',
    legal: `legal/${language}.yaml`,
    cookiePolicy: 'cookie-policy.yaml',
  };
  return files[part];
}

type PathSegment = string | number;

interface ParsedFile {
  /** The file's path; messages show it relative to the working directory. */
  displayPath: string;
  doc: Document;
  lineCounter: LineCounter;
}

/** Collects problems across files so the user sees all of them at once. */
class ProblemList {
  readonly problems: SiteError[] = [];
  add(
    code: SiteError['code'],
    message: string,
    file: string,
    position?: { line: number; col: number },
    hint?: string,
  ) {
    this.problems.push(
      new SiteError({ code, message, hint, location: { file, line: position?.line, column: position?.col } }),
    );
  }
}

/** Finds the deepest YAML node that exists along `segments` and returns its position. */
function positionOf(file: ParsedFile, segments: readonly PathSegment[], key?: string) {
  for (let depth = segments.length; depth >= 0; depth--) {
    const node = depth === 0 ? file.doc.contents : file.doc.getIn(segments.slice(0, depth), true);
    if (!node || typeof node !== 'object') continue;
    if (key !== undefined && depth === segments.length && isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === key);
      const range = pair && isScalar(pair.key) ? pair.key.range : undefined;
      if (range) return file.lineCounter.linePos(range[0]);
    }
    const range = (node as { range?: [number, number, number] }).range;
    if (range) return file.lineCounter.linePos(range[0]);
  }
  return { line: 1, col: 1 };
}

/** A value as the editor wrote it, for messages: `the number 50`, `"yes"`. */
function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'string') return `the text "${value.length > 60 ? `${value.slice(0, 60)}…` : value}"`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return `${value} (a yes/no value)`;
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
  return 'a block of keys';
}

/** What zod calls a type, in the content's words. */
const typeWords: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a block of keys',
  record: 'a block of keys',
};

/** The value at a path of parsed data. */
function valueAt(data: unknown, segments: readonly PathSegment[]): unknown {
  return segments.reduce<unknown>(
    (node, segment) =>
      node !== null && typeof node === 'object' ? (node as Record<PathSegment, unknown>)[segment] : undefined,
    data,
  );
}

/** zod's wording rewritten in the content's terms, with the value the editor wrote where it helps. */
function plainMessage(issue: z.core.$ZodIssue, data: unknown, segments: readonly PathSegment[]): string {
  const value = valueAt(data, segments);
  const field = segments.at(-1);
  if (issue.code === 'invalid_type') {
    if (value === undefined)
      return `Required field is missing (expected ${typeWords[issue.expected] ?? issue.expected})`;
    const expected = typeWords[issue.expected] ?? issue.expected;
    const quoteIt =
      issue.expected === 'string' && (typeof value === 'number' || typeof value === 'boolean')
        ? '; put it in quotes if it is meant as a text'
        : '';
    const yesNo =
      issue.expected === 'boolean' && typeof value === 'string'
        ? ' (write true or false, without quotes)'
        : '';
    return `Expected ${expected}${yesNo}, found ${describeValue(value)}${quoteIt}`;
  }
  if (
    (issue.code === 'too_big' || issue.code === 'too_small') &&
    issue.origin === 'array' &&
    Array.isArray(value)
  ) {
    const exact = issue.exact;
    const limit = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
    if (field === 'prices' && exact) {
      const commas = value.length > limit ? '; a decimal comma? Write 0.05, not 0,05' : '';
      return `This row has ${value.length} prices, the table has ${limit} columns${commas}`;
    }
    if (exact) return `Expected exactly ${limit} item${limit === 1 ? '' : 's'}, found ${value.length}`;
    return issue.code === 'too_big'
      ? `Expected at most ${limit} items, found ${value.length}`
      : `Expected at least ${limit} item${limit === 1 ? '' : 's'}, found ${value.length}`;
  }
  if (issue.code === 'too_big' && issue.origin === 'string' && typeof value === 'string') {
    return `Too long: ${value.length} characters, at most ${Number(issue.maximum)} are allowed`;
  }
  if (issue.code === 'too_big' || issue.code === 'too_small') {
    if (issue.origin === 'number' && typeof value === 'number')
      return `Expected a number ${issue.code === 'too_big' ? `of at most ${Number(issue.maximum)}` : `of at least ${Number(issue.minimum)}`}, found ${value}`;
  }
  if (issue.code === 'invalid_value') {
    const allowed = issue.values.map((option) => String(option));
    const suggestion = typeof value === 'string' ? didYouMean(value, allowed) : '';
    return `Expected one of ${allowed.join(', ')}, found ${describeValue(value)}.${suggestion}`.replace(
      /\.$/,
      '',
    );
  }
  const message = issue.message.replace(/^Invalid input: /, '');
  // A malformed address or URL is echoed, so the editor sees what the build read.
  const echo =
    typeof value === 'string' &&
    (issue.code === 'invalid_format' || issue.code === 'custom') &&
    value.length <= 200
      ? ` (found "${value}")`
      : '';
  return `${message.charAt(0).toUpperCase()}${message.slice(1)}${echo}`;
}

/**
 * A union (`false` or an allowance object) fails as a whole; report what is wrong
 * inside the branch the value was meant for, or else which shapes were expected.
 */
function expandUnion(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
  const deepBranch = issue.errors.find((branch) => branch.some((inner) => inner.path.length > 0));
  if (deepBranch) {
    return deepBranch.flatMap((inner) =>
      expandUnion({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue),
    );
  }
  const expected = issue.errors.flat().map((inner) => {
    if (inner.code === 'invalid_value')
      return inner.values.map((value) => JSON.stringify(value)).join(' or ');
    if (inner.code === 'invalid_type') return inner.expected;
    return inner.message;
  });
  const received = issue.errors
    .flat()
    .map((inner) => inner.message.match(/received (\w+)/)?.[1])
    .find(Boolean);
  return [
    { ...issue, message: `Expected ${expected.join(' or ')}${received ? `, received ${received}` : ''}` },
  ];
}

/** A file (or image) whose real path leaves the content folder: named, never read. */
const outsideMessage = 'This file is a link that leads outside the content folder; it was not read';

/** Why a file could not be read, in plain words; undefined for a plain missing file. */
function unreadableReason(code: string | undefined): string | undefined {
  switch (code) {
    case 'EISDIR':
      return 'is a folder, where a file is needed';
    case 'ELOOP':
      return 'is a symbolic link that leads back to itself (a loop)';
    case 'ENOTDIR':
      return 'cannot be reached: a part of its path is a file, where a folder is needed';
    case 'EACCES':
    case 'EPERM':
      return 'cannot be read: no permission';
    case 'NOT_A_FILE':
      return 'is not a plain file (a device or a pipe)';
    default:
      return undefined;
  }
}

/** Reads a content file as UTF-8 text, or reports why it cannot be (missing, a folder, a loop, not UTF-8, too big). */
async function readContentText(
  contentDir: string,
  absolute: string,
  relativePath: string,
  problems: ProblemList,
): Promise<string | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readContentFile(contentDir, absolute, maxContentFileBytes);
  } catch (error) {
    if (error instanceof ContentFileError && error.code === 'TOO_BIG') {
      problems.add(
        'CONTENT_SCHEMA',
        `File is ${(error.bytes! / 1024 / 1024).toFixed(1)} MB; content files are at most ${maxContentFileBytes / 1024 / 1024} MB`,
        absolute,
        undefined,
        'A content file holds texts and numbers; check that nothing was pasted into it by mistake.',
      );
      return undefined;
    }
    if (error instanceof ContentFileError && error.code === 'OUTSIDE_CONTENT') {
      problems.add('CONTENT_OUTSIDE', outsideMessage, absolute);
      return undefined;
    }
    const code = (error as NodeJS.ErrnoException).code;
    const reason = unreadableReason(code);
    if (reason)
      problems.add(
        'CONTENT_MISSING_FILE',
        `Required content file ${reason}`,
        absolute,
        undefined,
        `${relativePath} must be a plain YAML file.`,
      );
    else
      problems.add(
        'CONTENT_MISSING_FILE',
        'Required content file is missing',
        absolute,
        undefined,
        `Create ${relativePath} under the content folder.`,
      );
    return undefined;
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    problems.add(
      'CONTENT_YAML_SYNTAX',
      'File is saved as UTF-16; content files must be UTF-8',
      absolute,
      { line: 1, col: 1 },
      'Save the file as UTF-8 (in VS Code: click the encoding in the status bar, "Save with Encoding", UTF-8).',
    );
    return undefined;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Point at the first byte that is not UTF-8: usually an accented letter saved as Latin-1.
    const valid = new TextDecoder('utf-8').decode(bytes).split('\uFFFD')[0];
    const lines = valid.split('\n');
    problems.add(
      'CONTENT_YAML_SYNTAX',
      'File is not UTF-8 (an accented letter saved as Latin-1 or Windows-1252?)',
      absolute,
      { line: lines.length, col: lines.at(-1)!.length + 1 },
      'Save the file as UTF-8 (in VS Code: "Save with Encoding", UTF-8) and check the letters at this place.',
    );
    return undefined;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const bareCr = /\r(?!\n)/.exec(text);
  if (bareCr) {
    const before = text.slice(0, bareCr.index).split(/\r\n|\n/);
    problems.add(
      'CONTENT_YAML_SYNTAX',
      'File ends its lines with a lone carriage return (old Mac line ends)',
      absolute,
      { line: before.length, col: before.at(-1)!.length + 1 },
      'Save the file with LF line ends (in VS Code: click "CR" or "CRLF" in the status bar and choose LF).',
    );
    return undefined;
  }
  return text;
}

/** A YAML mistake in plain words, at the line that holds it. */
function plainYamlError(
  error: YAMLError,
  lines: string[],
): { message: string; line: number; col: number; hint: string } {
  const at = error.linePos?.[0] ?? { line: 1, col: 1 };
  const lineText = lines[at.line - 1] ?? '';
  const indentOf = (text: string) => /^ */.exec(text)![0].length;
  /** The nearest line at or above `line` that matches, for a mistake whose effect shows later (an unclosed quote or bracket). */
  const lineAbove = (from: number, test: (text: string) => boolean) => {
    for (let index = from - 1; index >= 0; index--) if (test(lines[index])) return index + 1;
    return from;
  };
  switch (error.code) {
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY': {
      const value = /^\s*(?:- )?[^\s:#][^:#]*:\s+(.*)$/.exec(lineText)?.[1] ?? '';
      if (/:\s/.test(value) || /:$/.test(value)) {
        return {
          message: 'This text contains ": " (a colon and a space), which YAML reads as a new key',
          line: at.line,
          col: lineText.indexOf(value) + value.search(/:(\s|$)/) + 1,
          hint: 'Put the whole text in double quotes: key: "text: more text" (inside, write a double quote as \\").',
        };
      }
      const next = lines.findIndex(
        (text, index) => index >= at.line && text.trim() !== '' && !text.trim().startsWith('#'),
      );
      const nextLine = next >= 0 ? next + 1 : at.line;
      return {
        message: 'This line is indented more than the line above, which already has its value',
        line: nextLine,
        col: indentOf(lines[nextLine - 1] ?? '') + 1,
        hint: `Line it up with the line above (${indentOf(lineText)} spaces), or, if it belongs under the key above, remove that key's value.`,
      };
    }
    case 'BAD_INDENT':
    case 'MISSING_CHAR': {
      if (/Flow (sequence|mapping)/.test(error.message) || /Missing , or :|flow/i.test(error.message)) {
        const line = lineAbove(
          at.line,
          (text) =>
            (text.match(/\[/g)?.length ?? 0) > (text.match(/\]/g)?.length ?? 0) ||
            (text.match(/\{/g)?.length ?? 0) > (text.match(/\}/g)?.length ?? 0),
        );
        return {
          message: 'A list in [ ] or a block in { } is not closed',
          line,
          col: Math.max(lines[line - 1].lastIndexOf('['), lines[line - 1].lastIndexOf('{')) + 1,
          hint: 'Close it on the same line with ] or }, or write one item a line with "- ".',
        };
      }
      if (/quote/i.test(error.message)) {
        const quote = /'/.test(error.message) ? "'" : '"';
        const line = lineAbove(at.line, (text) => (text.split(quote).length - 1) % 2 === 1);
        return {
          message: `A text opened with ${quote} is not closed`,
          line,
          col: lines[line - 1].indexOf(quote) + 1,
          hint: `Add the closing ${quote} at the end of the text.`,
        };
      }
      return {
        message: 'This line does not line up with the lines above it',
        line: at.line,
        col: at.col,
        hint: 'Keys of one block start in the same column, and list items ("- ") in the same column: count the spaces of the line above.',
      };
    }
    case 'TAB_AS_INDENT':
      return {
        message: 'This line is indented with a tab',
        line: at.line,
        col: at.col,
        hint: 'Indent with spaces only (two per level).',
      };
    case 'DUPLICATE_KEY':
      return {
        message: `The key "${lineText.trim().replace(/:.*$/, '')}" is written twice in this block`,
        line: at.line,
        col: indentOf(lineText) + 1,
        hint: 'Keep one of the two; the second would silently replace the first.',
      };
    case 'BAD_SCALAR_START':
      return {
        message: `A text cannot start with ${lineText[at.col - 1] ?? 'this character'} unless it is in quotes`,
        line: at.line,
        col: at.col,
        hint: 'Put the text in double quotes.',
      };
    case 'RESOURCE_EXHAUSTION':
      // The parser gives up on values nested thousands deep (a paste that repeated "[" or "- ").
      return {
        message: 'Values are nested too deeply here (lists or blocks inside each other thousands of times)',
        line: at.line,
        col: at.col,
        hint: 'Content nests a few levels at most: look for a paste that repeated [, { or "- " and remove it.',
      };
    case 'TAG_RESOLVE_FAILED':
      return {
        message: 'YAML tags (such as !js/function) are not allowed in content',
        line: at.line,
        col: at.col,
        hint: 'Write a plain value; remove the word starting with !.',
      };
    default:
      return {
        message: 'This line is not valid YAML',
        line: at.line,
        col: at.col,
        hint: 'Check the colons (a space after each), quotes (every one closed) and indentation (spaces, lined up with the line above).',
      };
  }
}

/**
 * Parsed YAML documents by absolute path, each with the text it was parsed from.
 * Parsing is most of loading the content: `site dev` keeps one of these between
 * rebuilds, so a save parses only the file whose text changed. A document is only
 * read once parsed, never changed, so sharing it between loads is safe.
 */
export type YamlDocumentCache = Map<string, { source: string; file: ParsedFile }>;

async function parseYamlFile(
  contentDir: string,
  relativePath: string,
  problems: ProblemList,
  documents?: YamlDocumentCache,
): Promise<ParsedFile | undefined> {
  const absolute = path.join(contentDir, relativePath);
  const displayPath = absolute;
  const source = await readContentText(contentDir, absolute, relativePath, problems);
  if (source === undefined) return undefined;
  const cached = documents?.get(absolute);
  if (cached?.source === source) return cached.file;
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: true, uniqueKeys: true });
  // A tag the parser does not know is only a warning to it; content never needs one.
  const [error] = [...doc.errors, ...doc.warnings];
  if (error) {
    // Later syntax errors in a file are nearly always echoes of the first one.
    const plain = plainYamlError(error, source.split('\n'));
    problems.add(
      'CONTENT_YAML_SYNTAX',
      `YAML syntax error: ${plain.message}`,
      displayPath,
      { line: plain.line, col: plain.col },
      plain.hint,
    );
    return undefined;
  }
  // Aliases (*name) repeat a value written elsewhere; nothing in content needs them, and a chain of them can
  // expand to gigabytes ("billion laughs"). Refused before anything expands them.
  let alias: { line: number; col: number } | undefined;
  visit(doc, {
    Alias(_key, node) {
      if (isAlias(node)) alias = lineCounter.linePos(node.range?.[0] ?? 0);
      return visit.BREAK;
    },
  });
  if (alias) {
    problems.add(
      'CONTENT_YAML_SYNTAX',
      'YAML aliases (*name) are not allowed in content',
      displayPath,
      alias,
      'Write the value out where it is needed; remove the &anchor and the *alias.',
    );
    return undefined;
  }
  const control = findControlCharacter(doc, lineCounter);
  if (control) {
    problems.add(
      'CONTENT_SCHEMA',
      `This text holds a control character (${control.codePoint}), which no page can show`,
      displayPath,
      control,
      'Remove it: retype the text around it, or delete the \\0 or \\x.. escape in quotes.',
    );
    return undefined;
  }
  const file = { displayPath, doc, lineCounter };
  documents?.set(absolute, { source, file });
  return file;
}

function validate<Schema extends z.ZodType>(
  file: ParsedFile,
  schema: Schema,
  problems: ProblemList,
  pathPrefix: PathSegment[] = [],
): z.infer<Schema> | undefined {
  const data = file.doc.toJS({ maxAliasCount: 0 });
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues.flatMap(expandUnion);
  const segmentsOf = (issue: z.core.$ZodIssue) =>
    issue.path.filter((segment): segment is PathSegment => typeof segment !== 'symbol');
  // A misspelt key is one problem: its "unknown key" and the "missing" of the key it was meant to be are merged.
  const missingAt = (parent: PathSegment[], key: string) =>
    issues.find(
      (issue) =>
        issue.code === 'invalid_type' &&
        valueAt(data, segmentsOf(issue)) === undefined &&
        formatPath(segmentsOf(issue)) === formatPath([...parent, key]),
    );
  const merged = new Set<z.core.$ZodIssue>();
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const segments = segmentsOf(issue);
    const parent = valueAt(data, segments);
    for (const key of issue.keys) {
      const known = knownKeys(schema, segments, parent);
      const missingKeys = known.filter((candidate) => missingAt(segments, candidate));
      const meant = closestMatch(key, missingKeys) ?? closestMatch(key, known);
      const missing = meant === undefined ? undefined : missingAt(segments, meant);
      if (missing) merged.add(missing);
      const suggestion = meant === undefined ? '' : ` Did you mean "${meant}"?`;
      problems.add(
        'CONTENT_UNKNOWN_KEY',
        `${formatPath([...pathPrefix, ...segments, key])}: Unknown key "${key}".${suggestion}`,
        file.displayPath,
        positionOf(file, segments, key),
        meant === undefined
          ? `The keys here are ${known.join(', ')}. Unknown keys are rejected so that a typo never goes unnoticed.`
          : 'Unknown keys are rejected so that a typo never goes unnoticed.',
      );
    }
  }
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' || merged.has(issue)) continue;
    const segments = segmentsOf(issue);
    problems.add(
      'CONTENT_SCHEMA',
      `${formatPath([...pathPrefix, ...segments]) || '(file)'}: ${plainMessage(issue, data, segments)}`,
      file.displayPath,
      positionOf(file, segments),
    );
  }
  return undefined;
}

/** The keys an object of the schema may have at `segments` (for "did you mean"); empty where it is not an object. */
function knownKeys(schema: z.ZodType, segments: readonly PathSegment[], value: unknown): string[] {
  let node: z.ZodType | undefined = schema;
  for (const segment of segments) {
    node = unwrap(node);
    if (node instanceof z.ZodObject) node = node.shape[segment as string] as z.ZodType | undefined;
    else if (node instanceof z.ZodArray) node = node.element as z.ZodType;
    else if (node instanceof z.ZodRecord) node = node.valueType as z.ZodType;
    else if (node instanceof z.ZodUnion)
      node =
        (node.options as z.ZodType[]).map(unwrap).find((option) => option instanceof z.ZodObject) ?? node;
    else return [];
    if (!node) return [];
  }
  node = unwrap(node);
  if (node instanceof z.ZodUnion)
    node = (node.options as z.ZodType[]).map(unwrap).find((option) => option instanceof z.ZodObject);
  void value;
  return node instanceof z.ZodObject ? Object.keys(node.shape) : [];
}

/** The schema inside an optional, default or lazy wrapper. */
function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let node = schema;
  for (let depth = 0; depth < 8 && node; depth++) {
    if (node instanceof z.ZodOptional || node instanceof z.ZodDefault || node instanceof z.ZodNullable)
      node = node.unwrap() as z.ZodType;
    else if (node instanceof z.ZodLazy) node = node.unwrap() as z.ZodType;
    else if (node instanceof z.ZodPipe) node = node.in as z.ZodType;
    else break;
  }
  return node;
}

type TextShape = 'text' | 'list' | 'map';
const shapeOf = (value: unknown): TextShape =>
  Array.isArray(value) ? 'list' : value !== null && typeof value === 'object' ? 'map' : 'text';
const shapeWords: Record<TextShape, string> = {
  text: 'a single text',
  list: 'a list ("- " items)',
  map: 'a block of keys',
};

/** Reports keys that a translation has but the reference language (the first) does not. */
function checkTextKeys(
  reference: unknown,
  translation: unknown,
  file: ParsedFile,
  segments: PathSegment[],
  problems: ProblemList,
  referenceLanguage: Language,
) {
  if (translation === null || typeof translation !== 'object') return;
  if (Array.isArray(translation)) {
    translation.forEach((item, index) => {
      if (Array.isArray(reference) && index < reference.length)
        checkTextKeys(reference[index], item, file, [...segments, index], problems, referenceLanguage);
    });
    return;
  }
  for (const [key, value] of Object.entries(translation)) {
    const referenceValue =
      reference !== null && typeof reference === 'object' && !Array.isArray(reference)
        ? (reference as Record<string, unknown>)[key]
        : undefined;
    if (referenceValue !== undefined && shapeOf(referenceValue) !== shapeOf(value)) {
      // The templates read each text in the reference's shape: a map where a text is expected prints i18next's internals, a text where a list is expected loses paragraphs.
      problems.add(
        'CONTENT_SCHEMA',
        `${formatPath([...segments, key])}: This is ${shapeWords[shapeOf(value)]}, but in the reference language (${referenceLanguage}) it is ${shapeWords[shapeOf(referenceValue)]}`,
        file.displayPath,
        positionOf(file, segments.slice(1), key),
        `Give it the shape it has in ${textFileOf(referenceLanguage, String(segments[0] ?? key))}; if the reference is what changed, change it back there or in every language.`,
      );
      continue;
    }
    if (referenceValue === undefined) {
      problems.add(
        'CONTENT_UNKNOWN_KEY',
        `${formatPath([...segments, key])}: Unknown text key "${key}" (the reference language, ${referenceLanguage}, has no such key).${didYouMean(key, Object.keys(reference as object))}`,
        file.displayPath,
        positionOf(file, segments.slice(1), key),
        `${referenceLanguage}, the first language, is the reference: add the key there first, or fix the spelling.`,
      );
      continue;
    }
    checkTextKeys(referenceValue, value, file, [...segments, key], problems, referenceLanguage);
  }
}

interface ScalarEntry {
  /** Path of the value inside its file, e.g. `['tariffs', 'sections', 0, 'heading']`. */
  segments: PathSegment[];
  value: unknown;
  location: SourceLocation;
}

/** Every scalar of a file with its path and position, for messages that point at a text. */
function scalarEntries(file: ParsedFile): ScalarEntry[] {
  const entries: ScalarEntry[] = [];
  const visit = (node: unknown, segments: PathSegment[]) => {
    if (isScalar(node)) {
      const { line, col } = file.lineCounter.linePos(node.range?.[0] ?? 0);
      entries.push({ segments, value: node.value, location: { file: file.displayPath, line, column: col } });
    } else if (isMap(node) || isSeq(node)) {
      node.items.forEach((item, index) => {
        if (isPair(item))
          visit(item.value, [...segments, isScalar(item.key) ? String(item.key.value) : index]);
        else visit(item, [...segments, index]);
      });
    }
  };
  visit(file.doc.contents, []);
  return entries;
}

interface LoadedTexts {
  texts: Record<Language, TextTree>;
  textLocations: Record<Language, Record<string, SourceLocation>>;
}

async function loadTexts(
  contentDir: string,
  languages: SiteLanguages,
  languagesFile: ParsedFile,
  problems: ProblemList,
  documents?: YamlDocumentCache,
): Promise<LoadedTexts> {
  const defaultLanguage = languages.default;
  const texts = {} as Record<Language, TextTree>;
  const textLocations = {} as Record<Language, Record<string, SourceLocation>>;
  const parsed = {} as Record<Language, Map<string, ParsedFile>>;
  /** Italian files that are missing or unreadable and already reported; their translations are not orphans. */
  const unreadableItalian = new Set<string>();
  for (const [index, language] of languages.codes.entries()) {
    texts[language] = {};
    textLocations[language] = {};
    parsed[language] = new Map();
    const folder = path.join(contentDir, 'texts', language);
    const folderInfo = await stat(folder).catch(() => undefined);
    if (folderInfo && !folderInfo.isDirectory()) {
      problems.add(
        'CONTENT_MISSING_FILE',
        `texts/${language} is a file, where a folder of text files is needed`,
        folder,
        undefined,
        `Make texts/${language}/ a folder with one YAML file per page (copy texts/${defaultLanguage}/ to start).`,
      );
      if (language === defaultLanguage)
        requiredTextFiles.forEach((namespace) => unreadableItalian.add(namespace));
      continue;
    }
    const files = await fg(`texts/${language}/*.yaml`, { cwd: contentDir });
    if (files.length === 0) {
      // A language without texts would show every page in the default language under its own prefix.
      problems.add(
        'CONTENT_MISSING_FILE',
        `languages[${index}]: "${language}" has no text files under texts/${language}/`,
        languagesFile.displayPath,
        positionOf(languagesFile, ['languages', index, 'code']),
        `Create texts/${language}/ with a file per page (copy texts/${defaultLanguage}/ to start), or remove the language.`,
      );
    }
    for (const relativePath of files.sort()) {
      const namespace = path.basename(relativePath, '.yaml');
      const file = await parseYamlFile(contentDir, relativePath, problems, documents);
      const data = file && validate(file, textsFileSchema, problems, [namespace]);
      if (!file || !data) {
        if (language === defaultLanguage) unreadableItalian.add(namespace);
        continue;
      }
      texts[language][namespace] = data as TextTree;
      parsed[language].set(namespace, file);
      const entries = scalarEntries(file);
      if (language === defaultLanguage) rejectEmptyTexts(entries, namespace, file, problems, defaultLanguage);
      // Keys as the templates ask for them: `about.values.0.title`.
      for (const entry of entries)
        textLocations[language][[namespace, ...entry.segments].join('.')] = entry.location;
    }
  }
  // The templates read these texts: the reference language must have every one of them.
  for (const namespace of requiredTextFiles) {
    if (!parsed[defaultLanguage].has(namespace) && !unreadableItalian.has(namespace)) {
      const displayPath = path.join(contentDir, textFileOf(defaultLanguage, namespace));
      const reason = unreadableReason(
        await stat(displayPath).then(
          () => undefined,
          (error: NodeJS.ErrnoException) => error.code,
        ),
      );
      const isFolder = await stat(displayPath).then(
        (info) => info.isDirectory(),
        () => false,
      );
      problems.add(
        'CONTENT_MISSING_FILE',
        `Required text file ${isFolder ? unreadableReason('EISDIR') : (reason ?? 'is missing')}`,
        displayPath,
        undefined,
        `${defaultLanguage}, the first language, is the reference: every page needs its texts there.`,
      );
      unreadableItalian.add(namespace);
    }
  }
  for (const language of languages.codes.filter((l) => l !== defaultLanguage)) {
    for (const [namespace, file] of parsed[language]) {
      if (unreadableItalian.has(namespace)) continue;
      if (!(namespace in texts[defaultLanguage])) {
        problems.add(
          'CONTENT_UNKNOWN_KEY',
          `${namespace}: Text file has no counterpart in the reference language (${defaultLanguage})`,
          file.displayPath,
          { line: 1, col: 1 },
          `Create ${textFileOf(defaultLanguage, namespace)} or rename this file.`,
        );
        continue;
      }
      checkTextKeys(
        { [namespace]: texts[defaultLanguage][namespace] },
        { [namespace]: texts[language][namespace] },
        file,
        [],
        problems,
        defaultLanguage,
      );
    }
  }
  return { texts, textLocations };
}

/** The first language is what every language falls back to: an empty text there would show the warning marker. */
function rejectEmptyTexts(
  entries: ScalarEntry[],
  namespace: string,
  file: ParsedFile,
  problems: ProblemList,
  referenceLanguage: Language,
) {
  for (const { segments, value, location } of entries) {
    if (typeof value === 'string' && value.trim() === '') {
      problems.add(
        'CONTENT_SCHEMA',
        `${[namespace, ...segments].join('.')}: Must not be empty`,
        file.displayPath,
        { line: location.line ?? 1, col: location.column ?? 1 },
        `${referenceLanguage}, the first language, is the reference: every text needs its wording there.`,
      );
    }
  }
}

/** Reports the first repeated value of `field` in a list: two plans or zones with one id would hide each other. */
function checkUnique<T>(
  items: T[],
  field: keyof T & string,
  listPath: string,
  file: ParsedFile,
  problems: ProblemList,
) {
  const seen = new Set<unknown>();
  items.forEach((item, index) => {
    const value = item[field];
    if (seen.has(value)) {
      problems.add(
        'CONTENT_SCHEMA',
        `${listPath}[${index}].${field}: "${String(value)}" is used twice`,
        file.displayPath,
        positionOf(file, [listPath, index, field]),
        `Every entry of ${listPath} needs its own ${field}.`,
      );
    }
    seen.add(value);
  });
}

interface ReferenceFiles {
  plans: ParsedFile;
  zones: ParsedFile;
  countries: ParsedFile;
}

/** Checks that cross-file references (plan ids, country keys, plan labels) point at something. */
function checkReferences(
  plans: Plan[],
  zones: Zone[],
  countries: Country[],
  texts: Record<Language, TextTree>,
  defaultLanguage: Language,
  files: ReferenceFiles,
  problems: ProblemList,
) {
  checkUnique(plans, 'id', 'plans', files.plans, problems);
  checkUnique(zones, 'id', 'zones', files.zones, problems);
  checkUnique(countries, 'key', 'countries', files.countries, problems);
  const planIds = new Set(plans.map((plan) => plan.id));
  if (!planIds.has(businessBadgePlanId)) {
    // Renaming it would silently take the business-zone badge off its card.
    problems.add(
      'CONTENT_REFERENCE',
      `plans: No plan "${businessBadgePlanId}"`,
      files.plans.displayPath,
      positionOf(files.plans, ['plans']),
      `The business-zone badge belongs to the plan with id ${businessBadgePlanId} (its card names the zone in which business use is included); keep that id.`,
    );
  }
  const countryKeys = new Set(countries.map((country) => country.key));
  const zonesFile = files.zones;
  zones.forEach((zone, zoneIndex) => {
    zone.plans.forEach((planId, index) => {
      if (!planIds.has(planId))
        problems.add(
          'CONTENT_REFERENCE',
          `zones[${zoneIndex}].plans[${index}]: Unknown plan "${planId}".${didYouMean(planId, planIds)}`,
          zonesFile.displayPath,
          positionOf(zonesFile, ['zones', zoneIndex, 'plans', index]),
          `Known plans: ${[...planIds].join(', ')}.`,
        );
    });
    for (const field of ['countries', 'starred'] as const) {
      zone[field].forEach((key, index) => {
        if (!countryKeys.has(key))
          problems.add(
            'CONTENT_REFERENCE',
            `zones[${zoneIndex}].${field}[${index}]: Unknown country "${key}".${didYouMean(key, countryKeys)}`,
            zonesFile.displayPath,
            positionOf(zonesFile, ['zones', zoneIndex, field, index]),
            'Add the country to countries.yaml or fix the key.',
          );
      });
    }
  });
  // Plan labels are keys into the subscriptions texts; the reference language must have each.
  const subscriptions = texts[defaultLanguage].subscriptions;
  const labels =
    subscriptions && typeof subscriptions === 'object' && !Array.isArray(subscriptions)
      ? subscriptions.labels
      : undefined;
  if (!labels || typeof labels !== 'object' || Array.isArray(labels)) return;
  const checkLabel = (key: string, segments: PathSegment[]) => {
    if (!(key in labels)) {
      problems.add(
        'CONTENT_REFERENCE',
        `${formatPath(segments)}: Unknown label "${key}".${didYouMean(key, Object.keys(labels))}`,
        files.plans.displayPath,
        positionOf(files.plans, segments),
        `Labels are keys under labels: in ${textFileOf(defaultLanguage, 'subscriptions')}: ${Object.keys(labels).join(', ')}.`,
      );
    }
  };
  plans.forEach((plan, planIndex) => {
    checkLabel(plan.coverage, ['plans', planIndex, 'coverage']);
    checkLabel(plan.support, ['plans', planIndex, 'support']);
    plan.features.forEach((feature, index) => checkLabel(feature, ['plans', planIndex, 'features', index]));
  });
}

/**
 * The tariff tables name their rows, columns and services by keys under
 * tariffTables in the legal texts; the reference language must have each, or
 * every legal page would show the missing-text marker.
 */
function checkTariffLabels(
  tariffs: Tariffs,
  texts: Record<Language, TextTree>,
  defaultLanguage: Language,
  file: ParsedFile,
  problems: ProblemList,
) {
  const tables = (texts[defaultLanguage].legal as TextTree | undefined)?.tariffTables;
  if (!tables || typeof tables !== 'object' || Array.isArray(tables)) return;
  const keysAt = (...keys: string[]) => {
    const node = keys.reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' && !Array.isArray(value) ? (value as TextTree)[key] : undefined,
      tables,
    );
    return node && typeof node === 'object' && !Array.isArray(node) ? Object.keys(node) : [];
  };
  const textFile = textFileOf(defaultLanguage, 'legal');
  const check = (key: string, known: string[], segments: PathSegment[], where: string) => {
    if (known.includes(key)) return;
    problems.add(
      'CONTENT_REFERENCE',
      `${formatPath(segments)}: Unknown ${where} "${key}".${didYouMean(key, known)}`,
      file.displayPath,
      positionOf(file, segments),
      `${where[0].toUpperCase()}${where.slice(1)}s are keys under tariffTables.${segments[0]} in ${textFile}: ${known.join(', ')}.`,
    );
  };
  const items = keysAt('payPerUse', 'items');
  const columns = keysAt('payPerUse', 'columns');
  tariffs.payPerUse.rows.forEach((row, index) =>
    check(row.item, items, ['payPerUse', 'rows', index, 'item'], 'tariff item'),
  );
  tariffs.payPerUse.columns.forEach((column, index) =>
    check(column, columns, ['payPerUse', 'columns', index], 'tariff column'),
  );
  const services = keysAt('shortNumbers', 'services');
  tariffs.shortNumbers.forEach((entry, index) => {
    if (entry.service !== undefined)
      check(entry.service, services, ['shortNumbers', index, 'service'], 'service');
  });
  const groups = keysAt('specialNumbers', 'numbers');
  tariffs.specialNumbers.forEach((entry, index) => {
    // A dialled prefix starts with a digit; anything else names a group of numbers.
    if (!/^\d/.test(entry.number))
      check(entry.number, groups, ['specialNumbers', index, 'number'], 'number group');
  });
}

/**
 * Legal texts name the settings' facts as `{{brand}}`, `{{email}}` and so on; a
 * misspelt one is reported where it is written, not when a page fails to render.
 */
function checkLegalPlaceholders(file: ParsedFile, problems: ProblemList) {
  const known = new Set<string>(sitePlaceholders);
  for (const { segments, value, location } of scalarEntries(file)) {
    if (typeof value !== 'string') continue;
    for (const [placeholder, name] of value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
      if (known.has(name)) continue;
      problems.add(
        'CONTENT_REFERENCE',
        `${formatPath(segments)}: Unknown placeholder ${placeholder}.${didYouMean(name, known, (match) => `{{${match}}}`)}`,
        file.displayPath,
        { line: location.line ?? 1, col: location.column ?? 1 },
        `Legal texts may use ${[...known].map((item) => `{{${item}}}`).join(', ')}.`,
      );
    }
  }
}

/**
 * Every page and legal section needs a slug in every language, no language the list
 * does not have, and no two routes one path: each is a located error, never an
 * overwritten page. Duplicate paths are found by the route table's own check.
 */
function checkSlugs(
  { former = {}, ...slugs }: z.infer<typeof slugsFileSchema>,
  languages: SiteLanguages,
  file: ParsedFile,
  problems: ProblemList,
) {
  const report = (
    code: SiteError['code'],
    keys: PathSegment[],
    message: string,
    hint: string,
    key?: string,
  ) =>
    problems.add(
      code,
      `${formatPath(key === undefined ? keys : [...keys, key])}: ${message}`,
      file.displayPath,
      positionOf(file, keys, key),
      hint,
    );
  const unknownLanguages = (keys: PathSegment[], perLanguage: Record<string, unknown>) => {
    for (const language of Object.keys(perLanguage)) {
      if (!languages.codes.includes(language))
        report(
          'CONTENT_UNKNOWN_KEY',
          keys,
          `Unknown language "${language}"`,
          `The languages are those of languages.yaml: ${languages.codes.join(', ')}.`,
          language,
        );
    }
  };
  /** A slug that cannot be used is reported; a stand-in that no path can have takes its place, so the route table still finds the duplicates among the rest. */
  const standIn = (keys: PathSegment[]) => `~${formatPath(keys)}`;
  const perLanguage = (keys: PathSegment[], written: Record<string, string> | undefined, what: string) => {
    unknownLanguages(keys, written ?? {});
    return Object.fromEntries(
      languages.codes.map((language) => {
        const slug = written?.[language];
        if (written && slug === undefined)
          report(
            'CONTENT_SCHEMA',
            [...keys, language],
            'Missing slug',
            `Every language of languages.yaml needs a slug for each ${what}.`,
          );
        return [language, slug === undefined ? standIn([...keys, language]) : slug];
      }),
    );
  };

  for (const page of slugPageIds) {
    if (!slugs[page])
      report(
        'CONTENT_SCHEMA',
        [page],
        'Missing; every page needs a slug per language',
        `Add ${page}: { ${languages.codes.map((code) => `${code}: …`).join(', ')} }.`,
      );
  }
  const pageSlugs = Object.fromEntries(
    slugPageIds.map((page) => [page, perLanguage([page], slugs[page], `page ('' only for the home page)`)]),
  ) as Record<SlugPageId, Record<Language, string>>;
  const legalSections = Object.fromEntries(
    legalSectionIds.map((section) => [
      section,
      perLanguage(['legalSections', section], slugs.legalSections[section], 'legal section'),
    ]),
  ) as PageSlugs['legalSections'];
  const defaultLanguageOnly = Object.fromEntries(
    defaultLanguagePathIds.map((id) => [id, slugs.defaultLanguageOnly[id]]),
  ) as PageSlugs['defaultLanguageOnly'];

  // The paths of the default language alone had their former slugs in that language only.
  const formerSlugs: FormerSlugs = {};
  for (const [page, written] of Object.entries(former) as [keyof FormerSlugs, Record<string, string[]>][]) {
    unknownLanguages(['former', page], written);
    const only = (defaultLanguagePathIds as readonly string[]).includes(page)
      ? [languages.default]
      : languages.codes;
    for (const language of Object.keys(written).filter((code) => languages.codes.includes(code))) {
      if (only.includes(language))
        formerSlugs[page] = { ...formerSlugs[page], [language]: written[language] };
      else
        report(
          'CONTENT_SCHEMA',
          ['former', page],
          `defaultLanguageOnly.${page} is served in ${languages.default} only`,
          `List its former slugs under ${languages.default}.`,
          language,
        );
    }
  }

  try {
    createRouteTable({
      languages,
      slugs: { ...pageSlugs, legalSections, defaultLanguageOnly },
      formerSlugs,
      locateSlug: (keys) => {
        const { line, col } = positionOf(file, keys);
        return { file: file.displayPath, line, column: col };
      },
    });
  } catch (error) {
    if (!(error instanceof SiteError && error.code === 'ROUTE_CONFLICT')) throw error;
    problems.problems.push(...error.problems);
  }
}

/** The slugs of the pages, without the former ones; complete once checkSlugs found no problem. */
const pageSlugsOf = ({ former: _former, ...slugs }: z.infer<typeof slugsFileSchema>) => slugs as PageSlugs;

/** Every language's button shows its country's flag: the templates must be able to draw it. */
function checkFlags(languages: LanguageEntry[], file: ParsedFile, problems: ProblemList) {
  languages.forEach((language, index) => {
    if (!flagCountries.includes(language.flag)) {
      problems.add(
        'CONTENT_REFERENCE',
        `languages[${index}].flag: No flag drawn for "${language.flag}"`,
        file.displayPath,
        positionOf(file, ['languages', index, 'flag']),
        `Flags are drawn for ${flagCountries.join(', ')}; add the country's flag to templates/flags.tsx.`,
      );
    }
  });
}

/** The illustrations the pages show must exist under content/images. */
async function checkImages(contentDir: string, problems: ProblemList) {
  for (const name of requiredImages) {
    const file = path.join(contentDir, imageFileOf(name));
    const real = await realContentPath(contentDir, file).catch((error: unknown) => error);
    if (real instanceof ContentFileError) {
      problems.add('CONTENT_OUTSIDE', outsideMessage, file);
      continue;
    }
    const exists =
      typeof real === 'string' &&
      (await stat(real).then(
        (info) => info.isFile(),
        () => false,
      ));
    if (!exists)
      problems.add(
        'CONTENT_MISSING_FILE',
        'Required image is missing',
        file,
        undefined,
        `The pages show ${requiredImages.join(', ')} from content/images.`,
      );
  }
}

/** The slugs' schema lives with the others; re-exported for the checks that read slugs.yaml. */
export { slugsFileSchema };

/** Loads and validates the whole content folder, or throws one SiteError listing every problem. */
export interface LoadOptions {
  /** Documents parsed by an earlier load, reused where a file's text is unchanged (and filled). */
  documents?: YamlDocumentCache;
}

export async function loadContent(contentDir: string, options: LoadOptions = {}): Promise<Content> {
  const folder = await stat(contentDir).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (!folder) {
    throw new SiteError({
      code: 'CONTENT_MISSING_FILE',
      message: 'Content folder not found',
      location: { file: contentDir },
      hint: 'Run the build in the project folder, or name the content folder with --content <dir>.',
    });
  }
  const problems = new ProblemList();
  const load = async <Schema extends z.ZodType>(relativePath: string, schema: Schema) => {
    const file = await parseYamlFile(contentDir, relativePath, problems, options.documents);
    return { file, data: file ? validate(file, schema, problems) : undefined };
  };

  const languagesLoaded = await load('languages.yaml', languagesFileSchema);
  if (languagesLoaded.file && languagesLoaded.data)
    checkFlags(languagesLoaded.data.languages, languagesLoaded.file, problems);
  const slugsLoaded = await load('slugs.yaml', slugsFileSchema);
  const site = await load('site.yaml', siteSettingsSchema);
  const plans = await load('plans.yaml', plansFileSchema);
  const zones = await load('zones.yaml', zonesFileSchema);
  const countries = await load('countries.yaml', countriesFileSchema);
  const tariffs = await load('tariffs.yaml', tariffsFileSchema);
  const cookiePolicy = await load('cookie-policy.yaml', cookiePolicyFileSchema);
  if (cookiePolicy.file) checkLegalPlaceholders(cookiePolicy.file, problems);
  // Without a valid list of languages, the files per language cannot be named: the list's problems come first.
  const languages = languagesLoaded.data && siteLanguagesFrom(languagesLoaded.data);
  const legal = {} as Record<Language, LegalFile>;
  let texts = {} as Record<Language, TextTree>;
  let textLocations = {} as Record<Language, Record<string, SourceLocation>>;
  if (languages && languagesLoaded.file) {
    for (const language of languages.codes) {
      const loaded = await load(`legal/${language}.yaml`, legalFileSchema);
      if (loaded.data) legal[language] = loaded.data;
      if (loaded.file) checkLegalPlaceholders(loaded.file, problems);
    }
    ({ texts, textLocations } = await loadTexts(
      contentDir,
      languages,
      languagesLoaded.file,
      problems,
      options.documents,
    ));
  }
  await checkImages(contentDir, problems);
  if (languages && slugsLoaded.file && slugsLoaded.data)
    checkSlugs(slugsLoaded.data, languages, slugsLoaded.file, problems);

  if (languages && tariffs.data && tariffs.file)
    checkTariffLabels(tariffs.data, texts, languages.default, tariffs.file, problems);
  if (languages && plans.data && zones.data && countries.data && plans.file && zones.file && countries.file) {
    checkReferences(
      plans.data.plans,
      zones.data.zones,
      countries.data.countries,
      texts,
      languages.default,
      { plans: plans.file, zones: zones.file, countries: countries.file },
      problems,
    );
  }

  if (problems.problems.length > 0) {
    const count = problems.problems.length;
    throw new SiteError({
      code: 'CONTENT_INVALID',
      message: `Content has ${count} problem${count === 1 ? '' : 's'}; nothing was written.`,
      problems: problems.problems,
    });
  }
  return {
    languages: languages!,
    slugs: pageSlugsOf(slugsLoaded.data!),
    formerSlugs: slugsLoaded.data!.former ?? {},
    site: site.data!,
    plans: plans.data!.plans,
    zones: zones.data!.zones,
    countries: countries.data!.countries,
    tariffs: tariffs.data!,
    legal,
    cookiePolicy: cookiePolicy.data!.cookiePolicy,
    texts,
    textLocations,
  };
}
