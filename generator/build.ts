/**
 * The build: a list of labelled, timed steps, each taking the previous steps'
 * plain data. Everything is written through one writer at the end, so a failure
 * anywhere leaves the previous output untouched.
 */
import path from 'node:path';
import { buildAssets, type Assets } from './assets.ts';
import { cacheRoot, projectRoot } from './project.ts';
import { loadContent, textFileOf, type Content } from './content.ts';
import { didYouMean } from './suggest.ts';
import { SiteError } from './errors.ts';
import { createTranslations, textNamespace, type Translations } from './i18n.ts';
import { renderPages } from './render.ts';
import { createRouteTable, type RouteTable } from './routes.ts';
import { clientLanguagesOf, type Language } from './languages.ts';
import type { SiteSettings } from './schema.ts';
import { buildSitemap } from './sitemap.ts';
import { buildHostingFiles, createHostingRules, hostConfigFiles } from './hosting/index.ts';
import { pageLastModified, readContentDates } from './contentDates.ts';
import { buildIcons } from './icons.ts';
import { createDisabledImageCache, createImageCache, type ImageCacheStats } from './imageCache.ts';
import { buildSocialImages } from './social.ts';
import type { OutputFile, OutputWriter } from './writer.ts';
import {
  assertTranslationsCurrent,
  summariseTranslations,
  type TranslationSummary,
} from './translations/buildCheck.ts';

export { projectRoot };

/** Where drawn images are kept between builds, beside other build tools' caches. */
export const defaultImageCacheDir = path.join(cacheRoot, 'images');

/** Browsers the CSS is lowered for; module scripts need ES modules anyway. */
export const browserslistQuery = 'defaults and supports es6-module';

export interface BuildOptions {
  contentDir: string;
  writer: OutputWriter;
  /** Overrides the public origin of the settings. */
  baseUrl?: string;
  /** Missing translations fail the build. */
  strict?: boolean;
  /** The build's clock: the copyright year. */
  now?: Date;
  /** false: draw every image anew and neither read nor write the image cache (`--no-cache`). */
  cache?: boolean;
  /** The image cache's folder; `node_modules/.cache/site/images` by default. */
  cacheDir?: string;
  /** Told when each step starts (its label, its number and the number of steps), for a progress line. */
  onStep?: (label: string, index: number, total: number) => void;
}

/** The steps of a build, in order: the progress line's count and the report's step table. */
export const buildSteps = [
  'Check output folder',
  'Load and validate content',
  'Load translations',
  'Build route table',
  'Bundle scripts and styles',
  'Draw social preview images',
  'Draw icons and manifest',
  'Render pages',
  'Date content changes',
  'Write sitemap and robots.txt',
  'Write host rules',
  'Write output',
  'Prune image cache',
] as const;

export type BuildStep = (typeof buildSteps)[number];

export interface StepTiming {
  label: BuildStep;
  milliseconds: number;
}

export interface BuildReport {
  steps: StepTiming[];
  /** The language codes, in order. */
  languages: Language[];
  pagesByLanguage: Record<Language, number>;
  fileCount: number;
  bytes: number;
  milliseconds: number;
  /** Keys each language lacks, shown in the default language instead. */
  missingTranslations: Record<Language, string[]>;
  /** Keys no language has; pages show the warning marker. */
  unresolvedKeys: string[];
  /** Text files of the reference language that a language lacks entirely (its pages show the reference texts). */
  missingTextFiles: Record<Language, string[]>;
  /**
   * Texts of the reference language that no page uses. A warning even under --strict: some are used only
   * when the content calls for them (a plan without eSIM, a page with a former slug).
   */
  unusedTexts: string[];
  /** How many texts of each language are current, outdated, missing or untranslated (from the translation record). */
  translationStatus?: TranslationSummary['counts'];
  /** Drawn images taken from the cache, drawn anew, found corrupt (and redrawn), pruned as unused. */
  imageCache: ImageCacheStats;
  /** Things the build did but could not tidy up, e.g. a leftover copy of the previous output. */
  warnings: string[];
  destination: string;
}

function byteLength(contents: string | Uint8Array): number {
  return typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
}

