/**
 * One content file loaded: read, parsed and checked against its schema, or taken
 * from the result cache when a build without problems loaded the same bytes
 * at the same path with the same code (resultCache.ts).
 */
import path from 'node:path';
import type { z } from 'zod';
import type { ResultCache } from './resultCache.ts';
import {
  type ParsedFile,
  type PathSegment,
  ProblemList,
  scalarEntries,
  type ScalarEntry,
} from './parsedFile.ts';
import { readContentText } from './readContentFile.ts';
import { cachedParsedFile, parseYamlText, type PendingSources, type YamlDocumentCache } from './yamlReader.ts';
import { validate } from './zodMessages.ts';

export interface FileLoadOptions {
  /** Documents parsed in this process: by an earlier load (`site dev`), kept for the translation summary (a build). */
  documents?: YamlDocumentCache;
  /** Loads of earlier builds (`site build`). */
  cache?: ResultCache;
  /** Texts to load instead of the files' (a save being checked before it is written). */
  pending?: PendingSources;
}

/**
 * A scalar as the cache keeps it: a tuple, its file left out (the entry's own path). Each
 * object's property names would be stored with it, and reading the cache is most of a build's load.
 */
type CachedScalar = [
  segments: PathSegment[],
  value: unknown,
  line: number | undefined,
  column: number | undefined,
  first: number,
  last: number,
];

/** A file's load as the cache keeps it: its data, and its scalars for the checks that read them. */
interface CachedLoad {
  data: unknown;
  scalars: CachedScalar[];
}

const packScalars = (entries: ScalarEntry[]): CachedScalar[] =>
  entries.map(({ segments, value, location, lines }) => [
    segments,
    value,
    location.line,
    location.column,
    lines.first,
    lines.last,
  ]);

const unpackScalars = (file: string, packed: CachedScalar[]): ScalarEntry[] =>
  packed.map(([segments, value, line, column, first, last]) => ({
    segments,
    value,
    location: { file, line, column },
    lines: { first, last },
  }));

export async function loadValidatedFile<Schema extends z.ZodType>(
  contentDir: string,
  relativePath: string,
  schema: Schema,
  problems: ProblemList,
  options: FileLoadOptions = {},
  pathPrefix: PathSegment[] = [],
  /** Files read already (readFilesAtOnce), `pending`'s texts among them. */
  sources?: PendingSources,
): Promise<{ file?: ParsedFile; data?: z.infer<Schema> }> {
  const absolute = path.join(contentDir, relativePath);
  const source =
    sources?.get(absolute) ??
    options.pending?.get(absolute) ??
    (await readContentText(contentDir, absolute, relativePath, problems));
  if (source === undefined) return {};
  const key = options.cache?.keyOf(`content ${JSON.stringify(pathPrefix)}`, absolute, source);
  const cached = (key === undefined ? undefined : await options.cache!.get(key)) as CachedLoad | undefined;
  if (cached && Array.isArray(cached.scalars) && cached.scalars.every(Array.isArray))
    return {
      file: cachedParsedFile(absolute, source, unpackScalars(absolute, cached.scalars)),
      data: cached.data as z.infer<Schema>,
    };
  const file = parseYamlText(absolute, source, problems, options.documents);
  const data = file && validate(file, schema, problems, pathPrefix);
  if (key !== undefined && file && data !== undefined)
    options.cache!.hold(key, { data, scalars: packScalars(scalarEntries(file)) } satisfies CachedLoad);
  return { file, data };
}
