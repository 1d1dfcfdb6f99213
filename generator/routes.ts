/**
 * The route table: every page x language path of the site, and the single source
 * of truth for links, the language switcher, hreflang, the sitemap and the host
 * rules. Paths end with a slash because every page is written as a folder with
 * an index.html, which is the URL every static host serves without a redirect.
 */
import { SiteError } from './errors.ts';
import { defaultLanguage, languages, type Language } from './schema.ts';

export const localizedPageIds = ['home', 'about', 'subscriptions', 'coverage', 'partnership', 'contact', 'esim'] as const;
export type LocalizedPageId = (typeof localizedPageIds)[number];
export type PageId = LocalizedPageId | 'cockpit' | 'legal' | 'cookiePolicy' | 'privacyRedirect' | 'notFound';

export const legalSections = ['tariffs', 'privacy', 'cookie'] as const;
export type LegalSectionId = (typeof legalSections)[number];

/** The URL slugs of section 2, per page and language; '' is the language's home. */
export type PageSlugs = Record<LocalizedPageId, Record<Language, string>>;
export const pageSlugs: PageSlugs = {
  home: { it: '', en: '', de: '', fr: '' },
  about: { it: 'chi-siamo', en: 'about', de: 'uber-uns', fr: 'qui-sommes-nous' },
  subscriptions: { it: 'abbonamenti', en: 'subscriptions', de: 'abonnements', fr: 'abonnements' },
  coverage: { it: 'copertura', en: 'coverage', de: 'abdeckung', fr: 'couverture' },
  partnership: { it: 'partnership', en: 'partnership', de: 'partnerschaft', fr: 'partenariat' },
  contact: { it: 'contatti', en: 'contact', de: 'kontakt', fr: 'contact' },
  esim: { it: 'esim', en: 'esim', de: 'esim', fr: 'esim' },
};

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
  /**
   * The path of a page in a language, for links. The cookie policy is one Italian page; in
   * another language it is the cookie section of that language's legal page.
   */
  pathOf(page: LocalizedPageId | 'cockpit' | 'legal' | 'cookiePolicy' | 'notFound', language: Language): string;
  legalSectionPath(section: LegalSectionId, language: Language): string;
}

/** `/` + optional language prefix + slug + `/`; Italian has no prefix. */
export function localizedPath(language: Language, slug: string): string {
  const segments = [language === defaultLanguage ? '' : language, slug].filter(Boolean);
  return segments.length === 0 ? '/' : `/${segments.join('/')}/`;
}

/** `/en/about/` is written to `en/about/index.html`; `/404.html` to `404.html`. */
export function fileForPath(urlPath: string): string {
  if (urlPath.endsWith('.html')) return urlPath.slice(1);
  return `${urlPath.slice(1)}index.html`;
}

function perLanguage<T>(make: (language: Language) => T): Record<Language, T> {
  return Object.fromEntries(languages.map((language) => [language, make(language)])) as Record<Language, T>;
}

export function createRouteTable(slugs: PageSlugs = pageSlugs): RouteTable {
  const routes: Route[] = [];
  const add = (route: Omit<Route, 'file' | 'noindex'> & { noindex?: boolean }) =>
    routes.push({ noindex: false, ...route, file: fileForPath(route.path) });

  const localized = (page: LocalizedPageId) => perLanguage((language) => localizedPath(language, slugs[page][language]));
  const cockpitPaths = perLanguage((language) => localizedPath(language, 'cockpit'));
  const legalPaths = perLanguage((language) => localizedPath(language, 'legal'));
  const legalSectionPaths = (section: LegalSectionId) => perLanguage((language) => localizedPath(language, `legal/${section}`));
  const notFoundPaths = perLanguage((language) => (language === defaultLanguage ? '/404.html' : `/${language}/404.html`));
  const homePaths = localized('home');

  for (const page of localizedPageIds) {
    const paths = localized(page);
    for (const language of languages) {
      add({ page, language, path: paths[language], canonicalPath: paths[language], indexable: true, alternates: paths, languageLinks: paths });
    }
  }
  // `/it/` is the Italian home under its explicit prefix: visiting it sets the language.
  add({ page: 'home', language: 'it', path: '/it/', canonicalPath: homePaths.it, indexable: false, alternates: homePaths, languageLinks: homePaths });

  for (const language of languages) {
    add({ page: 'cockpit', language, path: cockpitPaths[language], canonicalPath: cockpitPaths[language], indexable: true, alternates: cockpitPaths, languageLinks: cockpitPaths });
  }
  add({ page: 'cockpit', language: 'it', path: '/it/cockpit/', canonicalPath: cockpitPaths.it, indexable: false, alternates: cockpitPaths, languageLinks: cockpitPaths });

  for (const language of languages) {
    add({ page: 'legal', language, path: legalPaths[language], canonicalPath: legalPaths[language], indexable: true, alternates: legalPaths, languageLinks: legalPaths });
    for (const section of legalSections) {
      const sectionPaths = legalSectionPaths(section);
      add({ page: 'legal', language, path: sectionPaths[language], canonicalPath: legalPaths[language], indexable: false, alternates: legalPaths, languageLinks: sectionPaths, legalSection: section });
    }
  }
  add({ page: 'legal', language: 'it', path: localizedPath('it', 'condizioni'), canonicalPath: legalPaths.it, indexable: false, alternates: legalPaths, languageLinks: legalPaths });

  // The cookie policy is Italian only; its language buttons lead to the cookie section of each legal page.
  const cookieLinks = { ...legalSectionPaths('cookie'), it: localizedPath('it', 'cookie-policy') };
  add({ page: 'cookiePolicy', language: 'it', path: cookieLinks.it, canonicalPath: cookieLinks.it, indexable: true, alternates: {}, languageLinks: cookieLinks });

  const privacyTarget = `${localizedPath('it', 'condizioni')}#privacy-policy`;
  // The canonical is the final one (/condizioni/ itself points to /legal/): search engines do not follow chains.
  add({ page: 'privacyRedirect', language: 'it', path: localizedPath('it', 'privacy'), canonicalPath: legalPaths.it, indexable: false, noindex: true, alternates: {}, languageLinks: legalSectionPaths('privacy'), redirectTo: privacyTarget });

  for (const language of languages) {
    add({ page: 'notFound', language, path: notFoundPaths[language], indexable: false, noindex: true, alternates: {}, languageLinks: homePaths });
  }

  assertUniqueFiles(routes);

  return {
    routes,
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
        location: { file: 'generator/routes.ts' },
        hint: 'Give one of the pages a different slug.',
      }));
    }
    seen.set(route.file, route);
  }
  if (problems.length > 0) {
    throw new SiteError({ code: 'ROUTE_CONFLICT', message: 'The route table has conflicting paths.', problems });
  }
}
