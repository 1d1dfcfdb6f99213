/**
 * The page registry: one entry per page type, the one place a page type is declared.
 * The route table (which pages have a slug in content/slugs.yaml), the text files the
 * content must have, each page's title and description, its scripts and the header
 * navigation all read it; templates/pages/index.tsx must give every id a component,
 * or the compiler names the one missing.
 *
 * Adding a page type: an entry here, its slug per language in content/slugs.yaml, its
 * template in templates/pages/ (listed in templates/pages/index.tsx) and its text file
 * texts/<language>/<texts>.yaml with `meta.title` and `meta.description`.
 */

export interface PageType {
  /**
   * Where its paths come from: `slugs`, one slug per language in content/slugs.yaml;
   * `routeTable`, made by the route table itself (the forwarding pages, the not-found
   * pages, and the default language's own pages, whose slugs are under
   * `defaultLanguageOnly` in content/slugs.yaml).
   */
  paths: 'slugs' | 'routeTable';
  /** The text file (texts/<language>/<name>.yaml) whose `meta.title` and `meta.description` describe the page; the default language must have it. */
  texts?: string;
  /** Other text files its template reads, which the default language must have as well. */
  moreTexts?: readonly string[];
  /** Browser scripts (client/<name>.ts) it loads besides `main`, which every page loads. */
  scripts?: readonly string[];
  /** Listed in the header navigation, in the order of this registry, under `common.nav.<id>`. */
  inHeader?: boolean;
}

export const pageTypes = {
  home: { paths: 'slugs', texts: 'home', inHeader: true },
  about: { paths: 'slugs', texts: 'about', inHeader: true },
  subscriptions: { paths: 'slugs', texts: 'subscriptions', inHeader: true },
  coverage: { paths: 'slugs', texts: 'coverage', inHeader: true },
  cockpit: { paths: 'slugs', texts: 'cockpit', inHeader: true },
  partnership: {
    paths: 'slugs',
    texts: 'partnership',
    moreTexts: ['forms'],
    scripts: ['forms'],
    inHeader: true,
  },
  legal: { paths: 'slugs', texts: 'legal', scripts: ['legal'], inHeader: true },
  contact: { paths: 'slugs', texts: 'contact', moreTexts: ['forms'], scripts: ['forms'], inHeader: true },
  esim: { paths: 'slugs', texts: 'esim' },
  /** The cookie policy in the default language (slugs.yaml `defaultLanguageOnly.cookiePolicy`); its title and text are content/cookie-policy.yaml. */
  cookiePolicy: { paths: 'routeTable' },
  /** `/privacy/` (slugs.yaml `defaultLanguageOnly.privacyRedirect`) forwards to the privacy policy on the legal page. */
  privacyRedirect: { paths: 'routeTable' },
  /** A former slug (content/slugs.yaml `former:`) forwards to the page's path. */
  moved: { paths: 'routeTable' },
  notFound: { paths: 'routeTable', texts: 'notFound', scripts: ['notFound'] },
} as const satisfies Record<string, PageType>;

export type PageId = keyof typeof pageTypes;

/** The ids of the registry, in its order. */
export const pageIds = Object.keys(pageTypes) as PageId[];

type IdsWhere<Condition> = { [Id in PageId]: (typeof pageTypes)[Id] extends Condition ? Id : never }[PageId];

/** The pages whose slug in each language is content (content/slugs.yaml). */
export type SlugPageId = IdsWhere<{ paths: 'slugs' }>;
export const slugPageIds = pageIds.filter((id): id is SlugPageId => pageTypes[id].paths === 'slugs');

/** The pages whose title and description are `<texts>.meta.title` and `<texts>.meta.description`. */
export type TextsPageId = IdsWhere<{ texts: string }>;

/** The text file of a page with one; undefined for the pages whose title comes from elsewhere. */
export function textsOf(page: PageId): string | undefined {
  const type: PageType = pageTypes[page];
  return type.texts;
}

/** The entries of the header navigation, in order. */
export type HeaderPageId = IdsWhere<{ inHeader: true }>;
export const headerPageIds = pageIds.filter(
  (id): id is HeaderPageId => (pageTypes[id] as PageType).inHeader === true,
);

/** The scripts a page loads: `main` on every page, then its own. */
export function scriptsFor(page: PageId): string[] {
  const type: PageType = pageTypes[page];
  return ['main', ...(type.scripts ?? [])];
}

/** The text files the default language must have: `common` (header, footer, banner) and each page type's. */
export const requiredTextFiles: readonly string[] = [
  ...new Set([
    'common',
    ...pageIds.flatMap((id) => {
      const type: PageType = pageTypes[id];
      return [...(type.texts ? [type.texts] : []), ...(type.moreTexts ?? [])];
    }),
  ]),
];
