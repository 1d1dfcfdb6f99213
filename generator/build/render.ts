/**
 * Stage 5: every route of the table rendered with React on the server into a
 * complete HTML document. React runs here only; the browser gets static HTML.
 */
import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AppIcon } from '../../templates/logos.tsx';
import { pageComponents } from '../../templates/pages/index.tsx';
import type { PageContext } from '../../templates/context.ts';
import { contentFileOf, imageFileOf, textFileOf, type Content } from '../content/load.ts';
import { textNamespace, type Translations } from './translations.ts';
import type { Route, RouteTable } from '../model/routeTable.ts';
import type { Assets, SiteIcons, SocialImages, OutputFile } from '../model/builtAssets.ts';
import type { Translator } from '../model/translator.ts';

// The weekday names the templates made, kept by the pipeline between builds (templates/format.ts).
export { knowWeekdayNames, weekdayNamesKnown } from '../../templates/format.ts';

export interface RenderInput {
  content: Content;
  routeTable: RouteTable;
  translations: Translations;
  assets: Assets;
  origin: string;
  year: number;
  socialImages: SocialImages;
  icons: SiteIcons;
  /** `site dev`'s editor only: marks each looked-up text with its key (see dev/editor/marks.ts). A build never sets it. */
  markText?: (key: string, text: string) => string;
}

export interface RenderedPage extends OutputFile {
  route: Route;
  contents: string;
  /** The content files the page read, relative to the content folder, e.g. `texts/de/home.yaml`: its sitemap date comes from them. */
  sources: string[];
  /** The text keys the page asked for (texts, lists, groups), in the order first asked. */
  keys: string[];
}

/** A key's text file namespace, worked out once per key for the whole build rather than on every lookup. */
function namespaceLookup(): (key: string) => string {
  const namespaces = new Map<string, string>();
  return (key) => {
    let namespace = namespaces.get(key);
    if (namespace === undefined) namespaces.set(key, (namespace = textNamespace(key)));
    return namespace;
  };
}

/**
 * The page's view of the build's data, noting which content files it reads: the
 * texts it looks up (and the default language's they fall back to), the parts of the
 * content it touches and the images it shows. Recorded, not listed by hand, so a
 * template that starts reading a file dates its page by it at once.
 */
function recordingInputs(route: Route, input: RenderInput, namespaceOf: (key: string) => string) {
  const { language } = route;
  const base = input.translations.translators[language];
  const namespaces = new Set<string>();
  const keys = new Set<string>();
  const parts = new Set<keyof Content>();
  const images = new Set<string>();
  const translator: Translator = {
    ...base,
    t(key, values) {
      keys.add(key);
      namespaces.add(namespaceOf(key));
      const text = base.t(key, values);
      return input.markText ? input.markText(key, text) : text;
    },
    indices(key) {
      keys.add(key);
      namespaces.add(namespaceOf(key));
      return base.indices(key);
    },
  };
  const content = new Proxy(input.content, {
    get(target, part: keyof Content) {
      parts.add(part);
      return target[part];
    },
  });
  const imageAssets = new Proxy(input.assets.images, {
    get(target, name: string) {
      if (name in target) images.add(name);
      return target[name];
    },
  });
  const sources = () => {
    const files = new Set<string>();
    for (const namespace of namespaces)
      files
        .add(textFileOf(language, namespace))
        .add(textFileOf(input.routeTable.languages.default, namespace));
    for (const part of parts) {
      const file = contentFileOf(part, language);
      if (file) files.add(file);
    }
    for (const name of images) files.add(imageFileOf(name));
    return [...files].sort();
  };
  return {
    translator,
    content,
    assets: { ...input.assets, images: imageAssets },
    sources,
    keys: () => [...keys],
  };
}

export function renderPage(route: Route, input: RenderInput, namespaceOf = namespaceLookup()): RenderedPage {
  const { translator, content, assets, sources, keys } = recordingInputs(route, input, namespaceOf);
  const ctx: PageContext = {
    route,
    routeTable: input.routeTable,
    translator,
    t: translator.t,
    content,
    assets,
    origin: input.origin,
    year: input.year,
    socialImages: input.socialImages,
    icons: input.icons,
  };
  try {
    const html = renderToStaticMarkup(createElement(pageComponents[route.page], { ctx }));
    return { route, path: route.file, contents: `<!doctype html>${html}`, sources: sources(), keys: keys() };
  } catch (error) {
    // Content is validated before rendering, so a template that throws is a bug: keep its stack, name the page.
    throw new Error(`Rendering ${route.path} (${route.page}, ${route.language}) failed`, { cause: error });
  }
}

/** A page once written: where it came from and what it read, without its HTML. */
export interface WrittenPage {
  route: Route;
  path: string;
  sources: string[];
  keys: string[];
  bytes: number;
  /** The SHA-256 of its HTML, for the next build to know the file it may reuse. */
  sha256: string;
}

/**
 * Renders every route's page in turn and hands each to `write` at once, so a
 * page's HTML is garbage as soon as it is written: with a hundred times the
 * content, holding every page until the end made garbage collection a third of
 * the build. `reuse` may hand back a page the previous build wrote, which is then
 * not rendered (incremental.ts).
 */
export async function renderPages(
  input: RenderInput,
  write: (page: RenderedPage) => Promise<void>,
  reuse?: (route: Route) => Promise<WrittenPage | undefined>,
): Promise<WrittenPage[]> {
  const namespaceOf = namespaceLookup();
  const written: WrittenPage[] = [];
  for (const route of input.routeTable.routes) {
    const reused = await reuse?.(route);
    if (reused) {
      written.push(reused);
      continue;
    }
    const page = renderPage(route, input, namespaceOf);
    await write(page);
    written.push({
      route: page.route,
      path: page.path,
      sources: page.sources,
      keys: page.keys,
      bytes: Buffer.byteLength(page.contents),
      sha256: createHash('sha256').update(page.contents).digest('hex'),
    });
  }
  return written;
}

/** The brand mark in a colour, as an SVG document: the favicon, and the drawing of the app icons. */
export function renderAppIcon(colour: string): string {
  return renderToStaticMarkup(createElement(AppIcon, { colour }));
}
