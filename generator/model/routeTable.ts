/**
 * The route table: every page x language path of the site, and the single source
 * of truth for links, the language switcher, hreflang, the sitemap and the host
 * rules. Paths end with a slash because every page is written as a folder with
 * an index.html, which is the URL every static host serves without a redirect.
 */
import type { Content } from '../content/load.ts';
import { formatPath, SiteError, type SourceLocation } from '../errors/siteError.ts';
import { perLanguage as perLanguageOf, type Language, type SiteLanguages } from './languages.ts';
import { slugPageIds, type PageId, type SlugPageId } from './pages.ts';
import { reservedPathReason } from './reservedPaths.ts';
import { legalDocumentElementIds, legalSectionIds, type DefaultLanguagePathId } from './constants.ts';

export type { PageId, SlugPageId } from './pages.ts';
export { slugPageIds } from './pages.ts';

/** The pages with a slug per language and one path per language; the cockpit and legal pages add paths of their own below. */
export type LocalizedPageId = Exclude<SlugPageId, 'cockpit' | 'legal'>;
export const localizedPageIds = slugPageIds.filter(
  (page): page is LocalizedPageId => page !== 'cockpit' && page !== 'legal',
);

/** The documents the legal page opens from its path (/legal/<section>/), in the route table's order. */
export type LegalSectionId = (typeof legalSectionIds)[number];

/**
 * The URL slugs of content/slugs.yaml: per page and language ('' is the language's home),
 * per legal section and language, and the paths the default language alone has.
 */
export type PageSlugs = Record<SlugPageId, Record<Language, string>> & {
  legalSections: Record<LegalSectionId, Record<Language, string>>;
  defaultLanguageOnly: Record<DefaultLanguagePathId, string>;
};

/** Slugs a page had before, per language: `{ about: { it: ['azienda'] } }`; the default language's own paths take only that language. */
export type FormerSlugs = Partial<Record<SlugPageId | DefaultLanguagePathId, Record<Language, string[]>>>;

/** Where a path is written in slugs.yaml, as its keys: `['about', 'en']`, `['former', 'about', 'en', 0]`. */
export type SlugKeys = readonly (string | number)[];