export async function build(options: BuildOptions): Promise<BuildReport> {
  const started = performance.now();
  const steps: StepTiming[] = [];
  const step = async <T>(label: BuildStep, run: () => T | Promise<T>): Promise<T> => {
    options.onStep?.(label, buildSteps.indexOf(label) + 1, buildSteps.length);
    const stepStarted = performance.now();
    const result = await run();
    steps.push({ label, milliseconds: performance.now() - stepStarted });
    return result;
  };
  const now = options.now ?? new Date();
  const imageCache =
    options.cache === false
      ? createDisabledImageCache()
      : createImageCache(options.cacheDir ?? defaultImageCacheDir);

  // Dating the content asks git, another process: started first, it runs while the build works.
  const contentDatesPending = readContentDates(options.contentDir);
  contentDatesPending.catch(() => {}); // a build that fails first never reads them

  try {
    await step('Check output folder', () => options.writer.prepare());
    const content = await step('Load and validate content', () => loadContent(options.contentDir));
    const origin = (options.baseUrl ?? content.site.origin).replace(/\/+$/, '');
    const [translations, translationSummary] = await step('Load translations', () =>
      Promise.all([
        createTranslations(content.texts, content.site, content.languages),
        summariseTranslations(options.contentDir),
      ]),
    );
    if (options.strict) {
      assertComplete(options.contentDir, content, translations.missingByLanguage, []);
      assertTranslationsCurrent(options.contentDir, translationSummary);
    }
    const routeTable = await step('Build route table', () =>
      createRouteTable({
        languages: content.languages,
        slugs: content.slugs,
        formerSlugs: content.formerSlugs,
      }),
    );
    const assets = await step('Bundle scripts and styles', () =>
      buildAssets({
        clientDir: path.join(projectRoot, 'client'),
        imagesDir: path.join(options.contentDir, 'images'),
        site: content.site,
        zones: content.zones,
        browserslistQuery,
        languages: clientLanguagesOf(content.languages),
        cockpitPath: routeTable.pathOf('cockpit', content.languages.default),
      }),
    );
    const socialImages = await step('Draw social preview images', () =>
      buildSocialImages(routeTable, translations, content, imageCache),
    );
    const icons = await step('Draw icons and manifest', () =>
      buildIcons(
        content.site,
        translations.translators[content.languages.default].t('home.meta.description'),
        imageCache,
      ),
    );
    // Each page goes to the writer as soon as it is rendered (into the staging folder: a later failure still leaves the previous output as it was).
    const pages = await step('Render pages', () =>
      renderPages(
        { content, routeTable, translations, assets, origin, year: now.getFullYear(), socialImages, icons },
        (page) => options.writer.write(page),
      ),
    );
    assertPlaceholdersFilled(options.contentDir, translations, content);
    const unresolvedKeys = translations.unresolvedKeys();
    const unusedTexts = translations.unusedKeys();
    // A text no language has would show the marker on a page: never a page to publish, --strict or not.
    if (unresolvedKeys.length > 0) assertTextsExist(options.contentDir, content, unresolvedKeys);
    if (options.strict)
      assertComplete(options.contentDir, content, translations.missingByLanguage, unresolvedKeys);
    const contentDates = await step('Date content changes', () => contentDatesPending);
    const seoFiles = await step('Write sitemap and robots.txt', () =>
      buildSitemap(routeTable, origin, pageLastModified(pages, contentDates)),
    );

    const hostingFiles = await step('Write host rules', () =>
      buildHostRules(routeTable, content.site, assets),
    );

    const files: OutputFile[] = [
      ...assets.files,
      ...socialImages.files,
      ...icons.files,
      ...seoFiles,
      ...hostingFiles,
    ];
    const warnings = await step('Write output', async () => {
      for (const file of files) await options.writer.write(file);
      return options.writer.commit();
    });
    // Only a successful build decides what the cache keeps.
    await step('Prune image cache', () => imageCache.prune());

    const pagesByLanguage = Object.fromEntries(
      content.languages.codes.map((language) => [
        language,
        pages.filter((page) => page.route.language === language).length,
      ]),
    ) as Record<Language, number>;
    return {
      steps,
      languages: content.languages.codes,
      pagesByLanguage,
      fileCount: pages.length + files.length,
      bytes:
        pages.reduce((total, page) => total + page.bytes, 0) +
        files.reduce((total, file) => total + byteLength(file.contents), 0),
      milliseconds: performance.now() - started,
      missingTranslations: translations.missingByLanguage,
      unresolvedKeys,
      missingTextFiles: Object.fromEntries(
        content.languages.codes.map((language) => [
          language,
          Object.keys(content.texts[content.languages.default]).filter(
            (namespace) => content.texts[language][namespace] === undefined,
          ),
        ]),
      ) as Record<Language, string[]>,
      unusedTexts,
      translationStatus: translationSummary.counts,
      imageCache: imageCache.stats,
      warnings,
      destination: options.writer.destination,
    };
  } catch (error) {
    await options.writer.abort();
    throw error;
  }
}

