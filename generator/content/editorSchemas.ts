/**
 * JSON Schemas for editors: one per kind of content file, from the zod schemas
 * that the build validates with, plus the allowed values of every reference (plan
 * ids, country keys, label keys, languages) read from the content, and one per
 * text file generated from the reference language's texts, so that a translator
 * gets completion of the keys and sees the reference wording of each.
 *
 * `site schema` writes them under schemas/; each content file names its schema in
 * a `# yaml-language-server: $schema=` first line, which the YAML extension of an
 * editor reads. Loads zod and yaml only: no part of the build.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { filesUnder } from './fileList.ts';
import { parse, type Document } from 'yaml';
import { z } from 'zod';
import { sitePlaceholders } from '../model/constants.ts';
import { contentFileAt, contentFiles, siteWideFileIds } from './contentFiles.ts';
import { ContentFileError, maxContentFileBytes, readContentFile } from './readContentFile.ts';
import { legalFileSchema } from './schemas/legalSchema.ts';

type JsonSchema = Record<string, unknown>;

/** fast-glob, loaded when schemas are written: a build whose schemas are current lists its folder without it. */
const fg = async (...args: Parameters<typeof import('fast-glob')>) => (await import('fast-glob')).default(...args);

/** A schema file under the schemas folder, e.g. `plans.schema.json` or `texts/home.schema.json`. */
export interface EditorSchema {
  file: string;
  schema: JsonSchema;
}

/** The schema file (relative to the schemas folder) for a content file (relative to the content folder), if it has one. */
export function schemaFileOf(contentFile: string): string | undefined {
  const entry = contentFileAt(contentFile.split(path.sep).join('/'));
  if (!entry) return undefined;
  return contentFiles[entry.id].editorSchema.replace('<file>', entry.name ?? '');
}

/** The first line that tells the YAML extension which schema a content file has. */
export function schemaModeline(
  contentDir: string,
  schemaDir: string,
  contentFile: string,
): string | undefined {
  const schemaFile = schemaFileOf(contentFile);
  if (!schemaFile) return undefined;
  const from = path.dirname(path.join(contentDir, contentFile));
  const relative = path.relative(from, path.join(schemaDir, schemaFile)).split(path.sep).join('/');
  return `# yaml-language-server: $schema=${relative}`;
}

const modelinePattern = /^# yaml-language-server: \$schema=.*$/;

/** The allowed values that content files name in other files; a list stays empty when its file cannot be read. */
interface References {
  languages: string[];
  planIds: string[];
  countryKeys: string[];
  planLabels: string[];
  tariffItems: string[];
  tariffColumns: string[];
  tariffServices: string[];
  /** The reference language's texts, per file (namespace). */
  referenceTexts: Record<string, unknown>;
}

/**
 * Whether a content file (relative to the content folder, with `/`) is one the schemas are made
 * from: the languages, the plans, the countries and the reference language's texts.
 */
export function isSchemaSource(file: string, reference: string): boolean {
  return (
    /^(languages|plans|countries)\.yaml$/.test(file) ||
    (file.startsWith(`texts/${reference}/`) && /^[^/]+\.yaml$/.test(file.slice(`texts/${reference}/`.length)))
  );
}

/** Content files a build has parsed already, by absolute path, as YAML values: not parsed again. */
export type ParsedSources = ReadonlyMap<string, unknown>;

/** The schema sources among a build's parsed documents (those without YAML errors), as values. */
export function schemaSourcesOf(
  documents: ReadonlyMap<string, { file: { doc: Document } }>,
  contentDir: string,
  reference: string,
): ParsedSources {
  const sources = new Map<string, unknown>();
  for (const [file, { file: parsed }] of documents) {
    const relative = path.relative(contentDir, file).split(path.sep).join('/');
    if (isSchemaSource(relative, reference) && parsed.doc.errors.length === 0) sources.set(file, parsed.doc.toJS());
  }
  return sources;
}

async function readYamlValue(contentDir: string, file: string, parsed?: ParsedSources): Promise<unknown> {
  if (parsed?.has(file)) return parsed.get(file);
  try {
    return parse((await readContentFile(contentDir, file, maxContentFileBytes)).toString('utf8'));
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
/** The value at `keys` inside parsed YAML, or undefined. */
function at(value: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), value);
}
const keysOf = (value: unknown) => (isRecord(value) ? Object.keys(value) : []);
const listOf = (value: unknown, field: string) =>
  Array.isArray(value)
    ? value.map((item) => at(item, field)).filter((item): item is string => typeof item === 'string')
    : [];

