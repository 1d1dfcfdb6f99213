/**
 * Stage 1: read every YAML file under content/, validate it against its schema and
 * return plain typed data. Every problem in every file is collected first and
 * reported together, each with its file, line and column.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { SiteError, type SourceLocation } from './errors.ts';
import {
  businessBadgePlanId,
  cookiePolicyFileSchema,
  countriesFileSchema,
  defaultLanguage,
  languages,
  legalFileSchema,
  plansFileSchema,
  requiredImages,
  requiredTextFiles,
  sitePlaceholders,
  siteSettingsSchema,
  tariffsFileSchema,
  textsFileSchema,
  zonesFileSchema,
  type Country,
  type Language,
  type LegalDocument,
  type LegalFile,
  type Plan,
  type SiteSettings,
  type Tariffs,
  type TextTree,
  type Zone,
} from './schema.ts';

export interface Content {
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

/** The file (relative to the content folder) that holds a language's texts of one page or area. */
export function textFileOf(language: Language, namespace: string): string {
  return `texts/${language}/${namespace}.yaml`;
}

/** The file (relative to the content folder) of an illustration, e.g. `images/vision.svg`. */
export function imageFileOf(name: string): string {
  return `images/${name}`;
}

/**
 * The file that holds each part of the content, for dating the pages that read
 * it; texts are dated per file through `textFileOf`. A page reads the legal
 * documents of its own language only.
 */