/** Every host's rule files, from the route table, the settings and the assets (inline script hashes, asset paths). */
export function buildHostRules(routeTable: RouteTable, site: SiteSettings, assets: Assets): OutputFile[] {
  return buildHostingFiles(
    createHostingRules({
      routeTable,
      site,
      inlineScriptHashes: Object.values(assets.inlineScripts).map((script) => script.cspHash),
      assetPaths: assets.files.map((file) => `/${file.path}`),
      hostFiles: hostConfigFiles,
    }),
  );
}

/** The file of a text key in a language, for a key that has no line of its own there. */
function textFile(contentDir: string, language: Language, key: string): string {
  return path.join(contentDir, textFileOf(language, textNamespace(key)));
}

/** A `{{name}}` nobody fills would reach the page verbatim: always an error, at the text that holds it. */
export function assertPlaceholdersFilled(contentDir: string, translations: Translations, content: Content) {
  const unknown = translations.unknownPlaceholders();
  if (unknown.length === 0) return;
  const defaultLanguage = content.languages.default;
  const known = Object.keys(translations.translators[defaultLanguage].siteValues).map(
    (name) => `{{${name}}}`,
  );
  const problems = unknown.map(({ language, key, placeholder }) => {
    // A language without the text shows the default language's, so the placeholder is written there.
    const location = content.textLocations[language][key] ??
      content.textLocations[defaultLanguage][key] ?? { file: textFile(contentDir, defaultLanguage, key) };
    return new SiteError({
      code: 'TEXT_PLACEHOLDER',
      message: `${key}: unknown placeholder ${placeholder} (${language} page).${didYouMean(placeholder.replace(/[{}\s]/g, ''), Object.keys(translations.translators[defaultLanguage].siteValues), (name) => `{{${name}}}`)}`,
      location,
    });
  });
  throw new SiteError({
    code: 'TEXT_PLACEHOLDER',
    message: `${problems.length} text${problems.length === 1 ? '' : 's'} name${problems.length === 1 ? 's' : ''} a placeholder that nothing fills; nothing was written.`,
    hint: `Every text may use ${known.join(', ')}; check the spelling.`,
    problems,
  });
}

function assertTextsExist(contentDir: string, content: Content, unresolved: string[]) {
  const defaultLanguage = content.languages.default;
  const problems = unresolved.map(
    (key) =>
      new SiteError({
        code: 'TRANSLATION_MISSING',
        message: `No language has the text "${key}", which a page shows`,
        location: { file: textFile(contentDir, defaultLanguage, key) },
      }),
  );
  throw new SiteError({
    code: 'TRANSLATION_MISSING',
    message: `${problems.length} text${problems.length === 1 ? '' : 's'} that pages show exist${problems.length === 1 ? 's' : ''} in no language; nothing was written.`,
    hint: `Add ${problems.length === 1 ? 'it' : 'them'} to the ${defaultLanguage} texts (the reference) and, ideally, to every language.`,
    problems,
  });
}

function assertComplete(
  contentDir: string,
  content: Content,
  missing: Record<Language, string[]>,
  unresolved: string[],
) {
  const defaultLanguage = content.languages.default;
  const problems = [
    ...content.languages.codes.flatMap((language) =>
      missing[language].map(
        (key) =>
          new SiteError({
            code: 'TRANSLATION_MISSING',
            message: `${language}: missing text "${key}" (${defaultLanguage} is shown instead)`,
            // An empty text has a line of its own; a missing one only its file.
            location: content.textLocations[language][key] ?? { file: textFile(contentDir, language, key) },
          }),
      ),
    ),
    ...unresolved.map(
      (key) =>
        new SiteError({
          code: 'TRANSLATION_MISSING',
          message: `No language has the text "${key}", which a template uses`,
          location: { file: textFile(contentDir, defaultLanguage, key) },
        }),
    ),
  ];
  if (problems.length > 0) {
    throw new SiteError({
      code: 'TRANSLATION_MISSING',
      message: `${problems.length} missing translation${problems.length === 1 ? '' : 's'} (--strict); nothing was written.`,
      hint: `Add the texts, or build without --strict to fall back to ${defaultLanguage}.`,
      problems,
    });
  }
}
