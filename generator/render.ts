/**
 * Stage 5: every route of the table rendered with React on the server into a
 * complete HTML document. React runs here only; the browser gets static HTML.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { pageComponents } from '../templates/pages/index.tsx';
import type { PageContext } from '../templates/context.ts';
import type { Assets } from './assets.ts';
import type { SiteIcons } from './icons.ts';
import type { SocialImages } from './social.ts';
import { contentFileOf, imageFileOf, textFileOf, type Content } from './content.ts';
import { textNamespace, type Translations, type Translator } from './i18n.ts';
import type { Route, RouteTable } from './routes.ts';
import type { OutputFile } from './writer.ts';

export interface RenderInput {
  content: Content;
  routeTable: RouteTable;
  translations: Translations;
  assets: Assets;
  origin: string;
  year: number;
  socialImages: SocialImages;
  icons: SiteIcons;
}

export interface RenderedPage extends OutputFile {
  route: Route;
  contents: string;
  /** The content files the page read, relative to the content folder, e.g. `texts/de/home.yaml`: its sitemap date comes from them. */
  sources: string[];
}

/**
 * The page's view of the build's data, noting which content files it reads: the
 * texts it looks up (and the Italian ones they fall back to), the parts of the
 * content it touches and the images it shows. Recorded, not listed by hand, so a
 * template that starts reading a file dates its page by it at once.
 */
function recordingInputs(route: Route, input: RenderInput, sources: Set<string>) {
  const { language } = route;
  const base = input.translations.translators[language];
  const noteText = (key: string) => {
    const namespace = textNamespace(key);
    sources.add(textFileOf(language, namespace));
    sources.add(textFileOf(input.routeTable.languages.default, namespace));
  };
  const translator: Translator = {
    ...base,
    t(key, values) {
      noteText(key);
      return base.t(key, values);
    },
    indices(key) {
      noteText(key);
      return base.indices(key);
    },
  };
  const content = new Proxy(input.content, {
    get(target, part: keyof Content) {
      const file = contentFileOf(part, language);
      if (file) sources.add(file);
      return target[part];
    },
  });
  const images = new Proxy(input.assets.images, {
    get(target, name: string) {
      if (name in target) sources.add(imageFileOf(name));
      return target[name];
    },
  });
  return { translator, content, assets: { ...input.assets, images } };
}

export function renderPage(route: Route, input: RenderInput): RenderedPage {
  const sources = new Set<string>();
  const { translator, content, assets } = recordingInputs(route, input, sources);
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
    return { route, path: route.file, contents: `<!doctype html>${html}`, sources: [...sources].sort() };
  } catch (error) {
    // Content is validated before rendering, so a template that throws is a bug: keep its stack, name the page.
    throw new Error(`Rendering ${route.path} (${route.page}, ${route.language}) failed`, { cause: error });
  }
}

export function renderPages(input: RenderInput): RenderedPage[] {
  return input.routeTable.routes.map((route) => renderPage(route, input));
}
