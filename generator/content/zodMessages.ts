/**
 * zod's findings in the content's words: each issue at the line and column of the
 * value it is about, with what the editor wrote and, for an unknown key, the key
 * they probably meant.
 */
import { z } from 'zod';
import { isMap, isScalar, isSeq } from 'yaml';
import { formatPath } from '../errors/siteError.ts';
import { closestMatch, didYouMean } from '../errors/suggest.ts';
import { type ParsedFile, type PathSegment, ProblemList, positionOf } from './parsedFile.ts';

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

/**
 * A key of digits right after a whole number (`setup: 0,50` reads as `setup: 0` and a key
 * "50"): what the editor wrote, and meant. Read from the document, whose order is the text's.
 */
function decimalCommaAt(
  map: unknown,
  key: string,
): { field: string; written: string; meant: string } | undefined {
  if (!/^\d+$/.test(key) || !isMap(map)) return;
  const pairs = map.items.map((pair) => [
    isScalar(pair.key) ? String(pair.key.value) : undefined,
    isScalar(pair.value) ? pair.value.value : pair.value,
  ]);
  const index = pairs.findIndex(([candidate]) => candidate === key);
  const [field, whole] = pairs[index - 1] ?? [];
  if (index < 1 || pairs[index][1] !== null || typeof field !== 'string') return;
  if (typeof whole !== 'number' || !Number.isInteger(whole)) return;
  return { field, written: `${whole},${key}`, meant: `${whole}.${key}` };
}

/** A row of prices `[0,05, 0.23]` reads `0,05` as two values: the first such pair, as the editor wrote it. */
function decimalCommaInRow(row: unknown): { written: string; meant: string } | undefined {
  if (!isSeq(row)) return;
  for (const [index, item] of row.items.entries()) {
    const next = row.items[index + 1];
    if (!isScalar(item) || !isScalar(next) || !item.range || !next.range) continue;
    // `0,05`: a whole number, a comma and digits, with no space between them.
    if (!Number.isInteger(item.value) || next.range[0] !== item.range[1] + 1) continue;
    if (!/^\d+$/.test(String(next.source ?? ''))) continue;
    return { written: `${item.source},${next.source}`, meant: `${item.source}.${next.source}` };
  }
}

/** What a decimal comma is told, wherever it is found: a row of prices or a single value. */
const decimalCommaHint = 'Prices are written with a decimal point (0.50); a comma separates values in YAML.';

/** zod's wording rewritten in the content's terms, with the value the editor wrote where it helps. */
function plainMessage(
  issue: z.core.$ZodIssue,
  data: unknown,
  segments: readonly PathSegment[],
  /** In a row of prices with a value too many, the decimal comma that split one (only the source shows it). */
  comma?: { written: string; meant: string },
): string {
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
      return `This row has ${value.length} prices, the table has ${limit} columns${comma ? `; a decimal comma? Write ${comma.meant}, not ${comma.written}` : ''}`;
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


export function validate<Schema extends z.ZodType>(
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
      // `setup: 0,50` in a { … } map reads as `setup: 0` and a key "50": the same hint as a row of prices gets.
      const comma = decimalCommaAt(file.doc.getIn(segments, true), key);
      if (comma) {
        problems.add(
          'CONTENT_SCHEMA',
          `${formatPath([...pathPrefix, ...segments, comma.field])}: a decimal comma? Write ${comma.meant}, not ${comma.written}`,
          file.displayPath,
          positionOf(file, segments, key),
          decimalCommaHint,
        );
        continue;
      }
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
    const comma =
      issue.code === 'too_big' && segments.at(-1) === 'prices'
        ? decimalCommaInRow(file.doc.getIn(segments, true))
        : undefined;
    problems.add(
      'CONTENT_SCHEMA',
      `${formatPath([...pathPrefix, ...segments]) || '(file)'}: ${plainMessage(issue, data, segments, comma)}`,
      file.displayPath,
      positionOf(file, segments),
      comma ? decimalCommaHint : undefined,
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
