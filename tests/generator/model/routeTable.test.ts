import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../generator/errors/siteError.ts';
import {
  createRouteTable,
  fileForPath,
  localizedPath,
  type PageSlugs,
  type RouteInput,
  type SlugKeys,
} from '../../../generator/model/routeTable.ts';
import { realLanguages, realRouteTable, realSlugs } from '../../helpers/routeTable.ts';

const routeTable = realRouteTable;
const paths = routeTable.routes.map((route) => route.path);
const find = (path: string) => routeTable.routes.find((route) => route.path === path);

/** The site's pages and their slugs in every language; served with a trailing slash. */
const specTable = {
  home: ['/', '/en', '/de', '/fr'],
  about: ['/chi-siamo', '/en/about', '/de/uber-uns', '/fr/qui-sommes-nous'],
  subscriptions: ['/abbonamenti', '/en/subscriptions', '/de/abonnements', '/fr/abonnements'],
  coverage: ['/copertura', '/en/coverage', '/de/abdeckung', '/fr/couverture'],
  partnership: ['/partnership', '/en/partnership', '/de/partnerschaft', '/fr/partenariat'],
  contact: ['/contatti', '/en/contact', '/de/kontakt', '/fr/contact'],
  esim: ['/esim', '/en/esim', '/de/esim', '/fr/esim'],
} as const;
const languages = ['it', 'en', 'de', 'fr'] as const;
const served = (specPath: string) => (specPath === '/' ? '/' : `${specPath}/`);

