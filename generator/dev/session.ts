/**
 * The site as `site dev` holds it: the last good output in memory, and rebuilds
 * that redo only what a plan names. A text edit re-renders the pages that read the
 * file; a stylesheet or script edit rebuilds that asset and puts its new hashed
 * path into the pages; a template edit renders every page with the new template
 * code. The stages are the build's own (build/stages.ts; the render stage from the
 * template bundle), so the output is the output of a fresh `site build` of the same content.
 *
 * A rebuild that fails throws and changes nothing: the last good output stays.
 */
import {
  assembleAssets,
  buildInlineScripts,
  buildScripts,
  buildStylesheet,
  type AssetParts,
} from '../build/assets.ts';
import { createImageCache, type ImageCache } from '../build/imageCache.ts';
import { encodePlanned, type PlannedImageBuild } from '../build/pictures.ts';
import type { RenderedPage } from '../build/render.ts';
import {
  assertPublishedPathsKept,
  assetInputOf,
  buildHostRules,
  buildSeoFiles,
  checkShownTexts,
  defaultImageCacheDir,
  drawIcons,
  drawSocialImages,
  encodeImages,
  iconDescriptionOf,
  loadSiteContent,
  publishedPathsRecord,
  routeTableOf,
  siteOrigin,
  translationsOf,
} from '../build/stages.ts';
import type { Translations } from '../build/translations.ts';
import type { Content } from '../content/load.ts';
import type { SiteError } from '../errors/siteError.ts';
import { readContentDates } from '../content/contentDates.ts';
import type { YamlDocumentCache } from '../content/yamlReader.ts';
import type { Assets, OutputFile, SiteIcons, SocialImages } from '../model/builtAssets.ts';
import type { RouteTable } from '../model/routeTable.ts';
import { pagesReading, type RebuildPlan } from './planner.ts';
import { createTextMarker, markLegalTexts, placeMarks } from './editor/marks.ts';
import type { TemplateCode } from './templateCode.ts';

export type OutputContents = string | Uint8Array;

export interface DevSessionOptions {
  contentDir: string;
  clientDir: string;
  templateCode: TemplateCode;
  /** Drawn images shared with `site build`: read and written, never pruned (a build decides what it keeps). Default: the build's cache. */
  imageCache?: ImageCache;
  /** Put each text's content key on the element that shows it, for the editor (dev/editor/marks.ts). */
  markTexts?: boolean;
  /** The folder `site build` fills: an address its last build published must keep answering, as in the build. */
  publishedDir?: string;
}

export interface RebuildResult {
  /** Output files added, changed or removed. */
  changedFiles: string[];
  /** Pages (output `.html` files) whose HTML changed. */
  changedPages: string[];
  /** Pages rendered by the rebuild (the others only had an asset path replaced, or nothing). */
  renderedPages: number;
  /** Set when the plan touched only the stylesheet: its new path, for tabs to swap in place. */
  stylesheet?: string;
  /** What `site build` would warn about in content read anew (a number grouped otherwise than 3'000); none when no content was read. */
  notices: SiteError[];
}

interface SiteState {
  content: Content;
  translations: Translations;
  routeTable: RouteTable;
  origin: string;
  year: number;
  parts: AssetParts;
  assets: Assets;
  icons: SiteIcons;
  iconInputs: string;
  socialImages: SocialImages;
  pages: Map<string, RenderedPage>;
  hostingFiles: OutputFile[];
  seoFiles: OutputFile[];
}

export interface DevSession {
  /** The last good output by path; empty before the first good build. */
  readonly output: ReadonlyMap<string, OutputContents>;
  /** Rebuilds what the plan needs before a tab may reload: pages, assets, host rules. */
  rebuild(plan: RebuildPlan): Promise<RebuildResult>;
  /**
   * What no page shows directly and can follow the reload: the social preview
   * images and the sitemap. Returns the output files it changed, or undefined when
   * a rebuild committed meanwhile (its work is stale; finish again).
   */
  finish(plan: RebuildPlan): Promise<string[] | undefined>;
  /**
   * A photo's encoding by output path (`assets/images/vision-720.3f2a9c1b7d.avif`), made when
   * first asked for (then cached): the pages name every width and format, and a save never waits
   * for them all. Undefined for any other path.
   */
  photo(file: string): Promise<Uint8Array> | undefined;
}

