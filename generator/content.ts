/**
 * Stage 1: read every YAML file under content/, validate it against its schema and
 * return plain typed data. Every problem in every file is collected first and
 * reported together, each with its file, line and column.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { z } from 'zod';
import { SiteError, type SourceLocation } from './errors.ts';
import { languagesFileSchema, siteLanguagesFrom, type Language, type LanguageEntry, type SiteLanguages } from './languages.ts';
import { flagCountries } from '../templates/flags.tsx';
import { slugPageIds, type FormerSlugs, type PageSlugs, type SlugPageId } from './routes.ts';
import {
  businessBadgePlanId,
  cookiePolicyFileSchema,
  countriesFileSchema,
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

/**
 * Parsed YAML documents by absolute path, each with the text it was parsed from.
 * Parsing is most of loading the content: `site dev` keeps one of these between
 * rebuilds, so a save parses only the file whose text changed. A document is only
 * read once parsed, never changed, so sharing it between loads is safe.
 */
export type YamlDocumentCache = Map<string, { source: string; file: ParsedFile }>;

async function parseYamlFile(contentDir: string, relativePath: string, problems: ProblemList, documents?: YamlDocumentCache): Promise<ParsedFile | undefined> {
  const absolute = path.join(contentDir, relativePath);
  const displayPath = absolute;
  let source: string;
  try {
    source = await readFile(absolute, 'utf8');
  } catch {
    problems.add('CONTENT_MISSING_FILE', 'Required content file is missing', displayPath, undefined, `Create ${relativePath} under the content folder.`);
    return undefined;
  }
  const cached = documents?.get(absolute);
  if (cached?.source === source) return cached.file;
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    // Later syntax errors in a file are nearly always echoes of the first one.
    const [error] = doc.errors;
    const [start] = error.linePos ?? [];
    problems.add('CONTENT_YAML_SYNTAX', `YAML syntax error: ${error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`, displayPath, start);
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

/** Reports keys that a translation has but the reference language (the first) does not. */
function checkTextKeys(reference: unknown, translation: unknown, file: ParsedFile, segments: PathSegment[], problems: ProblemList, referenceLanguage: Language) {
  if (translation === null || typeof translation !== 'object') return;
  if (Array.isArray(translation)) {
    translation.forEach((item, index) => {
      if (Array.isArray(reference) && index < reference.length) checkTextKeys(reference[index], item, file, [...segments, index], problems, referenceLanguage);
    });
    return;
  }
  for (const [key, value] of Object.entries(translation)) {
    const referenceValue = reference !== null && typeof reference === 'object' && !Array.isArray(reference) ? (reference as Record<string, unknown>)[key] : undefined;
    if (referenceValue === undefined) {
      problems.add('CONTENT_UNKNOWN_KEY', `${formatPath([...segments, key])}: Unknown text key "${key}" (the reference language, ${referenceLanguage}, has no such key)`, file.displayPath, positionOf(file, segments.slice(1), key), `${referenceLanguage}, the first language, is the reference: add the key there first, or fix the spelling.`);
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

async function loadTexts(contentDir: string, languages: SiteLanguages, languagesFile: ParsedFile, problems: ProblemList, documents?: YamlDocumentCache): Promise<LoadedTexts> {
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
    const files = await fg(`texts/${language}/*.yaml`, { cwd: contentDir });
    if (files.length === 0) {
      // A language without texts would show every page in the default language under its own prefix.
      problems.add('CONTENT_MISSING_FILE', `languages[${index}]: "${language}" has no text files under texts/${language}/`, languagesFile.displayPath, positionOf(languagesFile, ['languages', index, 'code']), `Create texts/${language}/ with a file per page (copy texts/${defaultLanguage}/ to start), or remove the language.`);
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
      for (const entry of entries) textLocations[language][[namespace, ...entry.segments].join('.')] = entry.location;
    }
  }
  // The templates read these texts: the reference language must have every one of them.
  for (const namespace of requiredTextFiles) {
    if (!parsed[defaultLanguage].has(namespace) && !unreadableItalian.has(namespace)) {
      const displayPath = path.join(contentDir, textFileOf(defaultLanguage, namespace));
      problems.add('CONTENT_MISSING_FILE', 'Required text file is missing', displayPath, undefined, `${defaultLanguage}, the first language, is the reference: every page needs its texts there.`);
      unreadableItalian.add(namespace);
    }
  }
  for (const language of languages.codes.filter((l) => l !== defaultLanguage)) {
    for (const [namespace, file] of parsed[language]) {
      if (unreadableItalian.has(namespace)) continue;
      if (!(namespace in texts[defaultLanguage])) {
        problems.add('CONTENT_UNKNOWN_KEY', `${namespace}: Text file has no counterpart in the reference language (${defaultLanguage})`, file.displayPath, { line: 1, col: 1 }, `Create ${textFileOf(defaultLanguage, namespace)} or rename this file.`);
        continue;
      }
      checkTextKeys({ [namespace]: texts[defaultLanguage][namespace] }, { [namespace]: texts[language][namespace] }, file, [], problems, defaultLanguage);
    }
  }
  return { texts, textLocations };
}

/** The first language is what every language falls back to: an empty text there would show the warning marker. */
function rejectEmptyTexts(entries: ScalarEntry[], namespace: string, file: ParsedFile, problems: ProblemList, referenceLanguage: Language) {
  for (const { segments, value, location } of entries) {
    if (typeof value === 'string' && value.trim() === '') {
      problems.add('CONTENT_SCHEMA', `${[namespace, ...segments].join('.')}: Must not be empty`, file.displayPath, { line: location.line ?? 1, col: location.column ?? 1 }, `${referenceLanguage}, the first language, is the reference: every text needs its wording there.`);
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
function checkReferences(plans: Plan[], zones: Zone[], countries: Country[], texts: Record<Language, TextTree>, defaultLanguage: Language, files: ReferenceFiles, problems: ProblemList) {
  checkUnique(plans, 'id', 'plans', files.plans, problems);
  checkUnique(zones, 'id', 'zones', files.zones, problems);
  checkUnique(countries, 'key', 'countries', files.countries, problems);
  const planIds = new Set(plans.map((plan) => plan.id));
  if (!planIds.has(businessBadgePlanId)) {
    // Renaming it would silently take the business-zone badge off its card.
    problems.add('CONTENT_REFERENCE', `plans: No plan "${businessBadgePlanId}"`, files.plans.displayPath, positionOf(files.plans, ['plans']), `The business-zone badge belongs to the plan with id ${businessBadgePlanId} (its card names the zone in which business use is included); keep that id.`);
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
  // Plan labels are keys into the subscriptions texts; the reference language must have each.
  const subscriptions = texts[defaultLanguage].subscriptions;
  const labels = subscriptions && typeof subscriptions === 'object' && !Array.isArray(subscriptions) ? subscriptions.labels : undefined;
  if (!labels || typeof labels !== 'object' || Array.isArray(labels)) return;
  const checkLabel = (key: string, segments: PathSegment[]) => {
    if (!(key in labels)) {
      problems.add('CONTENT_REFERENCE', `${formatPath(segments)}: Unknown label "${key}"`, files.plans.displayPath, positionOf(files.plans, segments), `Labels are keys under labels: in ${textFileOf(defaultLanguage, 'subscriptions')}: ${Object.keys(labels).join(', ')}.`);
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

const slugSchema = z.string().regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'Expected a slug of lower-case letters, digits and single hyphens, such as chi-siamo');
const pageSlugsSchema = z.record(z.string(), slugSchema);
export const slugsFileSchema = z
  .object({
    ...(Object.fromEntries(slugPageIds.map((page) => [page, pageSlugsSchema.optional()])) as Record<SlugPageId, z.ZodOptional<typeof pageSlugsSchema>>),
    /** Slugs a page had before, per language: each old path answers 301 to the page. */
    former: z.partialRecord(z.enum(slugPageIds), z.record(z.string(), z.array(slugSchema).min(1))).optional(),
  })
  .strict();

/**
 * Every page needs a slug in every language, no language the list does not have,
 * and no two pages one path: each is a located error, never an overwritten page.
 */
function checkSlugs({ former = {}, ...slugs }: z.infer<typeof slugsFileSchema>, languages: SiteLanguages, file: ParsedFile, problems: ProblemList) {
  for (const page of slugPageIds) {
    if (!slugs[page]) problems.add('CONTENT_SCHEMA', `${page}: Missing; every page needs a slug per language`, file.displayPath, positionOf(file, []), `Add ${page}: { ${languages.codes.map((code) => `${code}: …`).join(', ')} }.`);
  }
  const seen = new Map<string, string>();
  for (const [page, perLanguage] of Object.entries(slugs)) {
    if (!perLanguage) continue;
    for (const language of languages.codes) {
      if (perLanguage[language] === undefined) {
        problems.add('CONTENT_SCHEMA', `${page}.${language}: Missing slug`, file.displayPath, positionOf(file, [page]), `Every language of languages.yaml needs a slug for each page ('' only for the home page).`);
        continue;
      }
      const path = `${language === languages.default ? '' : `${language}/`}${perLanguage[language]}`;
      const earlier = seen.get(path);
      if (earlier) problems.add('CONTENT_SCHEMA', `${page}.${language}: "${perLanguage[language]}" is also the slug of ${earlier}; both would be /${path}${path ? '/' : ''}`, file.displayPath, positionOf(file, [page, language]), 'Give each page its own slug in each language.');
      else seen.set(path, `${page}.${language}`);
    }
    for (const language of Object.keys(perLanguage)) {
      if (!languages.codes.includes(language)) problems.add('CONTENT_UNKNOWN_KEY', `${page}.${language}: Unknown language "${language}"`, file.displayPath, positionOf(file, [page], language), `The languages are those of languages.yaml: ${languages.codes.join(', ')}.`);
    }
  }
  // A former slug keeps its old path: it must not be (or become) the path of another page.
  for (const [page, perLanguage] of Object.entries(former)) {
    for (const [language, oldSlugs] of Object.entries(perLanguage ?? {})) {
      if (!languages.codes.includes(language)) {
        problems.add('CONTENT_UNKNOWN_KEY', `former.${page}.${language}: Unknown language "${language}"`, file.displayPath, positionOf(file, ['former', page], language), `The languages are those of languages.yaml: ${languages.codes.join(', ')}.`);
        continue;
      }
      oldSlugs.forEach((slug, index) => {
        const path = `${language === languages.default ? '' : `${language}/`}${slug}`;
        const earlier = seen.get(path);
        if (earlier || slug === '') problems.add('CONTENT_SCHEMA', `former.${page}.${language}[${index}]: "${slug}" is ${earlier ? `the slug of ${earlier}` : 'the home page'}`, file.displayPath, positionOf(file, ['former', page, language, index]), 'A former slug is a path no page uses any more.');
        else seen.set(path, `former.${page}.${language}`);
      });
    }
  }
  // A slug of the first language equal to another language's code would hide that language's home.
  for (const [page, perLanguage] of Object.entries(slugs)) {
    const slug = perLanguage?.[languages.default];
    if (slug && languages.codes.includes(slug.split('/')[0])) problems.add('CONTENT_SCHEMA', `${page}.${languages.default}: "${slug}" is a language prefix`, file.displayPath, positionOf(file, [page, languages.default]), 'Choose a slug that is not a language code.');
  }
}

/** The slugs of the pages, without the former ones; complete once checkSlugs found no problem. */
const pageSlugsOf = ({ former: _former, ...slugs }: z.infer<typeof slugsFileSchema>) => slugs as PageSlugs;

/** Every language's button shows its country's flag: the templates must be able to draw it. */
function checkFlags(languages: LanguageEntry[], file: ParsedFile, problems: ProblemList) {
  languages.forEach((language, index) => {
    if (!flagCountries.includes(language.flag)) {
      problems.add('CONTENT_REFERENCE', `languages[${index}].flag: No flag drawn for "${language.flag}"`, file.displayPath, positionOf(file, ['languages', index, 'flag']), `Flags are drawn for ${flagCountries.join(', ')}; add the country's flag to templates/flags.tsx.`);
    }
  });
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
export interface LoadOptions {
  /** Documents parsed by an earlier load, reused where a file's text is unchanged (and filled). */
  documents?: YamlDocumentCache;
}

export async function loadContent(contentDir: string, options: LoadOptions = {}): Promise<Content> {
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
    const file = await parseYamlFile(contentDir, relativePath, problems, options.documents);
    return { file, data: file ? validate(file, schema, problems) : undefined };
  };

  const languagesLoaded = await load('languages.yaml', languagesFileSchema);
  if (languagesLoaded.file && languagesLoaded.data) checkFlags(languagesLoaded.data.languages, languagesLoaded.file, problems);
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
    ({ texts, textLocations } = await loadTexts(contentDir, languages, languagesLoaded.file, problems, options.documents));
  }
  await checkImages(contentDir, problems);
  if (languages && slugsLoaded.file && slugsLoaded.data) checkSlugs(slugsLoaded.data, languages, slugsLoaded.file, problems);

  if (languages && plans.data && zones.data && countries.data && plans.file && zones.file && countries.file) {
    checkReferences(plans.data.plans, zones.data.zones, countries.data.countries, texts, languages.default, { plans: plans.file, zones: zones.file, countries: countries.file }, problems);
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
