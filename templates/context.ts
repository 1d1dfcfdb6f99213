/** What every template receives: the route being rendered and the build's data. */
import type { Assets } from '../generator/build/assets.ts';
import type { Content } from '../generator/content/load.ts';
import type { SiteIcons } from '../generator/build/icons.ts';
import type { SocialImages } from '../generator/build/social.ts';
import type { Translator } from '../generator/build/translations.ts';
import type { Route, RouteTable } from '../generator/model/routeTable.ts';

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
