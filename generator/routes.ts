/**
 * The route table: every page x language path of the site, and the single source
 * of truth for links, the language switcher, hreflang, the sitemap and the host
 * rules. Paths end with a slash because every page is written as a folder with
 * an index.html, which is the URL every static host serves without a redirect.
 */
import { SiteError } from './errors.ts';
import { perLanguage as perLanguageOf, type Language, type SiteLanguages } from './languages.ts';
import { slugPageIds, type PageId, type SlugPageId } from './pages.ts';

export type { PageId, SlugPageId } from './pages.ts';
export { slugPageIds } from './pages.ts';

/** The pages with a slug per language and one path per language; the cockpit and legal pages add paths of their own below. */
export type LocalizedPageId = Exclude<SlugPageId, 'cockpit' | 'legal'>;
export const localizedPageIds = slugPageIds.filter((page): page is LocalizedPageId => page !== 'cockpit' && page !== 'legal');

export const legalSections = ['tariffs', 'privacy', 'cookie'] as const;
export type LegalSectionId = (typeof legalSections)[number];

/** The URL slugs per page and language; '' is the language's home. */
export type PageSlugs = Record<SlugPageId, Record<Language, string>>;

/** Slugs a page had before, per language: `{ about: { it: ['azienda'] } }`. */
export type FormerSlugs = Partial<Record<SlugPageId, Record<Language, string[]>>>;

/** The slugs and languages the route table is made from, all content. */
export interface RouteInput {
  languages: SiteLanguages;
  slugs: PageSlugs;
  formerSlugs?: FormerSlugs;
}

export interface Route {
  page: PageId;
  language: Language;
  /** The URL path at which the file is served, e.g. `/en/about/`. */
  path: string;
  /** The output file, relative to the output folder, e.g. `en/about/index.html`. */
  file: string;
  /** Path of the canonical URL; undefined for the not-found pages. */
  canonicalPath?: string;
  /** Listed in the sitemap. Duplicates (`/it/`, `/legal/tariffs/`) point their canonical elsewhere instead. */
  indexable: boolean;
  /** `noindex` for pages that must never appear in search results. */
  noindex: boolean;
  /** hreflang alternates: language to path; empty for a page in one language only. */
  alternates: Partial<Record<Language, string>>;
  /** Where each language button of this page leads. */
  languageLinks: Record<Language, string>;
  /** The legal accordion open on load. */
  legalSection?: LegalSectionId;
  /** Where a forwarding page sends the visitor. */
  redirectTo?: string;
}

export interface RouteTable {
  routes: Route[];
  /** The languages every route is made for; the first has no path prefix. */
  languages: SiteLanguages;
  /**
   * The path of a page in a language, for links. The cookie policy is one Italian page; in
   * another language it is the cookie section of that language's legal page.
   */
  pathOf(page: SlugPageId | 'cookiePolicy' | 'notFound', language: Language): string;
  legalSectionPath(section: LegalSectionId, language: Language): string;
}

/** `/` + optional language prefix + slug + `/`; the default language has no prefix. */
export function localizedPath(language: Language, slug: string, defaultLanguage: Language): string {
  const segments = [language === defaultLanguage ? '' : language, slug].filter(Boolean);
  return segments.length === 0 ? '/' : `/${segments.join('/')}/`;
}

/** `/en/about/` is written to `en/about/index.html`; `/404.html` to `404.html`. */
export function fileForPath(urlPath: string): string {
  if (urlPath.endsWith('.html')) return urlPath.slice(1);
  return `${urlPath.slice(1)}index.html`;
}