async function readReferences(contentDir: string, parsed?: ParsedSources): Promise<References> {
  const readYaml = (file: string) => readYamlValue(contentDir, file, parsed);
  const languages = listOf(at(await readYaml(path.join(contentDir, 'languages.yaml')), 'languages'), 'code');
  const reference = languages[0] ?? 'it';
  const referenceTexts: Record<string, unknown> = {};
  for (const file of (await fg(`texts/${reference}/*.yaml`, { cwd: contentDir })).sort()) {
    referenceTexts[path.basename(file, '.yaml')] = await readYaml(path.join(contentDir, file));
  }
  const tariffTables = at(referenceTexts.legal, 'tariffTables');
  return {
    languages,
    planIds: listOf(at(await readYaml(path.join(contentDir, 'plans.yaml')), 'plans'), 'id'),
    countryKeys: listOf(
      at(await readYaml(path.join(contentDir, 'countries.yaml')), 'countries'),
      'key',
    ),
    planLabels: keysOf(at(referenceTexts.subscriptions, 'labels')),
    tariffItems: keysOf(at(tariffTables, 'payPerUse', 'items')),
    tariffColumns: keysOf(at(tariffTables, 'payPerUse', 'columns')),
    tariffServices: keysOf(at(tariffTables, 'shortNumbers', 'services')),
    referenceTexts,
  };
}

function toJson(schema: z.ZodType, title: string): JsonSchema {
  // Draft 7: what the editors' YAML extensions read best. Input form: a default makes a field optional.
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return { $schema: json.$schema, title, ...json };
}

/** The schema node at a path of property names (`items` steps into a list). */
function nodeAt(schema: JsonSchema, steps: string[]): JsonSchema {
  let node: JsonSchema = schema;
  for (const step of steps) {
    const next =
      step === 'items' ? node.items : (node.properties as Record<string, JsonSchema> | undefined)?.[step];
    if (!isRecord(next)) throw new Error(`Editor schema has no ${steps.join('.')}`);
    node = next;
  }
  return node;
}

/** Narrows a string field to the values the content allows, keeping its description. */
function allow(schema: JsonSchema, steps: string[], values: string[], source: string) {
  if (values.length === 0) return;
  const node = nodeAt(schema, steps);
  const description = [node.description, `One of the ${source}.`].filter(Boolean).join(' ');
  for (const key of Object.keys(node)) delete node[key];
  Object.assign(node, { type: 'string', enum: values, description });
}

/** A pattern that accepts any text whose `{{placeholders}}` are all among `names`. */
function placeholderPattern(names: readonly string[]): string {
  return `^(?:[^{]|\\{(?!\\{)|\\{\\{\\s*(?:${names.join('|')})\\s*\\}\\})*$`;
}
const placeholderList = (names: readonly string[]) => names.map((name) => `{{${name}}}`).join(', ');

/** Every string of a document's schema gets the placeholder check. */
function checkPlaceholders(node: unknown) {
  if (Array.isArray(node)) return node.forEach(checkPlaceholders);
  if (!isRecord(node)) return;
  if (node.type === 'string' && !node.pattern && !node.enum && !node.format) {
    node.pattern = placeholderPattern(sitePlaceholders);
    node.patternErrorMessage = `Unknown placeholder; texts may use ${placeholderList(sitePlaceholders)}.`;
  }
  for (const value of Object.values(node)) checkPlaceholders(value);
}

