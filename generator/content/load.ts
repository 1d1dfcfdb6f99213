/**
 * Stage 1: read every YAML file under content/, validate it against its schema and
 * return plain typed data. Every problem in every file is collected first and
 * reported together, each with its file, line and column.
 */
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { SiteError, type SourceLocation } from '../errors/siteError.ts';
import { languagesFileSchema, siteLanguagesFrom, type Language, type SiteLanguages } from '../model/languages.ts';
import { type FormerSlugs, type PageSlugs } from '../model/routeTable.ts';
import { cookiePolicyFileSchema, legalFileSchema, type LegalDocument, type LegalFile } from './schemas/legalSchema.ts';
import { countriesFileSchema, plansFileSchema, tariffsFileSchema, zonesFileSchema, type Country, type Plan, type Tariffs, type Zone } from './schemas/offerSchema.ts';
import { siteSettingsSchema, type SiteSettings } from './schemas/siteSchema.ts';
import { slugsFileSchema } from './schemas/slugsSchema.ts';
import type { TextTree } from './schemas/textsSchema.ts';
import { checkFlags, checkImages } from './flagsAndImages.ts';
import { ProblemList } from './parsedFile.ts';
import { checkLegalPlaceholders, checkReferences, checkTariffLabels } from './references.ts';
import { checkSlugs, pageSlugsOf } from './slugs.ts';
import { loadTexts } from './texts.ts';
import { type YamlDocumentCache, parseYamlFile } from './yamlReader.ts';
import { validate } from './zodMessages.ts';

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
