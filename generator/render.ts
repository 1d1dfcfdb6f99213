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
import type { Content } from './content.ts';
import { SiteError } from './errors.ts';
import type { Translations } from './i18n.ts';
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
}

export function renderPage(route: Route, input: RenderInput): RenderedPage {
  const translator = input.translations.translators[route.language];
  const ctx: PageContext = {
    route,
    routeTable: input.routeTable,
    translator,
    t: translator.t,
    content: input.content,
    assets: input.assets,
    origin: input.origin,
    year: input.year,
    socialImages: input.socialImages,
    icons: input.icons,
  };
  try {
    const html = renderToStaticMarkup(createElement(pageComponents[route.page], { ctx }));
    return { route, path: route.file, contents: `<!doctype html>${html}` };
  } catch (error) {
    const page = `${route.path} (${route.page}, ${route.language})`;
    if (error instanceof SiteError) {
      throw new SiteError({ code: error.code, message: `${error.message} (rendering ${page})`, location: error.location, hint: error.hint, problems: error.problems });
    }
    // Content is validated before rendering, so anything else is a bug in a template: keep its stack.
    throw new Error(`Rendering ${page} failed`, { cause: error });
  }
}

/** Renders every route; content problems found on several pages are reported together. */
export function renderPages(input: RenderInput): RenderedPage[] {
  const pages: RenderedPage[] = [];
  const problems: SiteError[] = [];
  for (const route of input.routeTable.routes) {
    try {
      pages.push(renderPage(route, input));
    } catch (error) {
      if (!(error instanceof SiteError)) throw error;
      problems.push(error);
    }
  }
  if (problems.length > 0) {
    throw new SiteError({ code: 'RENDER_FAILED', message: `${problems.length} page${problems.length === 1 ? '' : 's'} could not be rendered; nothing was written.`, problems });
  }
  return pages;
}