function siteSchemas(references: References): EditorSchema[] {
  const schemas = siteWideFileIds.map((id) => ({
    file: contentFiles[id].editorSchema,
    schema: toJson(contentFiles[id].schema, `content/${contentFiles[id].pattern}`),
  }));
  const byFile = Object.fromEntries(schemas.map(({ file, schema }) => [file, schema]));
  // What each file names in another, as the registry lists it: the editor offers exactly the values defined.
  for (const id of siteWideFileIds)
    for (const reference of contentFiles[id].references)
      allow(byFile[contentFiles[id].editorSchema], [...reference.field], references[reference.names], reference.definedIn);
  const slugs = byFile['slugs.schema.json'];
  if (references.languages.length > 0) {
    // Every language's slug completes; a language the list does not have is refused.
    const perLanguage = (steps: string[]) =>
      (nodeAt(slugs, steps).propertyNames = { enum: references.languages });
    const notPerLanguage = ['former', 'defaultLanguageOnly', 'legalSections'];
    for (const page of Object.keys(slugs.properties as object))
      if (!notPerLanguage.includes(page)) perLanguage([page]);
    for (const section of Object.keys(nodeAt(slugs, ['legalSections']).properties as object))
      perLanguage(['legalSections', section]);
    const former = nodeAt(slugs, ['former']);
    if (isRecord(former.additionalProperties))
      former.additionalProperties.propertyNames = { enum: references.languages };
  }
  const cookie = byFile['cookie-policy.schema.json'];
  checkPlaceholders(cookie.properties);
  const legal = toJson(legalFileSchema, 'content/legal/<language>.yaml');
  checkPlaceholders(legal.properties);
  const { translationRecord } = contentFiles;
  return [
    ...schemas,
    { file: 'legal.schema.json', schema: legal },
    {
      file: translationRecord.editorSchema,
      schema: toJson(translationRecord.schema, `content/${translationRecord.pattern}`),
    },
  ];
}

/** The schema of one text, from its reference wording: same shape, same keys, the reference text as its description. */
function textSchema(reference: unknown, where: string): JsonSchema {
  if (typeof reference === 'string') {
    // Placeholders are not narrowed: a translation may word a sentence with the page's other values ({{hours}}).
    return { type: 'string', description: reference };
  }
  if (Array.isArray(reference)) {
    return {
      type: 'array',
      description: `A list (${reference.length} items in the reference language).`,
      items: reference.map((item, index) => textSchema(item, `${where}[${index}]`)),
      ...(reference.length > 0 ? { additionalItems: textSchema(reference[0], `${where}[0]`) } : {}),
    };
  }
  if (isRecord(reference)) {
    return {
      type: 'object',
      properties: Object.fromEntries(
        Object.entries(reference).map(([key, value]) => [key, textSchema(value, `${where}.${key}`)]),
      ),
      additionalProperties: false,
    };
  }
  return {};
}

function textSchemas(references: References): EditorSchema[] {
  const reference = references.languages[0] ?? 'it';
  return Object.entries(references.referenceTexts).map(([namespace, texts]) => ({
    file: `texts/${namespace}.schema.json`,
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: `content/texts/<language>/${namespace}.yaml`,
      description: `The texts of ${namespace} in one language; each key shows the reference (${reference}) text. Keys, lists and maps are as in texts/${reference}/${namespace}.yaml.`,
      ...textSchema(texts, namespace),
    },
  }));
}

/** Every editor schema for the content in `contentDir`, in a stable order; `parsed` spares parsing files again. */
export async function editorSchemas(contentDir: string, parsed?: ParsedSources): Promise<EditorSchema[]> {
  const references = await readReferences(contentDir, parsed);
  // By code unit: the same order everywhere, and no ICU collator to load.
  return [...siteSchemas(references), ...textSchemas(references)].sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : 0,
  );
}

/** A schema file's text as committed: two-space JSON and a final newline. */
export const schemaText = (schema: JsonSchema) => `${JSON.stringify(schema, null, 2)}\n`;

export interface SchemaWriteReport {
  written: string[];
  removed: string[];
  /** Content files whose first line now names their schema. */
  modelined: string[];
}

/**
 * Where the schemas of a content folder go: `schemas/` beside it, where the content files'
 * schema lines point. They are not committed: `site build`, `site dev` and `site schema`
 * write them, so they follow every edit and never go stale in a commit.
 */
export const schemaDirOf = (contentDir: string) => path.join(path.dirname(path.resolve(contentDir)), 'schemas');

export interface SchemaWriteOptions {
  /** The schemas folder; `schemas/` beside the content folder by default (schemaDirOf). */
  schemaDir?: string;
  /** What the caller (a build) parsed of the files the schemas come from: not parsed again. */
  parsed?: ParsedSources;
}