/** The slugs and languages the route table is made from, all content. */
export interface RouteInput {
  languages: SiteLanguages;
  slugs: PageSlugs;
  formerSlugs?: FormerSlugs;
  /** Where a slug is written in slugs.yaml, so that two pages on one path are reported at its line. */
  locateSlug?: (keys: SlugKeys) => SourceLocation;
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
  /** Where slugs.yaml writes this path; none for the paths the table makes itself (`/it/`, the not-found pages). */
  slugSource?: SlugSource;
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

export function createRouteTable({ languages, slugs, formerSlugs = {}, locateSlug }: RouteInput): RouteTable {
  const defaultLanguage = languages.default;
  const perLanguage = <T>(make: (language: Language) => T) => perLanguageOf(languages, make);
  const pathIn = (language: Language, slug: string) => localizedPath(language, slug, defaultLanguage);
  const routes: Route[] = [];
  // Where each route's path comes from in slugs.yaml; the paths the table makes itself (`/it/`, the not-found pages) have none.
  const sources = new Map<Route, SlugSource>();
  const add = (route: Omit<Route, 'file' | 'noindex'> & { noindex?: boolean }, source?: SlugSource) => {
    const made: Route = { noindex: false, ...route, file: fileForPath(route.path) };
    if (source) made.slugSource = source;
    routes.push(made);
    if (source) sources.set(made, source);
  };
  const fromPage = (page: SlugPageId, language: Language): SlugSource => ({
    keys: [page, language],
    slug: slugs[page][language],
  });
  const fromDefaultLanguage = (id: DefaultLanguagePathId): SlugSource => ({
    keys: ['defaultLanguageOnly', id],
    slug: slugs.defaultLanguageOnly[id],
  });

  const localized = (page: SlugPageId) => perLanguage((language) => pathIn(language, slugs[page][language]));
  const cockpitPaths = localized('cockpit');
  const legalPaths = localized('legal');
  const legalSectionPaths = (section: LegalSectionId) =>
    perLanguage((language) =>
      pathIn(language, `${slugs.legal[language]}/${slugs.legalSections[section][language]}`),
    );
  const legalAliasPath = pathIn(defaultLanguage, slugs.defaultLanguageOnly.legalAlias);
  const notFoundPaths = perLanguage((language) =>
    language === defaultLanguage ? '/404.html' : `/${language}/404.html`,
  );
  const homePaths = localized('home');

  for (const page of localizedPageIds) {
    const paths = localized(page);
    for (const language of languages.codes) {
      add(
        {
          page,
          language,
          path: paths[language],
          canonicalPath: paths[language],
          indexable: true,
          alternates: paths,
          languageLinks: paths,
        },
        fromPage(page, language),
      );
    }
  }
  // `/it/` is the default language's home under its explicit prefix: visiting it sets the language.
  add({
    page: 'home',
    language: defaultLanguage,
    path: `/${defaultLanguage}/`,
    canonicalPath: homePaths[defaultLanguage],
    indexable: false,
    alternates: homePaths,
    languageLinks: homePaths,
  });

  for (const language of languages.codes) {
    add(
      {
        page: 'cockpit',
        language,
        path: cockpitPaths[language],
        canonicalPath: cockpitPaths[language],
        indexable: true,
        alternates: cockpitPaths,
        languageLinks: cockpitPaths,
      },
      fromPage('cockpit', language),
    );
  }
  add({
    page: 'cockpit',
    language: defaultLanguage,
    path: `/${defaultLanguage}${cockpitPaths[defaultLanguage]}`,
    canonicalPath: cockpitPaths[defaultLanguage],
    indexable: false,
    alternates: cockpitPaths,
    languageLinks: cockpitPaths,
  });

  for (const language of languages.codes) {
    add(
      {
        page: 'legal',
        language,
        path: legalPaths[language],
        canonicalPath: legalPaths[language],
        indexable: true,
        alternates: legalPaths,
        languageLinks: legalPaths,
      },
      fromPage('legal', language),
    );
    for (const section of legalSectionIds) {
      const sectionPaths = legalSectionPaths(section);
      const source = {
        keys: ['legalSections', section, language],
        slug: slugs.legalSections[section][language],
      };
      add(
        {
          page: 'legal',
          language,
          path: sectionPaths[language],
          canonicalPath: legalPaths[language],
          indexable: false,
          alternates: legalPaths,
          languageLinks: sectionPaths,
          legalSection: section,
        },
        source,
      );
    }
  }
  add(
    {
      page: 'legal',
      language: defaultLanguage,
      path: legalAliasPath,
      canonicalPath: legalPaths[defaultLanguage],
      indexable: false,
      alternates: legalPaths,
      languageLinks: legalPaths,
    },
    fromDefaultLanguage('legalAlias'),
  );

  // The cookie policy is in the default language only; its language buttons lead to the cookie section of each legal page.
  const cookieLinks = {
    ...legalSectionPaths('cookie'),
    [defaultLanguage]: pathIn(defaultLanguage, slugs.defaultLanguageOnly.cookiePolicy),
  };
  add(
    {
      page: 'cookiePolicy',
      language: defaultLanguage,
      path: cookieLinks[defaultLanguage],
      canonicalPath: cookieLinks[defaultLanguage],
      indexable: true,
      alternates: {},
      languageLinks: cookieLinks,
    },
    fromDefaultLanguage('cookiePolicy'),
  );

  const privacyTarget = `${legalAliasPath}#${legalDocumentElementIds.privacy}`;
  // The canonical is the final one (the legal alias itself points to the legal page): search engines do not follow chains.
  const privacyForward = {
    canonicalPath: legalPaths[defaultLanguage],
    languageLinks: legalSectionPaths('privacy'),
    redirectTo: privacyTarget,
  };
  add(
    {
      page: 'privacyRedirect',
      language: defaultLanguage,
      path: pathIn(defaultLanguage, slugs.defaultLanguageOnly.privacyRedirect),
      indexable: false,
      noindex: true,
      alternates: {},
      ...privacyForward,
    },
    fromDefaultLanguage('privacyRedirect'),
  );

  /** Where a former slug of a page forwards in a language: straight to the final path, with that page's canonical URL and language buttons. */
  const formerTarget = (
    page: SlugPageId | DefaultLanguagePathId,
    language: Language,
  ): Pick<Route, 'canonicalPath' | 'languageLinks' | 'redirectTo'> => {
    if (page === 'legalAlias')
      return {
        canonicalPath: legalPaths[defaultLanguage],
        languageLinks: legalPaths,
        redirectTo: legalAliasPath,
      };
    if (page === 'cookiePolicy')
      return {
        canonicalPath: cookieLinks[defaultLanguage],
        languageLinks: cookieLinks,
        redirectTo: cookieLinks[defaultLanguage],
      };
    if (page === 'privacyRedirect') return privacyForward;
    const paths = localized(page);
    return { canonicalPath: paths[language], languageLinks: paths, redirectTo: paths[language] };
  };
  // A former slug forwards to the page's path: a 301 on every host with rules, this page's refresh elsewhere.
  for (const [page, perLanguage] of Object.entries(formerSlugs) as [
    SlugPageId | DefaultLanguagePathId,
    Record<Language, string[]>,
  ][]) {
    for (const [language, oldSlugs] of Object.entries(perLanguage)) {
      oldSlugs.forEach((slug, index) => {
        const source = { keys: ['former', page, language, index], slug };
        const forward = (
          path: string,
          target: Pick<Route, 'canonicalPath' | 'languageLinks' | 'redirectTo'>,
        ) =>
          add(
            { page: 'moved', language, path, indexable: false, noindex: true, alternates: {}, ...target },
            source,
          );
        forward(pathIn(language, slug), formerTarget(page, language));
        // The legal page's old slug keeps its sections' addresses too (/legal/privacy/ -> /rechtliches/privacy/).
        if (page === 'legal')
          for (const section of legalSectionIds) {
            const sectionPath = legalSectionPaths(section)[language];
            forward(pathIn(language, `${slug}/${slugs.legalSections[section][language]}`), {
              canonicalPath: legalPaths[language],
              languageLinks: legalSectionPaths(section),
              redirectTo: sectionPath,
            });
          }
        // The cockpit's old path under the default language's prefix (/it/cockpit/) is kept as well; it has no line of its own.
        if (page === 'cockpit' && language === defaultLanguage)
          add({
            page: 'moved',
            language,
            path: `/${defaultLanguage}${pathIn(defaultLanguage, slug)}`,
            indexable: false,
            noindex: true,
            alternates: {},
            ...formerTarget(page, language),
          });
      });
    }
  }

  for (const language of languages.codes) {
    add({
      page: 'notFound',
      language,
      path: notFoundPaths[language],
      indexable: false,
      noindex: true,
      alternates: {},
      languageLinks: homePaths,
    });
  }

  assertUniqueFiles(routes, sources, languages, locateSlug);

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

/** A route's path as written in slugs.yaml: its keys there and the slug. */
export interface SlugSource {
  keys: SlugKeys;
  slug: string;
}

/**
 * Two routes that would write the same file would silently overwrite each other: the one
 * slugs.yaml lists later is reported at its line (the earlier one when only that one is
 * content). The content loader runs this same check to validate slugs.yaml.
 */
function assertUniqueFiles(
  routes: Route[],
  sources: Map<Route, SlugSource>,
  languages: SiteLanguages,
  locateSlug?: (keys: SlugKeys) => SourceLocation,
) {
  const seen = new Map<string, Route>();
  const problems: SiteError[] = [];
  for (const route of routes) {
    // A slug on a reserved path (`assets`, a host file, a language prefix) is reported once, as that.
    const source = sources.get(route);
    const reserved =
      source && reservedPathReason(route.path, languages.codes, route.language === languages.default);
    if (source && reserved) {
      problems.push(
        new SiteError({
          code: 'ROUTE_RESERVED',
          message: `${formatPath(source.keys)}: ${reserved}; the path would be ${route.path}`,
          location: locateSlug?.(source.keys),
        }),
      );
      continue;
    }
    const earlier = seen.get(route.file);
    if (!earlier) {
      seen.set(route.file, route);
      continue;
    }
    const [later, first] = [sources.get(route), sources.get(earlier)];
    const placed = later ?? first;
    const other = later ? first : undefined;
    const otherName = other
      ? `the slug of ${formatPath(other.keys)}`
      : `the path of ${(later ? earlier : route).page} (${(later ? earlier : route).language})`;
    problems.push(
      new SiteError({
        code: 'ROUTE_CONFLICT',
        message: placed
          ? `${formatPath(placed.keys)}: "${placed.slug}" is also ${otherName}; both would be ${route.path}`
          : `${route.path} (${route.page}, ${route.language}) and ${earlier.path} (${earlier.page}, ${earlier.language}) would both write ${route.file}`,
        location: placed && locateSlug?.(placed.keys),
        hint:
          placed?.keys[0] === 'former'
            ? 'A former slug is a path no page uses any more: take it out of former: (a slug changed back to it) or correct it.'
            : 'Give each page and legal section its own slug in each language in slugs.yaml.',
      }),
    );
  }
  if (problems.length > 0) {
    throw new SiteError({
      code: 'ROUTE_CONFLICT',
      message: 'The route table has conflicting paths.',
      problems,
    });
  }
}

/** The route table of loaded content: the one place it is made from content (former slugs included). */
export function routeTableOf(content: Pick<Content, 'languages' | 'slugs' | 'formerSlugs'>): RouteTable {
  return createRouteTable({
    languages: content.languages,
    slugs: content.slugs,
    formerSlugs: content.formerSlugs,
  });
}