describe('route table', () => {
  it('holds every localized page in every language, linked as its own alternates', () => {
    for (const [page, specPaths] of Object.entries(specTable)) {
      specPaths.forEach((specPath, index) => {
        const route = find(served(specPath));
        expect(route, specPath).toBeDefined();
        expect(route!.page).toBe(page);
        expect(route!.language).toBe(languages[index]);
        expect(route!.canonicalPath).toBe(served(specPath));
        expect(route!.indexable).toBe(true);
        expect(Object.values(route!.alternates)).toEqual(specPaths.map(served));
        expect(Object.values(route!.languageLinks)).toEqual(specPaths.map(served));
      });
    }
  });

  it('has the language homes, cockpit, legal, cookie policy, privacy redirect and not-found routes', () => {
    for (const path of [
      '/it/',
      '/en/',
      '/de/',
      '/fr/',
      '/cockpit/',
      '/it/cockpit/',
      '/en/cockpit/',
      '/de/cockpit/',
      '/fr/cockpit/',
      '/legal/',
      '/legal/tariffs/',
      '/legal/privacy/',
      '/legal/cookie/',
      '/condizioni/',
      '/cookie-policy/',
      '/privacy/',
      '/en/legal/',
      '/de/legal/privacy/',
      '/fr/legal/cookie/',
      '/404.html',
      '/en/404.html',
      '/de/404.html',
      '/fr/404.html',
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(find('/it/')).toMatchObject({
      page: 'home',
      language: 'it',
      canonicalPath: '/',
      indexable: false,
    });
    expect(find('/it/cockpit/')).toMatchObject({
      page: 'cockpit',
      language: 'it',
      canonicalPath: '/cockpit/',
    });
    expect(find('/de/cockpit/')).toMatchObject({
      page: 'cockpit',
      language: 'de',
      canonicalPath: '/de/cockpit/',
    });
  });

  it('opens the named legal section and none on /legal/ and /condizioni/', () => {
    expect(find('/legal/tariffs/')!.legalSection).toBe('tariffs');
    expect(find('/en/legal/privacy/')!.legalSection).toBe('privacy');
    expect(find('/fr/legal/cookie/')!.legalSection).toBe('cookie');
    expect(find('/legal/')!.legalSection).toBeUndefined();
    expect(find('/condizioni/')).toMatchObject({ page: 'legal', language: 'it', canonicalPath: '/legal/' });
    expect(find('/condizioni/')!.legalSection).toBeUndefined();
  });

  it('forwards /privacy/ to the privacy section of the terms, not indexed', () => {
    expect(find('/privacy/')).toMatchObject({
      redirectTo: '/condizioni/#privacy-policy',
      noindex: true,
      indexable: false,
    });
  });

  it('has a not-found page per language that is never indexed', () => {
    const notFound = routeTable.routes.filter((route) => route.page === 'notFound');
    expect(notFound.map((route) => [route.language, route.file])).toEqual([
      ['it', '404.html'],
      ['en', 'en/404.html'],
      ['de', 'de/404.html'],
      ['fr', 'fr/404.html'],
    ]);
    expect(
      notFound.every((route) => route.noindex && !route.indexable && route.canonicalPath === undefined),
    ).toBe(true);
  });

  it('sends the Italian-only cookie policy to each language’s cookie section', () => {
    expect(find('/cookie-policy/')!.languageLinks).toEqual({
      it: '/cookie-policy/',
      en: '/en/legal/cookie/',
      de: '/de/legal/cookie/',
      fr: '/fr/legal/cookie/',
    });
    expect(find('/cookie-policy/')!.alternates).toEqual({});
  });

  it('writes every route as a folder index, and every path ends with a slash or is a file', () => {
    for (const route of routeTable.routes) {
      expect(route.path.endsWith('/') || route.path.endsWith('.html')).toBe(true);
      expect(route.file).toBe(fileForPath(route.path));
    }
    expect(fileForPath('/')).toBe('index.html');
    expect(fileForPath('/en/about/')).toBe('en/about/index.html');
    expect(new Set(routeTable.routes.map((route) => route.file)).size).toBe(routeTable.routes.length);
  });

  it('links every page to a path in the table', () => {
    for (const route of routeTable.routes) {
      for (const target of [
        ...Object.values(route.languageLinks),
        ...Object.values(route.alternates),
        route.canonicalPath,
      ].filter(Boolean)) {
        expect(paths, `${route.path} → ${target}`).toContain(target!.split('#')[0]);
      }
    }
  });

  it('builds prefixed paths for every language but Italian', () => {
    expect(localizedPath('it', '', 'it')).toBe('/');
    expect(localizedPath('it', 'chi-siamo', 'it')).toBe('/chi-siamo/');
    expect(localizedPath('de', 'uber-uns', 'it')).toBe('/de/uber-uns/');
    expect(localizedPath('fr', '', 'it')).toBe('/fr/');
  });

  it('refuses two routes that would write the same file, named where slugs.yaml writes the later one', () => {
    const clashing = { ...realSlugs, esim: { ...realSlugs.esim, en: 'about' } };
    const located: SlugKeys[] = [];
    const problems = conflicts({
      slugs: clashing,
      locateSlug: (keys) => (located.push(keys), { file: 'content/slugs.yaml', line: 11 }),
    });
    expect(problems.map((problem) => [problem.code, problem.message, problem.location])).toEqual([
      [
        'ROUTE_CONFLICT',
        'esim.en: "about" is also the slug of about.en; both would be /en/about/',
        { file: 'content/slugs.yaml', line: 11 },
      ],
    ]);
    expect(located).toEqual([['esim', 'en']]);
  });
});

describe('the legal sections and the default language’s own paths, from slugs.yaml', () => {
  const renamed: PageSlugs = {
    ...realSlugs,
    legalSections: {
      ...realSlugs.legalSections,
      privacy: { it: 'riservatezza', en: 'data-protection', de: 'datenschutz', fr: 'confidentialite' },
    },
    defaultLanguageOnly: {
      legalAlias: 'termini',
      cookiePolicy: 'informativa-cookie',
      privacyRedirect: 'dati-personali',
    },
  };
  const table = createRouteTable({
    languages: realLanguages,
    slugs: renamed,
    formerSlugs: { cookiePolicy: { it: ['cookie-policy'] }, privacyRedirect: { it: ['privacy'] } },
  });
  const at = (path: string) => table.routes.find((route) => route.path === path);

  it('serves each legal section at its slug in each language, and no longer at the old one', () => {
    expect(
      [
        '/legal/riservatezza/',
        '/en/legal/data-protection/',
        '/de/legal/datenschutz/',
        '/fr/legal/confidentialite/',
      ].map((path) => at(path)?.legalSection),
    ).toEqual(['privacy', 'privacy', 'privacy', 'privacy']);
    expect(table.legalSectionPath('privacy', 'de')).toBe('/de/legal/datenschutz/');
    expect(at('/en/legal/data-protection/')!.languageLinks).toEqual({
      it: '/legal/riservatezza/',
      en: '/en/legal/data-protection/',
      de: '/de/legal/datenschutz/',
      fr: '/fr/legal/confidentialite/',
    });
    expect(at('/legal/privacy/')).toBeUndefined();
    expect(at('/en/legal/cookie/')!.legalSection).toBe('cookie');
  });

  it('serves the legal alias, the cookie policy and the privacy forward at their slugs; the forward leads to the privacy document there', () => {
    expect(at('/termini/')).toMatchObject({ page: 'legal', language: 'it', canonicalPath: '/legal/' });
    expect(at('/informativa-cookie/')).toMatchObject({
      page: 'cookiePolicy',
      canonicalPath: '/informativa-cookie/',
      indexable: true,
    });
    expect(table.pathOf('cookiePolicy', 'it')).toBe('/informativa-cookie/');
    expect(table.pathOf('cookiePolicy', 'fr')).toBe('/fr/legal/cookie/');
    expect(at('/dati-personali/')).toMatchObject({
      page: 'privacyRedirect',
      redirectTo: '/termini/#privacy-policy',
      languageLinks: { en: '/en/legal/data-protection/' },
    });
    expect(at('/condizioni/')).toBeUndefined();
  });

  it('forwards a former slug of the cookie policy and of the privacy forward straight to the final path', () => {
    expect(at('/cookie-policy/')).toMatchObject({
      page: 'moved',
      redirectTo: '/informativa-cookie/',
      canonicalPath: '/informativa-cookie/',
      noindex: true,
      indexable: false,
    });
    expect(at('/privacy/')).toMatchObject({
      page: 'moved',
      redirectTo: '/termini/#privacy-policy',
      canonicalPath: '/legal/',
    });
  });

  it('reports two sections on one path at the later one', () => {
    const sections = {
      ...realSlugs.legalSections,
      cookie: { ...realSlugs.legalSections.cookie, en: 'privacy' },
    };
    const problems = conflicts({
      slugs: { ...realSlugs, legalSections: sections },
      locateSlug: (keys) => ({ file: 'content/slugs.yaml', line: keys.length }),
    });
    expect(problems.map((problem) => [problem.message, problem.location?.file])).toEqual([
      [
        'legalSections.cookie.en: "privacy" is also the slug of legalSections.privacy.en; both would be /en/legal/privacy/',
        'content/slugs.yaml',
      ],
    ]);
  });

  it('reports a former slug that another page still has', () => {
    const problems = conflicts({ slugs: realSlugs, formerSlugs: { cookiePolicy: { it: ['condizioni'] } } });
    expect(problems.map((problem) => [problem.message, problem.hint])).toEqual([
      [
        'former.cookiePolicy.it[0]: "condizioni" is also the slug of defaultLanguageOnly.legalAlias; both would be /condizioni/',
        'A former slug is a path no page uses any more: take it out of former: (a slug changed back to it) or correct it.',
      ],
    ]);
  });
});

describe('paths the build, the hosts and the languages reserve', () => {
  const reserved = [
    'assets',
    'og',
    '__site',
    '404.html',
    'sitemap.xml',
    'robots.txt',
    'nginx.conf',
    'vercel.json',
    '_redirects',
    '_headers',
    '.htaccess',
    '.well-known',
    'en',
    'it',
  ];

  it.each(reserved)('refuses "%s" as a slug of the default language, at its line', (slug) => {
    const problems = conflicts({
      slugs: { ...realSlugs, about: { ...realSlugs.about, it: slug } },
      locateSlug: (keys) => ({ file: 'content/slugs.yaml', line: keys.length }),
    });
    expect(problems.map((problem) => [problem.code, problem.message, problem.location])).toEqual([
      [
        'ROUTE_RESERVED',
        expect.stringMatching(
          new RegExp(
            `^about\\.it: "${slug.replace('.', '\\.')}" is a (language prefix|path the build or a web host reserves)`,
          ),
        ),
        { file: 'content/slugs.yaml', line: 2 },
      ],
    ]);
  });

  it('refuses a reserved former slug and a reserved path of the default language alone', () => {
    const problems = conflicts({
      slugs: { ...realSlugs, defaultLanguageOnly: { ...realSlugs.defaultLanguageOnly, legalAlias: 'og' } },
      formerSlugs: { about: { it: ['assets'] } },
    });
    expect(problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(
        /^defaultLanguageOnly\.legalAlias: "og" is a path the build or a web host reserves/,
      ),
      expect.stringMatching(/^former\.about\.it\[0\]: "assets" is a path the build or a web host reserves/),
    ]);
  });

  it('lets another language use those words under its prefix', () => {
    const table = createRouteTable({
      languages: realLanguages,
      slugs: { ...realSlugs, about: { ...realSlugs.about, en: 'assets', de: 'it' } },
    });
    expect(table.pathOf('about', 'en')).toBe('/en/assets/');
    expect(table.pathOf('about', 'de')).toBe('/de/it/');
  });
});

/** The problems of a route table that must not be made. */
function conflicts(input: Omit<RouteInput, 'languages'>): SiteError[] {
  let error: unknown;
  try {
    createRouteTable({ languages: realLanguages, ...input });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(SiteError);
  expect((error as SiteError).code).toBe('ROUTE_CONFLICT');
  return (error as SiteError).problems;
}