/** Writes every schema that changed and removes stale ones; the content files are left alone. */
export async function writeSchemaFiles(
  contentDir: string,
  { schemaDir = schemaDirOf(contentDir), parsed }: SchemaWriteOptions = {},
): Promise<Pick<SchemaWriteReport, 'written' | 'removed'>> {
  const schemas = await editorSchemas(contentDir, parsed);
  const report: Pick<SchemaWriteReport, 'written' | 'removed'> = { written: [], removed: [] };
  const wanted = new Set(schemas.map(({ file }) => file));
  for (const file of (await fg('**/*.schema.json', { cwd: schemaDir }).catch(() => [])).sort()) {
    if (!wanted.has(file)) {
      await rm(path.join(schemaDir, file));
      report.removed.push(file);
    }
  }
  for (const { file, schema } of schemas) {
    const target = path.join(schemaDir, file);
    const text = schemaText(schema);
    if ((await readFile(target, 'utf8').catch(() => undefined)) === text) continue;
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
    report.written.push(file);
  }
  return report;
}

/**
 * `writeSchemaFiles` for a build, which runs it after every build: skipped when `inputsKey` (the code
 * and the content files the schemas come from, as the caller digests them) is the last run's and the
 * schemas folder holds exactly what that run left. Making the schemas converts every zod schema and
 * parses the reference texts again: most of it when one text changed. `recordFile` keeps the last run.
 */
export async function refreshSchemaFiles(
  contentDir: string,
  inputsKey: string,
  recordFile: string,
  options: SchemaWriteOptions = {},
): Promise<void> {
  const schemaDir = options.schemaDir ?? schemaDirOf(contentDir);
  let record: { key?: string; files?: Record<string, string> } | undefined;
  try {
    record = JSON.parse(readFileSync(recordFile, 'utf8')) as typeof record;
  } catch {
    // None yet, or damaged: the schemas are written.
  }
  const current = await schemaFolderDigests(schemaDir);
  const files = record?.files ?? {};
  if (
    record?.key === inputsKey &&
    Object.keys(files).length === Object.keys(current).length &&
    Object.entries(files).every(([file, digest]) => current[file] === digest)
  )
    return;
  await writeSchemaFiles(contentDir, { ...options, schemaDir });
  await mkdir(path.dirname(recordFile), { recursive: true });
  const partial = `${recordFile}.${process.pid}.tmp`;
  await writeFile(partial, JSON.stringify({ key: inputsKey, files: await schemaFolderDigests(schemaDir) }));
  await rename(partial, recordFile);
}

/** Each schema file's digest; read with synchronous calls, as a build does this after every run. */
async function schemaFolderDigests(schemaDir: string): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const file of filesUnder(schemaDir).filter((name) => name.endsWith('.schema.json')))
    digests[file] = createHash('sha256')
      .update(readFileSync(path.join(schemaDir, file)))
      .digest('hex');
  return digests;
}

/** Writes every schema (removing stale ones) and gives every content file its schema line. */
export async function writeEditorSchemas(contentDir: string, schemaDir: string): Promise<SchemaWriteReport> {
  const report: SchemaWriteReport = { ...(await writeSchemaFiles(contentDir, { schemaDir })), modelined: [] };
  for (const file of await fg('**/*.yaml', { cwd: contentDir })) {
    const modeline = schemaModeline(contentDir, schemaDir, file);
    if (!modeline) continue;
    // Never written through a link that leads outside the content folder (the loader refuses such a file).
    const bytes = await readContentFile(contentDir, path.join(contentDir, file), maxContentFileBytes).catch(
      (error: unknown) => (error instanceof ContentFileError ? undefined : Promise.reject(error)),
    );
    if (bytes === undefined) continue;
    const source = bytes.toString('utf8');
    const [first, ...rest] = source.split('\n');
    if (first === modeline) continue;
    const updated = modelinePattern.test(first) ? [modeline, ...rest].join('\n') : `${modeline}\n${source}`;
    await writeFile(path.join(contentDir, file), updated);
    report.modelined.push(file);
  }
  return report;
}

/** Schema files that differ from what the content gives now (for a check in CI). */
export async function staleEditorSchemas(contentDir: string, schemaDir: string): Promise<string[]> {
  const stale: string[] = [];
  const schemas = await editorSchemas(contentDir);
  for (const { file, schema } of schemas) {
    if ((await readFile(path.join(schemaDir, file), 'utf8').catch(() => undefined)) !== schemaText(schema))
      stale.push(file);
  }
  const wanted = new Set(schemas.map(({ file }) => file));
  for (const file of await fg('**/*.schema.json', { cwd: schemaDir }))
    if (!wanted.has(file)) stale.push(file);
  return stale.sort();
}

export type { JsonSchema };
