/**
 * Addresses a build published keep answering: the record a build leaves, what the
 * next build finds lost, and the located error with the `former:` line to add. On a
 * small two-language site of named slugs (`about-en`, …), never the real content.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import {
  assertPublishedPathsKept,
  formerLine,
  lostPaths,
  publishedPathsOf,
  publishedPathsRecord,
  readPublishedPaths,
  type PublishedPath,
} from '../../../generator/build/publishedPaths.ts';
import { isSiteError, type SiteError } from '../../../generator/errors/siteError.ts';
import { defaultLanguagePathIds, legalSectionIds } from '../../../generator/model/constants.ts';
import { siteLanguagesFrom } from '../../../generator/model/languages.ts';
import {
  createRouteTable,
  slugPageIds,
  type FormerSlugs,
  type PageSlugs,
} from '../../../generator/model/routeTable.ts';
import { makeTempDir } from '../../helpers/site.ts';
import { rm } from 'node:fs/promises';

const codes = ['it', 'en'];
const languages = siteLanguagesFrom({
  languages: codes.map((code) => ({ code, name: code, locale: `${code}-CH`, flag: 'CH' })),
  buttons: codes,
});

/** Every page's slug is `<page>-<language>` (the home page ''), every section's `<section>-<language>`. */
function namedSlugs(changes: (slugs: PageSlugs) => void = () => {}): PageSlugs {
  const perLanguage = (name: string) => Object.fromEntries(codes.map((code) => [code, `${name}-${code}`]));
  const slugs = {
    ...Object.fromEntries(
      slugPageIds.map((page) => [
        page,
        page === 'home' ? Object.fromEntries(codes.map((code) => [code, ''])) : perLanguage(page),
      ]),
    ),
    legalSections: Object.fromEntries(legalSectionIds.map((section) => [section, perLanguage(section)])),
    defaultLanguageOnly: Object.fromEntries(
      defaultLanguagePathIds.map((id) => [id, `${id.toLowerCase()}-it`]),
    ),
  } as PageSlugs;
  changes(slugs);
  return slugs;
}

const tableOf = (slugs: PageSlugs, formerSlugs: FormerSlugs = {}) =>
  createRouteTable({ languages, slugs, formerSlugs });
const published = (slugs: PageSlugs, formerSlugs: FormerSlugs = {}) =>
  publishedPathsOf(tableOf(slugs, formerSlugs));
const lost = (before: PublishedPath[], slugs: PageSlugs, formerSlugs: FormerSlugs = {}) =>
  lostPaths(before, tableOf(slugs, formerSlugs)).map(({ path, page, language, slug, slugNow }) => ({
    path,
    page,
    language,
    slug,
    slugNow,
  }));

const original = published(namedSlugs());

describe('the paths a build publishes', () => {
  it('are every path slugs.yaml writes, each with its page, language and slug', () => {
    expect(original).toContainEqual({
      path: '/en/about-en/',
      page: 'about',
      language: 'en',
      slug: 'about-en',
    });
    expect(original).toContainEqual({
      path: '/en/legal-en/privacy-en/',
      page: 'legal',
      language: 'en',
      slug: 'privacy-en',
      legalSection: 'privacy',
    });
    expect(original).toContainEqual({
      path: '/cookiepolicy-it/',
      page: 'cookiePolicy',
      language: 'it',
      slug: 'cookiepolicy-it',
    });
    // The paths the table makes itself (/it/, the not-found pages) depend on no slug.
    expect(original.map((entry) => entry.path)).not.toContain('/it/');
    expect(original.map((entry) => entry.path)).not.toContain('/404.html');
  });

  it('include the forwards, under the page they forward to', () => {
    const withForward = published(
      namedSlugs((slugs) => (slugs.about.en = 'about-us')),
      { about: { en: ['about-en'] } },
    );
    expect(withForward).toContainEqual({
      path: '/en/about-en/',
      page: 'about',
      language: 'en',
      slug: 'about-en',
    });
    expect(withForward).toContainEqual({
      path: '/en/about-us/',
      page: 'about',
      language: 'en',
      slug: 'about-us',
    });
  });
});

