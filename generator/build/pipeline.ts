/**
 * `site build`: the stages (stages.ts) in order, as a list of labelled, timed steps,
 * each taking the previous steps' plain data. Everything is written through one writer at the end, so a failure
 * anywhere leaves the previous output untouched.
 */
import { readContentDates, type ContentDates } from '../content/contentDates.ts';
import { formatSiteError } from '../errors/siteError.ts';
import type { OutputFile } from '../model/builtAssets.ts';
import type { Language } from '../model/languages.ts';
import type { Route } from '../model/routeTable.ts';
import type { YamlDocumentCache } from '../content/yamlReader.ts';
import { projectRoot } from '../project.ts';
import { buildAssets, startBundler } from './assets.ts';
import { notNamedByCode } from './codeTextKeys.ts';
import { createDisabledImageCache, createImageCache, type ImageCacheStats } from './imageCache.ts';
import type { WrittenPage } from './render.ts';
import {
  assertPublishedPathsKept,
  assetInputOf,
  buildHostRules,
  buildSeoFiles,
  checkShownTexts,
  checkTranslationsComplete,
  codeTextNamesOf,
  defaultClientDir,
  defaultImageCacheDir,
  drawIcons,
  drawSocialImages,
  encodeImages,
  loadSiteContent,
  publishedPathsRecord,
  resultCacheFor,
  routeTableOf,
  siteOrigin,
  translationsOf,
  countryNamesOf,
} from './stages.ts';
import type { OutputWriter } from './writer.ts';
import {
  assertTranslationsCurrent,
  summariseTranslations,
  type TranslationSummary,
} from '../translations/buildCheck.ts';
import {
  pageFacingKey,
  reusablePage,
  storedPages,
  type PageInputs,
  type PageStore,
  type PreviousOutput,
} from './incremental.ts';

export { projectRoot };

export interface BuildOptions {
  contentDir: string;
  writer: OutputWriter;
  /** Overrides the public origin of the settings. */
  baseUrl?: string;
  /** Missing and outdated translations fail the build. */
  strict?: boolean;
  /** The build's clock: the copyright year. */
  now?: Date;
  /** false: draw every image anew and neither read nor write the image cache (`--no-cache`). */
  cache?: boolean;
  /**
   * The generator's code (its sources, packages, NODE_ENV) as a key, which `site build` passes: with it,
   * and `cache` not false, unchanged content files are not parsed again (the result cache).
   */
  codeVersion?: string;
  /** The result cache's folder (resultCache.ts); `node_modules/.cache/site/results` by default. */
  resultCacheDir?: string;
  /** The image cache's folder; `node_modules/.cache/site/images` by default. */
  cacheDir?: string;
  /** Each content file's date, when the caller read them already (`site build` does, for the up-to-date check). */
  contentDates?: ContentDates;
  /** The previous build into the same folder, whose unchanged pages are reused (incremental.ts); none renders every page. */
  previous?: PreviousOutput;
  /** Rendered pages of earlier builds into any folder (incremental.ts), taken when the previous output has none to reuse. */
  pageStore?: PageStore;
  /** Told, before the output is swapped in, what every page sees and what each page read: the next build's `previous`. */
  onPages?: (pageFacing: string, pages: Record<string, PageInputs>) => void;
  /**
   * Told the content files this build parsed (by absolute path) and the reference language, before
   * they are let go: `site build` makes the editors' schemas from some of them without parsing again.
   */
  onParsed?: (documents: YamlDocumentCache, reference: Language) => void;
  /** Told when each step starts (its label, its number and the number of steps), for a progress line. */
  onStep?: (label: string, index: number, total: number) => void;
}

