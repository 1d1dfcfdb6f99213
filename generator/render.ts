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
    // Content is validated before rendering, so a template that throws is a bug: keep its stack, name the page.
    throw new Error(`Rendering ${route.path} (${route.page}, ${route.language}) failed`, { cause: error });
  }
}

export function renderPages(input: RenderInput): RenderedPage[] {
  return input.routeTable.routes.map((route) => renderPage(route, input));
}
