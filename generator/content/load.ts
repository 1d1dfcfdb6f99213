/**
 * Stage 1: read every YAML file under content/, validate it against its schema and
 * return plain typed data. Every problem in every file is collected first and
 * reported together, each with its file, line and column.
 */
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { SiteError, type SourceLocation } from '../errors/siteError.ts';
import { siteLanguagesFrom, type Language, type SiteLanguages } from '../model/languages.ts';
import { type FormerSlugs, type PageSlugs } from '../model/routeTable.ts';
import { type LegalDocument, type LegalFile } from './schemas/legalSchema.ts';
import { type Country, type Plan, type Tariffs, type Zone } from './schemas/offerSchema.ts';
import { type SiteSettings } from './schemas/siteSchema.ts';
import type { TextTree } from './schemas/textsSchema.ts';
import { checkFlags } from './flags.ts';
import { takePageImages, type PageImages } from './imageDeclarations.ts';
import { contentFiles, contentPathOf } from './contentFiles.ts';
import { type ParsedFile, ProblemList } from './parsedFile.ts';
import { checkLegalPlaceholders, checkLegalSections, checkReferences, checkTariffLabels } from './references.ts';
import { checkSlugs, pageSlugsOf } from './slugs.ts';
import { loadTexts } from './texts.ts';
import { looseNumberNotices, typeset } from './typography.ts';
import { loadValidatedFile, type FileLoadOptions } from './validatedFile.ts';

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
  /** The images the pages show, as the reference texts name them (their alt texts stay in the texts). */
  images: PageImages;
  /** Problems a build reports without stopping, each at its place (a number grouped otherwise than 3'000). */
  notices: SiteError[];
}

export { imageFileOf, textFileOf } from './contentPaths.ts';

/**
 * The file that holds each part of the content, for dating the pages that read
 * it; texts are dated per file through `textFileOf`. A page reads the legal
 * documents of its own language only.
 */
export function contentFileOf(part: keyof Content, language: Language): string | undefined {
  return datedParts.includes(part as DatedPart) ? contentPathOf(part as DatedPart, language) : undefined;
}
const datedParts = ['site', 'languages', 'plans', 'zones', 'countries', 'tariffs', 'legal', 'cookiePolicy'] as const;
type DatedPart = (typeof datedParts)[number];


/** Loads and validates the whole content folder, or throws one SiteError listing every problem. */
export type LoadOptions = FileLoadOptions;

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
  const load = <Schema extends z.ZodType>(relativePath: string, schema: Schema) =>
    loadValidatedFile(contentDir, relativePath, schema, problems, options);
  // Each file is read where the registry puts it, against the schema it names.

  const languagesLoaded = await load(contentPathOf('languages'), contentFiles.languages.schema);
  if (languagesLoaded.file && languagesLoaded.data)
    checkFlags(languagesLoaded.data.languages, languagesLoaded.file, problems);
  const slugsLoaded = await load(contentPathOf('slugs'), contentFiles.slugs.schema);
  const site = await load(contentPathOf('site'), contentFiles.site.schema);
  const plans = await load(contentPathOf('plans'), contentFiles.plans.schema);
  const zones = await load(contentPathOf('zones'), contentFiles.zones.schema);
  const countries = await load(contentPathOf('countries'), contentFiles.countries.schema);
  const tariffs = await load(contentPathOf('tariffs'), contentFiles.tariffs.schema);
  const cookiePolicy = await load(contentPathOf('cookiePolicy'), contentFiles.cookiePolicy.schema);
  if (cookiePolicy.file) checkLegalPlaceholders(cookiePolicy.file, problems);
  // Without a valid list of languages, the files per language cannot be named: the list's problems come first.
  const languages = languagesLoaded.data && siteLanguagesFrom(languagesLoaded.data);
  const legal = {} as Record<Language, LegalFile>;
  const legalFiles = {} as Record<Language, ParsedFile>;
  const notices: SiteError[] = [];
  if (cookiePolicy.file) notices.push(...looseNumberNotices(cookiePolicy.file));
  let texts = {} as Record<Language, TextTree>;
  let textLocations = {} as Record<Language, Record<string, SourceLocation>>;
  if (languages && languagesLoaded.file) {
    for (const language of languages.codes) {
      const loaded = await load(contentPathOf('legal', language), contentFiles.legal.schema);
      // Each language's typography (French: narrow no-break spaces) is the build's, not the translator's.
      if (loaded.data) legal[language] = typeset(loaded.data, languages.of(language).locale);
      if (loaded.file) {
        legalFiles[language] = loaded.file;
        checkLegalPlaceholders(loaded.file, problems);
        notices.push(...looseNumberNotices(loaded.file));
      }
    }
    for (const language of languages.codes.slice(1))
      if (legal[languages.default] && legal[language])
        checkLegalSections(legal[languages.default], legal[language], languages.default, legalFiles[language], problems);
    let textFiles;
    ({
      texts,
      textLocations,
      files: textFiles,
    } = await loadTexts(contentDir, languages, languagesLoaded.file, problems, options));
    for (const language of languages.codes)
      texts[language] = typeset(texts[language], languages.of(language).locale);
    for (const { namespace, file } of textFiles) notices.push(...looseNumberNotices(file, [namespace]));
  }
  let images: PageImages | undefined;
  if (languages) {
    const taken = takePageImages(contentDir, texts, textLocations, languages);
    images = taken.images;
    problems.problems.push(...taken.problems);
  }
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
  await options.cache?.save();
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
    images: images!,
    notices,
  };
}