describe('the published paths a build would lose', () => {
  it('are none when nothing changed', () => {
    expect(lost(original, namedSlugs())).toEqual([]);
  });

  it('are a renamed page’s old path, per language, until a former slug forwards it', () => {
    const renamed = namedSlugs((slugs) => {
      slugs.about.en = 'about-us';
      slugs.contact.it = 'scrivici';
    });
    expect(lost(original, renamed)).toEqual([
      { path: '/en/about-en/', page: 'about', language: 'en', slug: 'about-en', slugNow: 'about-us' },
      { path: '/contact-it/', page: 'contact', language: 'it', slug: 'contact-it', slugNow: 'scrivici' },
    ]);
    expect(lost(original, renamed, { about: { en: ['about-en'] }, contact: { it: ['contact-it'] } })).toEqual(
      [],
    );
  });

  it('are a default-language path of its own, renamed', () => {
    const renamed = namedSlugs((slugs) => (slugs.defaultLanguageOnly.cookiePolicy = 'cookies'));
    expect(lost(original, renamed)).toEqual([
      {
        path: '/cookiepolicy-it/',
        page: 'cookiePolicy',
        language: 'it',
        slug: 'cookiepolicy-it',
        slugNow: 'cookies',
      },
    ]);
    expect(lost(original, renamed, { cookiePolicy: { it: ['cookiepolicy-it'] } })).toEqual([]);
  });

  it('are a forward an editor took out again', () => {
    const renamed = namedSlugs((slugs) => (slugs.about.en = 'about-us'));
    const withForward = published(renamed, { about: { en: ['about-en'] } });
    expect(lost(withForward, renamed)).toEqual([
      { path: '/en/about-en/', page: 'about', language: 'en', slug: 'about-en', slugNow: 'about-us' },
    ]);
  });

  it('are the slug a page had in between, when it changes back', () => {
    const renamed = namedSlugs((slugs) => (slugs.about.en = 'about-us'));
    const withForward = published(renamed, { about: { en: ['about-en'] } });
    expect(lost(withForward, namedSlugs())).toEqual([
      { path: '/en/about-us/', page: 'about', language: 'en', slug: 'about-us', slugNow: 'about-en' },
    ]);
  });

  it('are the legal page’s old path once, not each section’s; its former slug forwards the sections as well', () => {
    const renamed = namedSlugs((slugs) => (slugs.legal.en = 'terms'));
    expect(lost(original, renamed)).toEqual([
      { path: '/en/legal-en/', page: 'legal', language: 'en', slug: 'legal-en', slugNow: 'terms' },
    ]);
    const table = tableOf(renamed, { legal: { en: ['legal-en'] } });
    expect(lostPaths(original, table)).toEqual([]);
    const sectionForward = table.routes.find((route) => route.path === '/en/legal-en/privacy-en/');
    expect(sectionForward?.redirectTo).toBe('/en/terms/privacy-en/');
  });

  it('are none for a renamed legal section: the legal page’s fallback still serves the old path', () => {
    expect(
      lost(
        original,
        namedSlugs((slugs) => (slugs.legalSections.privacy.en = 'data')),
      ),
    ).toEqual([]);
  });

  it('are none for a language the site no longer has, or a page type the code no longer has', () => {
    const onlyItalian = siteLanguagesFrom({
      languages: [{ code: 'it', name: 'it', locale: 'it-CH', flag: 'CH' }],
      buttons: ['it'],
    });
    const italianSlugs = namedSlugs();
    const table = createRouteTable({ languages: onlyItalian, slugs: italianSlugs });
    expect(lostPaths(original, table)).toEqual([]);
    const removedPage: PublishedPath = {
      path: '/gone-it/',
      page: 'gone' as 'about',
      language: 'it',
      slug: 'gone-it',
    };
    expect(lostPaths([removedPage], tableOf(namedSlugs()))).toEqual([]);
  });

  it('keep the cockpit’s path under the default language’s prefix through its former slug', () => {
    const renamed = namedSlugs((slugs) => (slugs.cockpit.it = 'area-clienti'));
    const table = tableOf(renamed, { cockpit: { it: ['cockpit-it'] } });
    const forward = table.routes.find((route) => route.path === '/it/cockpit-it/');
    expect(forward?.redirectTo).toBe('/area-clienti/');
  });
});

describe('the former: line', () => {
  it('is the page’s entry as one line of flow YAML, merged with the slugs it lists already', () => {
    expect(formerLine('about', {}, { en: ['about-en'] })).toBe('  about: { en: [about-en] }');
    expect(formerLine('about', { about: { it: ['chi-siamo'], en: ['about'] } }, { en: ['about-en'] })).toBe(
      '  about: { it: [chi-siamo], en: [about, about-en] }',
    );
  });
});

