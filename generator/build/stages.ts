/**
 * The build's stages, each a function of the previous stages' plain data: content,
 * translations, route table, photos, assets, preview images, pages, the checks of what pages show,
 * sitemap and host rules. `site build` (pipeline.ts) runs them all once, in order;
 * `site dev` (dev/session.ts) runs those a change needs. Neither writes a stage of
 * its own, so dev serves what build writes and refuses what build refuses.
 *
 * The templates reach the stages as a parameter (`TemplateStage`): the build passes
 * the render module it imports, dev the one it bundled after a template edit.
 */
import path from 'node:path';
import { loadContent, textFileOf, type Content } from '../content/load.ts';
import type { PendingSources, YamlDocumentCache } from '../content/yamlReader.ts';
import { createResultCache, type ResultCache } from '../content/resultCache.ts';
import type { SiteSettings } from '../content/schemas/siteSchema.ts';
import { pageLastModified, type ContentDates } from '../content/contentDates.ts';
import { didYouMean } from '../errors/suggest.ts';
import { SiteError, type SourceLocation } from '../errors/siteError.ts';
import { buildHostingFiles, createHostingRules, hostConfigFiles } from '../hosting/index.ts';
import type { Assets, OutputFile, SiteIcons, SocialImages } from '../model/builtAssets.ts';
import { clientLanguagesOf, type Language } from '../model/languages.ts';
import { routeTableOf, type RouteTable } from '../model/routeTable.ts';
import { cacheRoot, projectRoot } from '../project.ts';
import type { AssetInput } from './assets.ts';
import { codeTextNames, type CodeTextNames } from './codeTextKeys.ts';
import { buildImages, type PlannedImageBuild } from './pictures.ts';
import { buildIcons } from './icons.ts';
import type { ImageCache } from './imageCache.ts';
import type { RenderedPage } from './render.ts';
import { buildSitemap } from './sitemap.ts';
import { buildSocialImages } from './social.ts';
import { createTranslations, regionName, textNamespace, type Translations } from './translations.ts';

/** The one stage that runs template code: rendering pages and the brand mark. */
export type TemplateStage = Pick<
  typeof import('./render.ts'),
  'renderPage' | 'renderPages' | 'renderAppIcon'
>;

/** Where drawn images are kept between builds, beside other build tools' caches. */
export const defaultImageCacheDir = path.join(cacheRoot, 'images');

/** Where results of earlier builds (parsed content, bundled scripts and styles) are kept (resultCache.ts). */
export const defaultResultCacheDir = path.join(cacheRoot, 'results');

/** The result cache of a build that may reuse earlier builds' work: one that knows its code version. */
export function resultCacheFor(
  codeVersion: string | undefined,
  dir: string = defaultResultCacheDir,
): ResultCache | undefined {
  return codeVersion === undefined ? undefined : createResultCache(dir, codeVersion);
}

/** The browser scripts and stylesheets of the project. */
export const defaultClientDir = path.join(projectRoot, 'client');

/** Browsers the CSS is lowered for; module scripts need ES modules anyway. */
export const browserslistQuery = 'defaults and supports es6-module';

/**
 * Stage 1: the content folder, read and validated; `documents` keeps parses within a process (dev's
 * unchanged files, a build's for its translation summary), `cache` loads of unchanged files
 * between builds, and `pending` gives texts to load in place of some files' (a save checked
 * before it is written).
 */
export function loadSiteContent(
  contentDir: string,
  documents?: YamlDocumentCache,
  options: { cache?: ResultCache; pending?: PendingSources } = {},
): Promise<Content> {
  return loadContent(contentDir, { documents, ...options });
}

/** The public origin without a trailing slash: the settings', or the one the command line gives. */
export function siteOrigin(content: Content, baseUrl?: string): string {
  return (baseUrl ?? content.site.origin).replace(/\/+$/, '');
}

/** Stage 2: every language's texts, with the settings' facts they may name. */
export function translationsOf(content: Content, countryNames?: Record<string, string>): Translations {
  return createTranslations(content.texts, content.site, content.languages, countryNames);
}

