/** What every template receives: the route being rendered and the build's data. */
import type { Content } from '../generator/content/load.ts';
import type { Route, RouteTable } from '../generator/model/routeTable.ts';
import type { Assets, SiteIcons, SocialImages } from '../generator/model/builtAssets.ts';
import type { Translator } from '../generator/model/translator.ts';

export interface PageContext {
  route: Route;
  routeTable: RouteTable;
  translator: Translator;
  /** Shorthand for translator.t. */
  t: Translator['t'];
  content: Content;
  assets: Assets;
  /** Public origin without trailing slash, from the settings or --base-url. */
  origin: string;
  /** Copyright year, fixed per build. */
  year: number;
  /** Preview image paths per page and language. */
  socialImages: Pick<SocialImages, 'pathOf'>;
  icons: Pick<SiteIcons, 'links' | 'manifest'>;
}

export interface PageProps {
  ctx: PageContext;
}