describe('a build into a folder whose last build published paths', () => {
  let workDir: string;
  beforeAll(async () => {
    workDir = await makeTempDir('published-paths');
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  /** A content folder with a slugs.yaml of these slugs, and an output folder recording what `before` published. */
  async function folders(name: string, slugs: PageSlugs, formerSlugs: FormerSlugs, before = namedSlugs()) {
    const contentDir = path.join(workDir, name, 'content');
    const outDir = path.join(workDir, name, 'dist');
    await mkdir(contentDir, { recursive: true });
    await mkdir(outDir, { recursive: true });
    const yamlText = stringify(
      Object.keys(formerSlugs).length > 0 ? { ...slugs, former: formerSlugs } : slugs,
    );
    await writeFile(path.join(contentDir, 'slugs.yaml'), yamlText);
    const record = publishedPathsRecord(tableOf(before));
    await writeFile(path.join(outDir, record.path), record.contents);
    return { contentDir, outDir, yamlText };
  }

  const refusal = (run: Promise<void>) =>
    run.then(
      () => undefined,
      (error: unknown) => {
        expect(isSiteError(error), String(error)).toBe(true);
        return error as SiteError;
      },
    );

  it('reads back the record it wrote', async () => {
    const { outDir } = await folders('read-back', namedSlugs(), {});
    expect(await readPublishedPaths(outDir)).toEqual(original);
    expect(await readPublishedPaths(path.join(workDir, 'no-such-folder'))).toBeUndefined();
  });

  it('passes with no previous output (a fresh clone), and with no output folder at all', async () => {
    const renamed = namedSlugs((slugs) => (slugs.about.en = 'about-us'));
    const { contentDir } = await folders('fresh', renamed, {});
    await assertPublishedPathsKept(contentDir, {}, tableOf(renamed), path.join(workDir, 'fresh', 'none'));
    await assertPublishedPathsKept(contentDir, {}, tableOf(renamed), undefined);
  });

  it('stops a renamed slug without a forward at the slug’s line, with the former: lines to paste', async () => {
    const renamed = namedSlugs((slugs) => (slugs.about.en = 'about-us'));
    const { contentDir, outDir, yamlText } = await folders('renamed', renamed, {});
    const error = await refusal(assertPublishedPathsKept(contentDir, {}, tableOf(renamed), outDir));
    expect(error?.code).toBe('SLUG_FORWARD_MISSING');
    const [problem] = error!.problems;
    expect(error!.problems).toHaveLength(1);
    expect(problem.location?.file).toBe(path.join(contentDir, 'slugs.yaml'));
    const lines = yamlText.split('\n');
    const aboutLine = lines.indexOf('about:') + 1;
    expect(lines[problem.location!.line! - 1]).toBe('  en: about-us');
    expect(problem.location!.line).toBeGreaterThan(aboutLine);
    expect(problem.message).toContain('/en/about-en/');
    expect(problem.message).toContain('"about-us"');
    expect(problem.hint).toContain('add at the end of slugs.yaml the line "former:"');
    expect(problem.hint).toContain('the line "about: { en: [about-en] }", indented by two spaces');
    expect(error!.hint).toContain('former:\n  about: { en: [about-en] }');
  });

  it('asks to replace the page’s entry when former: lists it already', async () => {
    const renamed = namedSlugs((slugs) => {
      slugs.about.en = 'about-us';
      slugs.about.it = 'chi-siamo';
    });
    const formerSlugs = { about: { it: ['about-it'] } };
    const { contentDir, outDir } = await folders('merged', renamed, formerSlugs);
    const error = await refusal(
      assertPublishedPathsKept(contentDir, formerSlugs, tableOf(renamed, formerSlugs), outDir),
    );
    expect(error!.problems.map((problem) => problem.hint)).toEqual([
      'Keep it as a forward: replace the about: entry under former: in slugs.yaml by "about: { it: [about-it], en: [about-en] }", indented by two spaces.',
    ]);
  });

  it('passes once the former: line is there', async () => {
    const renamed = namedSlugs((slugs) => (slugs.about.en = 'about-us'));
    const formerSlugs = { about: { en: ['about-en'] } };
    const { contentDir, outDir } = await folders('forwarded', renamed, formerSlugs);
    await assertPublishedPathsKept(contentDir, formerSlugs, tableOf(renamed, formerSlugs), outDir);
  });
});