/** The settings' country named in every language's locale, through the result cache (by ICU version) when there is one. */
export async function countryNamesOf(content: Content, cache?: ResultCache): Promise<Record<string, string>> {
  if (!cache) return {};
  const country = content.site.address.country;
  const names: Record<string, string> = {};
  for (const language of content.languages.codes) {
    const { locale } = content.languages.of(language);
    const key = cache.keyOf(`country name, ICU ${process.versions.icu}`, locale, country);
    const kept = await cache.get(key);
    names[locale] = typeof kept === 'string' ? kept : regionName(locale, country);
    if (kept !== names[locale]) cache.hold(key, names[locale]);
  }
  return names;
}

/**
 * What the site's code names (codeTextKeys.ts), through the result cache when there is one: its
 * key holds the code's version, so a build reads and hashes the code only after the code changed.
 * When it has none (`--no-cache`) or misses, they are found by `codeVersion`, the build's key of its code.
 */
export async function codeTextNamesOf(cache?: ResultCache, codeVersion?: string): Promise<CodeTextNames> {
  const key = cache?.keyOf('code text names', projectRoot, '');
  const kept = (key === undefined ? undefined : await cache!.get(key)) as CodeTextNames | undefined;
  if (kept && Array.isArray(kept.literals) && Array.isArray(kept.templates)) return kept;
  const names = await codeTextNames(undefined, undefined, codeVersion);
  if (key !== undefined) cache!.hold(key, names);
  return names;
}

/** Stage 3: the route table, every page in every language (former slugs included). */
export { routeTableOf };

/** Then: every address the last build into the output folder published still answers, as a page or a forward. */
export { assertPublishedPathsKept, publishedPathsRecord } from './publishedPaths.ts';

/**
 * The images the texts name, read and checked, each photo planned at its slots'
 * widths and encoded through the image cache; `encode: false` (dev) plans only and
 * encodes a file when a browser first asks for it.
 */
export function encodeImages(
  content: Content,
  contentDir: string,
  cache: ImageCache,
  options: { encode?: boolean } = {},
): Promise<PlannedImageBuild> {
  return buildImages({
    imagesDir: path.join(contentDir, 'images'),
    images: content.images,
    cache,
    encode: options.encode,
  });
}

/** What the asset stage reads: the client folder, the content's colours and languages, the cockpit's path. */
export function assetInputOf(
  content: Content,
  routeTable: RouteTable,
  folders: { clientDir: string },
): AssetInput {
  return {
    clientDir: folders.clientDir,
    site: content.site,
    zones: content.zones,
    browserslistQuery,
    languages: clientLanguagesOf(content.languages),
    cockpitPath: routeTable.pathOf('cockpit', content.languages.default),
  };
}

/** The description the web app manifest gives: the home page's, in the default language. */
export function iconDescriptionOf(content: Content, translations: Translations): string {
  return translations.translators[content.languages.default].t('home.meta.description');
}

/** Favicon, app icons and manifest, from the brand mark the templates draw. */
export function drawIcons(
  content: Content,
  translations: Translations,
  cache: ImageCache,
  templates: Pick<TemplateStage, 'renderAppIcon'>,
): Promise<SiteIcons> {
  return buildIcons(
    content.site,
    iconDescriptionOf(content, translations),
    cache,
    templates.renderAppIcon(content.site.theme.primary),
  );
}

/** One preview image per page type and language. */
export function drawSocialImages(
  content: Content,
  routeTable: RouteTable,
  translations: Translations,
  cache: ImageCache,
): Promise<SocialImages> {
  return buildSocialImages(routeTable, translations, content, cache);
}

/**
 * What the rendered pages show must exist: a `{{name}}` nothing fills, or a text no
 * language has (a page would show the warning marker), is an error in build and dev
 * alike; `strict` (build --strict) refuses missing translations as well.
 */
export function checkShownTexts(
  contentDir: string,
  content: Content,
  translations: Translations,
  options: { strict?: boolean } = {},
): void {
  assertPlaceholdersFilled(contentDir, translations, content);
  const unresolvedKeys = translations.unresolvedKeys();
  if (unresolvedKeys.length > 0) assertTextsExist(contentDir, content, unresolvedKeys);
  if (options.strict) assertComplete(contentDir, content, translations.missingByLanguage, unresolvedKeys);
}

/** Under --strict, before anything is drawn: every language has every text of the reference. */
export function checkTranslationsComplete(contentDir: string, content: Content, translations: Translations) {
  assertComplete(contentDir, content, translations.missingByLanguage, []);
}