export function createRouteTable({ languages, slugs, formerSlugs = {} }: RouteInput): RouteTable {
  const defaultLanguage = languages.default;
  const perLanguage = <T,>(make: (language: Language) => T) => perLanguageOf(languages, make);
  const pathIn = (language: Language, slug: string) => localizedPath(language, slug, defaultLanguage);
  const routes: Route[] = [];
  const add = (route: Omit<Route, 'file' | 'noindex'> & { noindex?: boolean }) =>
    routes.push({ noindex: false, ...route, file: fileForPath(route.path) });

  const localized = (page: SlugPageId) => perLanguage((language) => pathIn(language, slugs[page][language]));
  const cockpitPaths = localized('cockpit');
  const legalPaths = localized('legal');
  const legalSectionPaths = (section: LegalSectionId) => perLanguage((language) => pathIn(language, `${slugs.legal[language]}/${section}`));
  const notFoundPaths = perLanguage((language) => (language === defaultLanguage ? '/404.html' : `/${language}/404.html`));
  const homePaths = localized('home');

  for (const page of localizedPageIds) {
    const paths = localized(page);
    for (const language of languages.codes) {
      add({ page, language, path: paths[language], canonicalPath: paths[language], indexable: true, alternates: paths, languageLinks: paths });
    }
  }
  // `/it/` is the default language's home under its explicit prefix: visiting it sets the language.
  add({ page: 'home', language: defaultLanguage, path: `/${defaultLanguage}/`, canonicalPath: homePaths[defaultLanguage], indexable: false, alternates: homePaths, languageLinks: homePaths });

  for (const language of languages.codes) {
    add({ page: 'cockpit', language, path: cockpitPaths[language], canonicalPath: cockpitPaths[language], indexable: true, alternates: cockpitPaths, languageLinks: cockpitPaths });
  }
  add({ page: 'cockpit', language: defaultLanguage, path: `/${defaultLanguage}${cockpitPaths[defaultLanguage]}`, canonicalPath: cockpitPaths[defaultLanguage], indexable: false, alternates: cockpitPaths, languageLinks: cockpitPaths });

  for (const language of languages.codes) {
    add({ page: 'legal', language, path: legalPaths[language], canonicalPath: legalPaths[language], indexable: true, alternates: legalPaths, languageLinks: legalPaths });
    for (const section of legalSections) {
      const sectionPaths = legalSectionPaths(section);
      add({ page: 'legal', language, path: sectionPaths[language], canonicalPath: legalPaths[language], indexable: false, alternates: legalPaths, languageLinks: sectionPaths, legalSection: section });
    }
  }
  add({ page: 'legal', language: defaultLanguage, path: pathIn(defaultLanguage, 'condizioni'), canonicalPath: legalPaths[defaultLanguage], indexable: false, alternates: legalPaths, languageLinks: legalPaths });

  // The cookie policy is in the default language only; its language buttons lead to the cookie section of each legal page.
  const cookieLinks = { ...legalSectionPaths('cookie'), [defaultLanguage]: pathIn(defaultLanguage, 'cookie-policy') };
  add({ page: 'cookiePolicy', language: defaultLanguage, path: cookieLinks[defaultLanguage], canonicalPath: cookieLinks[defaultLanguage], indexable: true, alternates: {}, languageLinks: cookieLinks });

  const privacyTarget = `${pathIn(defaultLanguage, 'condizioni')}#privacy-policy`;
  // The canonical is the final one (/condizioni/ itself points to /legal/): search engines do not follow chains.
  add({ page: 'privacyRedirect', language: defaultLanguage, path: pathIn(defaultLanguage, 'privacy'), canonicalPath: legalPaths[defaultLanguage], indexable: false, noindex: true, alternates: {}, languageLinks: legalSectionPaths('privacy'), redirectTo: privacyTarget });

  // A former slug forwards to the page's path: a 301 on every host with rules, this page's refresh elsewhere.
  for (const [page, perLanguage] of Object.entries(formerSlugs) as [SlugPageId, Record<Language, string[]>][]) {
    const paths = localized(page);
    for (const [language, oldSlugs] of Object.entries(perLanguage)) {
      for (const slug of oldSlugs) {
        add({ page: 'moved', language, path: pathIn(language, slug), canonicalPath: paths[language], indexable: false, noindex: true, alternates: {}, languageLinks: paths, redirectTo: paths[language] });
      }
    }
  }

  for (const language of languages.codes) {
    add({ page: 'notFound', language, path: notFoundPaths[language], indexable: false, noindex: true, alternates: {}, languageLinks: homePaths });
  }

  assertUniqueFiles(routes);

  return {
    routes,
    languages,
    pathOf(page, language) {
      if (page === 'cockpit') return cockpitPaths[language];
      if (page === 'legal') return legalPaths[language];
      if (page === 'notFound') return notFoundPaths[language];
      if (page === 'cookiePolicy') return cookieLinks[language];
      return localized(page)[language];
    },
    legalSectionPath: (section, language) => legalSectionPaths(section)[language],
  };
}

/** Two routes that would write the same file would silently overwrite each other. */
function assertUniqueFiles(routes: Route[]) {
  const seen = new Map<string, Route>();
  const problems: SiteError[] = [];
  for (const route of routes) {
    const earlier = seen.get(route.file);
    if (earlier) {
      problems.push(new SiteError({
        code: 'ROUTE_CONFLICT',
        message: `${route.path} (${route.page}, ${route.language}) and ${earlier.path} (${earlier.page}, ${earlier.language}) would both write ${route.file}`,
        hint: 'Give one of the pages a different slug in slugs.yaml.',
      }));
    }
    seen.set(route.file, route);
  }
  if (problems.length > 0) {
    throw new SiteError({ code: 'ROUTE_CONFLICT', message: 'The route table has conflicting paths.', problems });
  }
}
