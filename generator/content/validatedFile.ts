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
import { cachedParsedFile, parseYamlText, type YamlDocumentCache } from './yamlReader.ts';
import { validate } from './zodMessages.ts';

export interface FileLoadOptions {
  /** Documents parsed by an earlier load in this process (`site dev`). */
  documents?: YamlDocumentCache;
  /** Loads of earlier builds (`site build`). */
  cache?: ResultCache;
}

/** A file's load as the cache keeps it: its data, and its scalars for the checks that read them. */
interface CachedLoad {
  data: unknown;
  scalars: ScalarEntry[];
}

export async function loadValidatedFile<Schema extends z.ZodType>(
  contentDir: string,
  relativePath: string,
  schema: Schema,
  problems: ProblemList,
  options: FileLoadOptions = {},
  pathPrefix: PathSegment[] = [],
): Promise<{ file?: ParsedFile; data?: z.infer<Schema> }> {
  const absolute = path.join(contentDir, relativePath);
  const source = await readContentText(contentDir, absolute, relativePath, problems);
  if (source === undefined) return {};
  const key = options.cache?.keyOf(`content ${JSON.stringify(pathPrefix)}`, absolute, source);
  const cached = (key === undefined ? undefined : await options.cache!.get(key)) as CachedLoad | undefined;
  if (cached && Array.isArray(cached.scalars))
    return { file: cachedParsedFile(absolute, source, cached.scalars), data: cached.data as z.infer<Schema> };
  const file = parseYamlText(absolute, source, problems, options.documents);
  const data = file && validate(file, schema, problems, pathPrefix);
  if (key !== undefined && file && data !== undefined)
    options.cache!.hold(key, { data, scalars: scalarEntries(file) } satisfies CachedLoad);
  return { file, data };
}