/** The steps of a build, in order: the progress line's count and the report's step table. */
export const buildSteps = [
  'Check output folder',
  'Load and validate content',
  'Load translations',
  'Build route table',
  'Encode images',
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
  /** Pages taken unchanged from the previous build's output instead of rendered. */
  reusedPages?: number;
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
   * Texts of the reference language that no page of this build uses and no code names (codeTextKeys.ts):
   * texts nothing can show. A warning even under --strict.
   */
  unusedTexts: string[];
  /** How many texts of each language are current, outdated, missing or untranslated (from the translation record). */
  translationStatus?: TranslationSummary['counts'];
  /** Drawn and encoded images taken from the cache, made anew, found corrupt (and made again), pruned as unused. */
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

  // Dating the content asks git, another process: started first, it runs while the build works
  // (unless the caller has the dates already, from the up-to-date check).
  const contentDatesPending = options.contentDates
    ? Promise.resolve(options.contentDates)
    : readContentDates(options.contentDir);
  contentDatesPending.catch(() => {}); // a build that fails first never reads them

  try {
    await step('Check output folder', () => options.writer.prepare());
    const resultCache = resultCacheFor(
      options.cache === false ? undefined : options.codeVersion,
      options.resultCacheDir,
    );
    if (!resultCache) void startBundler();
    // The files this build parses, kept for the translation summary, which reads the same texts.
    const documents: YamlDocumentCache = new Map();
    const content = await step('Load and validate content', () =>
      loadSiteContent(options.contentDir, documents, { cache: resultCache }),
    );
    const origin = siteOrigin(content, options.baseUrl);
    const [translations, translationSummary] = await step('Load translations', () =>
      Promise.all([
        countryNamesOf(content, resultCache).then((countryNames) => translationsOf(content, countryNames)),
        summariseTranslations(
          options.contentDir,
          resultCache,
          content.languages,
          options.pageStore?.contentDigests,
          documents,
        ),
      ]),
    );
    options.onParsed?.(documents, content.languages.default);
    documents.clear(); // nothing reads them later: the garbage collector may take them
    if (options.strict) {
      checkTranslationsComplete(options.contentDir, content, translations);
      assertTranslationsCurrent(options.contentDir, translationSummary);
    }
    const routeTable = await step('Build route table', async () => {
      const table = routeTableOf(content);
      await assertPublishedPathsKept(options.contentDir, content.formerSlugs, table, options.writer.replaces);
      return table;
    });
    const images = await step('Encode images', () => encodeImages(content, options.contentDir, imageCache));
    const assets = await step('Bundle scripts and styles', () =>
      buildAssets(assetInputOf(content, routeTable, { clientDir: defaultClientDir }), images, resultCache),
    );
    // React and the templates load only when something must be rendered: the brand mark (kept in the
    // result cache, by colour) or a page that no earlier build left.
    let templates: Promise<typeof import('./render.ts')> | undefined;
    const loadTemplates = () => (templates ??= import('./render.ts'));
    const appIconKey = resultCache?.keyOf('app icon', '', content.site.theme.primary);
    const keptAppIcon = appIconKey === undefined ? undefined : await resultCache!.get(appIconKey);
    const appIcon =
      typeof keptAppIcon === 'string'
        ? keptAppIcon
        : (await loadTemplates()).renderAppIcon(content.site.theme.primary);
    if (appIconKey !== undefined && appIcon !== keptAppIcon) resultCache!.hold(appIconKey, appIcon);
    const socialImages = await step('Draw social preview images', () =>
      drawSocialImages(content, routeTable, translations, imageCache),
    );
    const icons = await step('Draw icons and manifest', () =>
      drawIcons(content, translations, imageCache, {
        renderAppIcon: () => appIcon,
      }),
    );
    // Each page goes to the writer as soon as it is rendered (into the staging folder: a later failure still leaves the previous output as it was).
    const renderInput = {
      content,
      routeTable,
      translations,
      assets,
      origin,
      year: now.getFullYear(),
      socialImages,
      icons,
    };
    const pageFacing = pageFacingKey(renderInput);
    let reusedPages = 0;
    const stored =
      options.cache === false || !options.pageStore ? undefined : storedPages(options.pageStore, pageFacing);
    const reuse = async (route: Route) => {
      const reusable =
        options.writer.reuse &&
        ((await reusablePage(options.previous, pageFacing, route.file)) ?? (await stored?.(route.file)));
      if (!reusable) return undefined;
      await options.writer.reuse!(route.file, reusable.source, reusable.page.sha256);
      // Its keys were asked for when it was rendered: "used by no page" must not count them out.
      translations.noteUsed(reusable.page.keys);
      reusedPages += 1;
      return { route, path: route.file, ...reusable.page };
    };
    const pages = await step('Render pages', async () => {
      const reused = new Map<Route, WrittenPage>();
      for (const route of routeTable.routes) {
        const page = await reuse(route);
        if (page) reused.set(route, page);
      }
      if (reused.size === routeTable.routes.length)
        return routeTable.routes.map((route) => reused.get(route)!);
      const templates = await loadTemplates();
      // Weekday names an earlier build made with the same ICU: a page that shows them loads no date data.
      const namesKey = resultCache?.keyOf(`weekday names, ICU ${process.versions.icu}`, '', '');
      const keptNames = namesKey === undefined ? undefined : await resultCache!.get(namesKey);
      if (keptNames && typeof keptNames === 'object')
        templates.knowWeekdayNames(keptNames as Parameters<typeof templates.knowWeekdayNames>[0]);
      const rendered = await templates.renderPages(
        renderInput,
        (page) => options.writer.write(page),
        async (route) => reused.get(route),
      );
      const names = templates.weekdayNamesKnown();
      if (namesKey !== undefined && JSON.stringify(names) !== JSON.stringify(keptNames))
        resultCache!.hold(namesKey, names);
      return rendered;
    });
    // A text no language has would show the marker on a page: never a page to publish, --strict or not.
    checkShownTexts(options.contentDir, content, translations, { strict: options.strict });
    const unresolvedKeys = translations.unresolvedKeys();
    // Texts some content could still call for (named by the templates) are not unused.
    const unusedKeys = translations.unusedKeys();
    const unusedTexts =
      unusedKeys.length === 0
        ? []
        : await notNamedByCode(unusedKeys, await codeTextNamesOf(resultCache, options.codeVersion));
    const contentDates = await step('Date content changes', () => contentDatesPending);
    const seoFiles = await step('Write sitemap and robots.txt', () =>
      buildSeoFiles(routeTable, origin, pages, contentDates, resultCache),
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
      publishedPathsRecord(routeTable),
    ];
    options.onPages?.(
      pageFacing,
      Object.fromEntries(
        pages.map(({ path, sources, keys, sha256, bytes }) => [path, { sources, keys, sha256, bytes }]),
      ),
    );
    const warnings = await step('Write output', async () => {
      for (const file of files) await options.writer.write(file);
      return [
        ...content.notices.map((notice) => formatSiteError(notice).trimStart()),
        ...images.warnings,
        ...(await options.writer.commit()),
      ];
    });
    // Only a successful build decides what the cache keeps.
    await step('Prune image cache', () => imageCache.prune());
    await resultCache?.save();
    resultCache?.prune();

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
      reusedPages,
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