/** What the pages see of the assets, icons and origin: when it changes, every page is rendered. */
function pageFacing(
  state: Pick<SiteState, 'assets' | 'icons' | 'origin' | 'routeTable'>,
  skipPaths: boolean,
): string {
  const { files: _assetFiles, stylesheet, scripts, ...assets } = state.assets;
  const { files: _iconFiles, ...icons } = state.icons;
  return JSON.stringify({
    assets,
    icons,
    origin: state.origin,
    routes: state.routeTable.routes,
    paths: skipPaths ? undefined : { stylesheet, scripts },
  });
}

/** Old asset path to new, for assets whose content (so whose hashed name) changed. */
function movedAssets(before: Assets, after: Assets): [string, string][] {
  const moved: [string, string][] = [];
  if (before.stylesheet !== after.stylesheet) moved.push([before.stylesheet, after.stylesheet]);
  for (const [entry, url] of Object.entries(before.scripts))
    if (after.scripts[entry] && after.scripts[entry] !== url) moved.push([url, after.scripts[entry]]);
  return moved;
}

function outputOf(state: SiteState): Map<string, OutputContents> {
  const files: OutputFile[] = [
    ...state.pages.values(),
    ...state.assets.files,
    ...state.socialImages.files,
    ...state.icons.files,
    ...state.seoFiles,
    ...state.hostingFiles,
    publishedPathsRecord(state.routeTable),
  ];
  return new Map(files.map((file) => [file.path, file.contents]));
}

function sameContents(a: OutputContents | undefined, b: OutputContents | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return Buffer.from(a).equals(Buffer.from(b));
}

export function changedBetween(
  before: ReadonlyMap<string, OutputContents>,
  after: ReadonlyMap<string, OutputContents>,
): string[] {
  const changed = new Set<string>();
  for (const [file, contents] of after) if (!sameContents(before.get(file), contents)) changed.add(file);
  for (const file of before.keys()) if (!after.has(file)) changed.add(file);
  return [...changed].sort();
}

