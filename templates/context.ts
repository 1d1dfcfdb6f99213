/** What every template receives: the route being rendered and the build's data. */
import type { Assets } from '../generator/assets.ts';
import type { Content } from '../generator/content.ts';
import type { SiteIcons } from '../generator/icons.ts';
import type { SocialImages } from '../generator/social.ts';
import type { Translator } from '../generator/i18n.ts';
import type { Route, RouteTable } from '../generator/routes.ts';

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