export function contentFileOf(part: keyof Content, language: Language): string | undefined {
  const files: Partial<Record<keyof Content, string>> = {
    site: 'site.yaml',
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
  add(code: SiteError['code'], message: string, file: string, position?: { line: number; col: number }, hint?: string) {
    this.problems.push(
      new SiteError({ code, message, hint, location: { file, line: position?.line, column: position?.col } }),
    );
  }
}

export function formatPath(segments: readonly PathSegment[]): string {
  return segments
    .map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`))
    .join('');
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

function plainMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) {
    return `Required field is missing (expected ${issue.expected})`;
  }
  const message = issue.message.replace(/^Invalid input: /, '');
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/**
 * A union (`false` or an allowance object) fails as a whole; report what is wrong
 * inside the branch the value was meant for, or else which shapes were expected.
 */
function expandUnion(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
  const deepBranch = issue.errors.find((branch) => branch.some((inner) => inner.path.length > 0));
  if (deepBranch) {
    return deepBranch.flatMap((inner) => expandUnion({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue));
  }
  const expected = issue.errors.flat().map((inner) => {
    if (inner.code === 'invalid_value') return inner.values.map((value) => JSON.stringify(value)).join(' or ');
    if (inner.code === 'invalid_type') return inner.expected;
    return inner.message;
  });
  const received = issue.errors.flat().map((inner) => inner.message.match(/received (\w+)/)?.[1]).find(Boolean);
  return [{ ...issue, message: `Expected ${expected.join(' or ')}${received ? `, received ${received}` : ''}` }];
}

async function parseYamlFile(contentDir: string, relativePath: string, problems: ProblemList): Promise<ParsedFile | undefined> {
  const absolute = path.join(contentDir, relativePath);
  const displayPath = absolute;
  let source: string;
  try {
    source = await readFile(absolute, 'utf8');
  } catch {
    problems.add('CONTENT_MISSING_FILE', 'Required content file is missing', displayPath, undefined, `Create ${relativePath} under the content folder.`);
    return undefined;
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    // Later syntax errors in a file are nearly always echoes of the first one.
    const [error] = doc.errors;
    const [start] = error.linePos ?? [];
    problems.add('CONTENT_YAML_SYNTAX', `YAML syntax error: ${error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`, displayPath, start);
    return undefined;
  }
  return { displayPath, doc, lineCounter };
}

function validate<Schema extends z.ZodType>(
  file: ParsedFile,
  schema: Schema,
  problems: ProblemList,
  pathPrefix: PathSegment[] = [],
): z.infer<Schema> | undefined {
  const result = schema.safeParse(file.doc.toJS());
  if (result.success) return result.data;
  for (const issue of result.error.issues.flatMap(expandUnion)) {
    const segments = issue.path.filter((segment): segment is PathSegment => typeof segment !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        problems.add(
          'CONTENT_UNKNOWN_KEY',
          `${formatPath([...pathPrefix, ...segments, key])}: Unknown key "${key}"`,
          file.displayPath,
          positionOf(file, segments, key),
          'Check the spelling; unknown keys are rejected so that a typo never goes unnoticed.',
        );
      }
      continue;
    }
    problems.add('CONTENT_SCHEMA', `${formatPath([...pathPrefix, ...segments]) || '(file)'}: ${plainMessage(issue)}`, file.displayPath, positionOf(file, segments));
  }
  return undefined;
}

/** Reports keys that a translation has but Italian, the reference language, does not. */
function checkTextKeys(reference: unknown, translation: unknown, file: ParsedFile, segments: PathSegment[], problems: ProblemList) {
  if (translation === null || typeof translation !== 'object') return;
  if (Array.isArray(translation)) {
    translation.forEach((item, index) => {
      if (Array.isArray(reference) && index < reference.length) checkTextKeys(reference[index], item, file, [...segments, index], problems);
    });
    return;
  }
  for (const [key, value] of Object.entries(translation)) {
    const referenceValue = reference !== null && typeof reference === 'object' && !Array.isArray(reference) ? (reference as Record<string, unknown>)[key] : undefined;
    if (referenceValue === undefined) {
      problems.add('CONTENT_UNKNOWN_KEY', `${formatPath([...segments, key])}: Unknown text key "${key}" (Italian has no such key)`, file.displayPath, positionOf(file, segments.slice(1), key), 'Italian is the reference language: add the key there first, or fix the spelling.');
      continue;
    }
    checkTextKeys(referenceValue, value, file, [...segments, key], problems);
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
        if (isPair(item)) visit(item.value, [...segments, isScalar(item.key) ? String(item.key.value) : index]);
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

async function loadTexts(contentDir: string, problems: ProblemList): Promise<LoadedTexts> {
  const texts = {} as Record<Language, TextTree>;
  const textLocations = {} as Record<Language, Record<string, SourceLocation>>;
  const parsed = {} as Record<Language, Map<string, ParsedFile>>;
  /** Italian files that are missing or unreadable and already reported; their translations are not orphans. */
  const unreadableItalian = new Set<string>();
  for (const language of languages) {
    texts[language] = {};
    textLocations[language] = {};
    parsed[language] = new Map();
    const files = await fg(`texts/${language}/*.yaml`, { cwd: contentDir });
    for (const relativePath of files.sort()) {
      const namespace = path.basename(relativePath, '.yaml');
      const file = await parseYamlFile(contentDir, relativePath, problems);
      const data = file && validate(file, textsFileSchema, problems, [namespace]);
      if (!file || !data) {
        if (language === defaultLanguage) unreadableItalian.add(namespace);
        continue;
      }
      texts[language][namespace] = data as TextTree;
      parsed[language].set(namespace, file);
      const entries = scalarEntries(file);
      if (language === defaultLanguage) rejectEmptyTexts(entries, namespace, file, problems);
      // Keys as the templates ask for them: `about.values.0.title`.
      for (const entry of entries) textLocations[language][[namespace, ...entry.segments].join('.')] = entry.location;
    }
  }
  // The templates read these texts: Italian, the reference, must have every one of them.
  for (const namespace of requiredTextFiles) {
    if (!parsed[defaultLanguage].has(namespace) && !unreadableItalian.has(namespace)) {
      const displayPath = path.join(contentDir, textFileOf(defaultLanguage, namespace));
      problems.add('CONTENT_MISSING_FILE', 'Required text file is missing', displayPath, undefined, 'Italian is the reference language: every page needs its Italian texts.');
      unreadableItalian.add(namespace);
    }
  }
  for (const language of languages.filter((l) => l !== defaultLanguage)) {
    for (const [namespace, file] of parsed[language]) {
      if (unreadableItalian.has(namespace)) continue;
      if (!(namespace in texts.it)) {
        problems.add('CONTENT_UNKNOWN_KEY', `${namespace}: Text file has no Italian counterpart`, file.displayPath, { line: 1, col: 1 }, `Create texts/it/${namespace}.yaml or rename this file.`);
        continue;
      }
      checkTextKeys({ [namespace]: texts.it[namespace] }, { [namespace]: texts[language][namespace] }, file, [], problems);
    }
  }
  return { texts, textLocations };
}

/** Italian is what every language falls back to: an empty Italian text would show the warning marker. */
function rejectEmptyTexts(entries: ScalarEntry[], namespace: string, file: ParsedFile, problems: ProblemList) {
  for (const { segments, value, location } of entries) {
    if (typeof value === 'string' && value.trim() === '') {
      problems.add('CONTENT_SCHEMA', `${[namespace, ...segments].join('.')}: Must not be empty`, file.displayPath, { line: location.line ?? 1, col: location.column ?? 1 }, 'Italian is the reference language: every text needs its Italian wording.');
    }
  }
}

/** Reports the first repeated value of `field` in a list: two plans or zones with one id would hide each other. */
function checkUnique<T>(items: T[], field: keyof T & string, listPath: string, file: ParsedFile, problems: ProblemList) {
  const seen = new Set<unknown>();
  items.forEach((item, index) => {
    const value = item[field];
    if (seen.has(value)) {
      problems.add('CONTENT_SCHEMA', `${listPath}[${index}].${field}: "${String(value)}" is used twice`, file.displayPath, positionOf(file, [listPath, index, field]), `Every entry of ${listPath} needs its own ${field}.`);
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
function checkReferences(plans: Plan[], zones: Zone[], countries: Country[], texts: Record<Language, TextTree>, files: ReferenceFiles, problems: ProblemList) {
  checkUnique(plans, 'id', 'plans', files.plans, problems);
  checkUnique(zones, 'id', 'zones', files.zones, problems);
  checkUnique(countries, 'key', 'countries', files.countries, problems);
  const planIds = new Set(plans.map((plan) => plan.id));
  if (!planIds.has(businessBadgePlanId)) {
    // Renaming it would silently take the business-zone badge off its card.
    problems.add('CONTENT_REFERENCE', `plans: No plan "${businessBadgePlanId}"`, files.plans.displayPath, positionOf(files.plans, ['plans']), `The business-zone badge belongs to the plan with id ${businessBadgePlanId} (section 3); keep that id.`);
  }
  const countryKeys = new Set(countries.map((country) => country.key));
  const zonesFile = files.zones;
  zones.forEach((zone, zoneIndex) => {
    zone.plans.forEach((planId, index) => {
      if (!planIds.has(planId)) problems.add('CONTENT_REFERENCE', `zones[${zoneIndex}].plans[${index}]: Unknown plan "${planId}"`, zonesFile.displayPath, positionOf(zonesFile, ['zones', zoneIndex, 'plans', index]), `Known plans: ${[...planIds].join(', ')}.`);
    });
    for (const field of ['countries', 'starred'] as const) {
      zone[field].forEach((key, index) => {
        if (!countryKeys.has(key)) problems.add('CONTENT_REFERENCE', `zones[${zoneIndex}].${field}[${index}]: Unknown country "${key}"`, zonesFile.displayPath, positionOf(zonesFile, ['zones', zoneIndex, field, index]), 'Add the country to countries.yaml or fix the key.');
      });
    }
  });
  // Plan labels are keys into the subscriptions texts; Italian, the reference, must have each.
  const subscriptions = texts[defaultLanguage].subscriptions;
  const labels = subscriptions && typeof subscriptions === 'object' && !Array.isArray(subscriptions) ? subscriptions.labels : undefined;
  if (!labels || typeof labels !== 'object' || Array.isArray(labels)) return;
  const checkLabel = (key: string, segments: PathSegment[]) => {
    if (!(key in labels)) {
      problems.add('CONTENT_REFERENCE', `${formatPath(segments)}: Unknown label "${key}"`, files.plans.displayPath, positionOf(files.plans, segments), `Labels are keys under labels: in texts/it/subscriptions.yaml: ${Object.keys(labels).join(', ')}.`);
    }
  };
  plans.forEach((plan, planIndex) => {
    checkLabel(plan.coverage, ['plans', planIndex, 'coverage']);
    checkLabel(plan.support, ['plans', planIndex, 'support']);
    plan.features.forEach((feature, index) => checkLabel(feature, ['plans', planIndex, 'features', index]));
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
      problems.add('CONTENT_REFERENCE', `${formatPath(segments)}: Unknown placeholder ${placeholder}`, file.displayPath, { line: location.line ?? 1, col: location.column ?? 1 }, `Legal texts may use ${[...known].map((item) => `{{${item}}}`).join(', ')}.`);
    }
  }
}

/** The illustrations the pages show must exist under content/images. */
async function checkImages(contentDir: string, problems: ProblemList) {
  for (const name of requiredImages) {
    const file = path.join(contentDir, imageFileOf(name));
    const exists = await stat(file).then((info) => info.isFile(), () => false);
    if (!exists) problems.add('CONTENT_MISSING_FILE', 'Required image is missing', file, undefined, `The pages show ${requiredImages.join(', ')} from content/images.`);
  }
}

/** Loads and validates the whole content folder, or throws one SiteError listing every problem. */
export async function loadContent(contentDir: string): Promise<Content> {
  const folder = await stat(contentDir).then((info) => info.isDirectory(), () => false);
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
    const file = await parseYamlFile(contentDir, relativePath, problems);
    return { file, data: file ? validate(file, schema, problems) : undefined };
  };

  const site = await load('site.yaml', siteSettingsSchema);
  const plans = await load('plans.yaml', plansFileSchema);
  const zones = await load('zones.yaml', zonesFileSchema);
  const countries = await load('countries.yaml', countriesFileSchema);
  const tariffs = await load('tariffs.yaml', tariffsFileSchema);
  const cookiePolicy = await load('cookie-policy.yaml', cookiePolicyFileSchema);
  if (cookiePolicy.file) checkLegalPlaceholders(cookiePolicy.file, problems);
  const legal = {} as Record<Language, LegalFile>;
  for (const language of languages) {
    const loaded = await load(`legal/${language}.yaml`, legalFileSchema);
    if (loaded.data) legal[language] = loaded.data;
    if (loaded.file) checkLegalPlaceholders(loaded.file, problems);
  }
  const { texts, textLocations } = await loadTexts(contentDir, problems);
  await checkImages(contentDir, problems);

  if (plans.data && zones.data && countries.data && plans.file && zones.file && countries.file) {
    checkReferences(plans.data.plans, zones.data.zones, countries.data.countries, texts, { plans: plans.file, zones: zones.file, countries: countries.file }, problems);
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