/**
 * The sitemap and robots.txt, each page dated by the content files it read; through the result
 * cache when there is one, keyed by the routes, the origin and the dates (the sitemap library then
 * loads only when one of them changed).
 */
export async function buildSeoFiles(
  routeTable: RouteTable,
  origin: string,
  pages: Pick<RenderedPage, 'route' | 'sources'>[],
  dates: ContentDates,
  cache?: ResultCache,
): Promise<OutputFile[]> {
  const lastModified = pageLastModified(pages, dates);
  const key = cache?.keyOf(
    'sitemap',
    origin,
    JSON.stringify({ languages: routeTable.languages, routes: routeTable.routes, lastModified }),
  );
  const kept = (key === undefined ? undefined : await cache!.get(key)) as OutputFile[] | undefined;
  if (
    Array.isArray(kept) &&
    kept.every((file) => typeof file?.path === 'string' && typeof file.contents === 'string')
  )
    return kept;
  const files = await buildSitemap(routeTable, origin, lastModified);
  if (key !== undefined) cache!.hold(key, files);
  return files;
}

/** Every host's rule files, from the route table, the settings and the assets (inline script hashes, asset paths). */
export function buildHostRules(routeTable: RouteTable, site: SiteSettings, assets: Assets): OutputFile[] {
  return buildHostingFiles(
    createHostingRules({
      routeTable,
      site,
      inlineScriptHashes: Object.values(assets.inlineScripts).map((script) => script.cspHash),
      assetPaths: [...new Set([...assets.files.map((file) => `/${file.path}`), ...imagePaths(assets)])],
      hostFiles: hostConfigFiles,
    }),
  );
}

/** Every file the pictures name, encoded yet or not (dev encodes a photo's files on request). */
function imagePaths(assets: Assets): string[] {
  return Object.values(assets.images).flatMap((image) => [
    image.src,
    ...[image.srcset, ...(image.sources ?? []).map((source) => source.srcset)].flatMap(
      (srcset) => srcset?.split(', ').map((candidate) => candidate.split(' ')[0]) ?? [],
    ),
  ]);
}

/** The file of a text key in a language, for a key that has no line of its own there. */
function textFile(contentDir: string, language: Language, key: string): string {
  return path.join(contentDir, textFileOf(language, textNamespace(key)));
}

/** A `{{name}}` nobody fills would reach the page verbatim: always an error, at the text that holds it. */
function assertPlaceholdersFilled(contentDir: string, translations: Translations, content: Content) {
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
  const problems = unresolved.map((key) => {
    const file = textFileOf(defaultLanguage, textNamespace(key));
    const near = nearestText(content.textLocations[defaultLanguage], key);
    return new SiteError({
      code: 'TEXT_MISSING_REFERENCE',
      message: `No language has the text "${key}", which a page shows`,
      location: near?.location ?? { file: textFile(contentDir, defaultLanguage, key) },
      // The catalogue's hint is general; this one names the key, and the item it belongs to.
      hint: near
        ? `Add ${key.slice(near.parent.length + 1)}: to ${near.parent} (at this line) in ${file}, the reference, then to every other language.`
        : `Add ${key} to ${file} (the reference), then to every other language.`,
    });
  });
  throw new SiteError({
    code: 'TEXT_MISSING_REFERENCE',
    message: `${problems.length} text${problems.length === 1 ? '' : 's'} that pages show exist${problems.length === 1 ? 's' : ''} in no language; nothing was written.`,
    hint: `Add ${problems.length === 1 ? 'it' : 'them'} to the ${defaultLanguage} texts (the reference) and, ideally, to every language.`,
    problems,
  });
}

/**
 * The first written text of the nearest block that holds `key` (`home.features.items.0` for
 * `home.features.items.0.text`): where a missing field of a list item, or a new plan's text, goes.
 * A top-level block (a whole file) is too far to point at.
 */
function nearestText(
  locations: Record<string, SourceLocation>,
  key: string,
): { parent: string; location: SourceLocation } | undefined {
  const parts = key.split('.');
  for (let depth = parts.length - 1; depth >= 2; depth--) {
    const parent = parts.slice(0, depth).join('.');
    const inside = Object.entries(locations)
      .filter(([other, location]) => other.startsWith(`${parent}.`) && location.line !== undefined)
      .sort(([, a], [, b]) => a.line! - b.line!);
    if (inside.length > 0) return { parent, location: inside[0][1] };
  }
  return undefined;
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