export function createDevSession(options: DevSessionOptions): DevSession {
  const { contentDir, clientDir, templateCode } = options;
  const imageCache = options.imageCache ?? createImageCache(defaultImageCacheDir);
  // A save parses only the file whose text changed.
  const documents: YamlDocumentCache = new Map();
  const marker = options.markTexts ? createTextMarker() : undefined;
  let state: SiteState | undefined;
  let output = new Map<string, OutputContents>();
  const cockpitPathOf = (content: Content, routeTable: RouteTable) =>
    routeTable.pathOf('cockpit', content.languages.default);

  async function rebuild(plan: RebuildPlan): Promise<RebuildResult> {
    const previous = state;
    if (plan.templates) templateCode.invalidate();
    const modules = await templateCode.load();
    const contentChanged = !previous || plan.contentFiles.length > 0;

    const content = contentChanged ? await loadSiteContent(contentDir, documents) : previous.content;
    const year = new Date().getFullYear();
    const origin = siteOrigin(content);
    const routeTable = contentChanged ? routeTableOf(content) : previous.routeTable;
    // Read again on every content change: a `site build` may have published since.
    if (contentChanged)
      await assertPublishedPathsKept(contentDir, content.formerSlugs, routeTable, options.publishedDir);
    // Rendering records unknown placeholders in the translations: new texts or templates start afresh.
    const translations = contentChanged || plan.templates ? translationsOf(content) : previous.translations;

    // Assets: only the parts whose inputs changed.
    const input = assetInputOf(content, routeTable, { clientDir });
    // The inline first-visit script holds the cockpit's path: a changed cockpit slug rebuilds it.
    const cockpitMoved =
      previous !== undefined && cockpitPathOf(previous.content, previous.routeTable) !== input.cockpitPath;
    const colours = (c: Content) => JSON.stringify([c.site, c.zones]);
    const imagesChanged =
      !previous ||
      plan.contentFiles.some((file) => file === '*' || file.startsWith('images/')) ||
      JSON.stringify(previous.content.images) !== JSON.stringify(content.images);
    const [stylesheet, scripts, images, inlineScripts] = await Promise.all([
      !previous || plan.styles || colours(previous.content) !== colours(content)
        ? buildStylesheet(input)
        : previous.parts.stylesheet,
      !previous || plan.scripts ? buildScripts(input) : previous.parts.scripts,
      imagesChanged
        ? encodeImages(content, contentDir, imageCache, { encode: false })
        : previous.parts.images,
      !previous || plan.scripts || cockpitMoved ? buildInlineScripts(input) : previous.parts.inlineScripts,
    ]);
    const parts: AssetParts = { stylesheet, scripts, images, inlineScripts };
    const assets = assembleAssets(parts);

    const iconInputs = JSON.stringify([content.site, iconDescriptionOf(content, translations)]);
    const icons =
      !previous || plan.templates || iconInputs !== previous.iconInputs
        ? await drawIcons(content, translations, imageCache, modules)
        : previous.icons;
    // Preview images follow the reload (finish); their paths, which pages show, never change.
    const socialImages =
      previous?.socialImages ?? (await drawSocialImages(content, routeTable, translations, imageCache));

    const next: SiteState = {
      content,
      translations,
      routeTable,
      origin,
      year,
      parts,
      assets,
      icons,
      iconInputs,
      socialImages,
      pages: new Map(),
      hostingFiles: [],
      seoFiles: previous?.seoFiles ?? [],
    };

    // Pages: every one when something every page shows changed, else those that read a changed file.
    const renderAll =
      !previous ||
      plan.templates ||
      year !== previous.year ||
      JSON.stringify(content.site) !== JSON.stringify(previous.content.site) ||
      pageFacing(next, true) !== pageFacing(previous, true);
    const previousPages = previous ? [...previous.pages.values()] : [];
    const toRender = new Set(
      renderAll
        ? routeTable.routes.map((route) => route.file)
        : pagesReading(previousPages, plan.contentFiles).map((page) => page.route.file),
    );
    const renderInput = { content, routeTable, translations, assets, origin, year, socialImages, icons };
    const markText = marker?.mark;
    const markedContent = marker && markLegalTexts(content, marker.mark);
    const render = (route: (typeof routeTable.routes)[number]) => {
      const page = modules.renderPage(route, { ...renderInput, content: markedContent ?? content, markText });
      return marker ? { ...page, contents: placeMarks(page.contents, marker.keys) } : page;
    };
    const moved = previous ? movedAssets(previous.assets, assets) : [];
    for (const route of routeTable.routes) {
      const old = previous?.pages.get(route.file);
      if (!old || toRender.has(route.file)) {
        next.pages.set(route.file, render(route));
      } else {
        // A new hashed asset path is the only change: put it in place of the old one.
        let contents = old.contents;
        for (const [from, to] of moved) contents = contents.replaceAll(from, to);
        next.pages.set(route.file, { ...old, route, contents });
      }
    }
    const rendered = renderAll
      ? routeTable.routes.length
      : routeTable.routes.filter((route) => toRender.has(route.file) || !previous?.pages.has(route.file))
          .length;
    // The build's own check of what the pages show: dev refuses what build refuses.
    checkShownTexts(contentDir, content, translations);
    next.hostingFiles = buildHostRules(routeTable, content.site, assets);

    // The preview images and sitemap as they are now: finish may have renewed them while this ran.
    next.socialImages = state?.socialImages ?? next.socialImages;
    next.seoFiles = state?.seoFiles ?? [];
    const nextOutput = outputOf(next);
    const changedFiles = changedBetween(output, nextOutput);
    state = next;
    output = nextOutput;
    const stylesOnly =
      previous && plan.styles && !plan.scripts && !plan.templates && plan.contentFiles.length === 0;
    return {
      changedFiles,
      changedPages: changedFiles.filter((file) => file.endsWith('.html') && nextOutput.has(file)),
      renderedPages: rendered,
      stylesheet: stylesOnly ? assets.stylesheet : undefined,
      notices: contentChanged ? content.notices : [],
    };
  }

  async function finish(plan: RebuildPlan): Promise<string[] | undefined> {
    const current = state;
    if (!current) return [];
    const contentChanged = plan.contentFiles.length > 0;
    if (!contentChanged && !plan.templates && current.seoFiles.length > 0) return [];
    const socialImages =
      contentChanged || plan.templates
        ? await drawSocialImages(current.content, current.routeTable, current.translations, imageCache)
        : current.socialImages;
    const dates = await readContentDates(contentDir);
    const seoFiles = await buildSeoFiles(
      current.routeTable,
      current.origin,
      [...current.pages.values()],
      dates,
    );
    // A rebuild committed meanwhile: its pages may read other content; these results are stale.
    if (state !== current) return undefined;
    state = { ...current, socialImages, seoFiles };
    const nextOutput = outputOf(state);
    const changed = changedBetween(output, nextOutput);
    output = nextOutput;
    return changed;
  }

  return {
    get output() {
      return output;
    },
    rebuild,
    finish,
    photo(file) {
      const encoding = (state?.parts.images as PlannedImageBuild | undefined)?.encodings.get(file);
      return encoding && encodePlanned(encoding, imageCache);
    },
  };
}
