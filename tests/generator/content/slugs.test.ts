/**
 * The slugs of a two-language site (it, en), written inline for every page of the
 * registry: complete, in known languages only, never reserved and never two routes one path.
 */
import { describe, expect, it } from 'vitest';
import { ProblemList } from '../../../generator/content/parsedFile.ts';
import { slugsFileSchema } from '../../../generator/content/schemas/slugsSchema.ts';
import { checkSlugs, pageSlugsOf } from '../../../generator/content/slugs.ts';
import { legalSectionIds } from '../../../generator/model/constants.ts';
import { siteLanguagesFrom } from '../../../generator/model/languages.ts';
import { slugPageIds } from '../../../generator/model/pages.ts';
import { parsedYaml } from '../../helpers/parsedYaml.ts';

const languages = siteLanguagesFrom({
  languages: [
    { code: 'it', name: 'Italiano', locale: 'it-CH', flag: 'IT' },
    { code: 'en', name: 'English', locale: 'en-CH', flag: 'GB' },
  ],
  buttons: ['it', 'en'],
} as Parameters<typeof siteLanguagesFrom>[0]);

/** Every page as `<page>: { it: <page>, en: <page>-en }` (the home page ''), with lines replaced by `lines`. */
function slugsYaml(lines: Record<string, string | undefined> = {}, extra = ''): string {
  const pages = Object.fromEntries(
    slugPageIds.map((page) => [
      page,
      page === 'home' ? `home: { it: '', en: '' }` : `${page}: { it: ${page}, en: ${page}-en }`,
    ]),
  );
  return [
    ...Object.entries({ ...pages, ...lines })
      .map(([, line]) => line)
      .filter((line) => line !== undefined),
    'legalSections:',
    ...legalSectionIds.map((section) => `  ${section}: { it: ${section}, en: ${section} }`),
    'defaultLanguageOnly:',
    '  legalAlias: alias-prova',
    '  cookiePolicy: cookie-policy',
    '  privacyRedirect: privacy',
    extra,
  ].join('\n');
}

function check(yaml: string) {
  const file = parsedYaml(yaml, 'slugs.yaml');
  const slugs = slugsFileSchema.parse(file.doc.toJS());
  const problems = new ProblemList();
  checkSlugs(slugs, languages, file, problems);
  return { problems: problems.problems, slugs, file };
}

const lineOf = (yaml: string, start: string) => yaml.split('\n').findIndex((line) => line.startsWith(start)) + 1;

describe('checkSlugs', () => {
  it('passes a slug for every page and section in every language', () => {
    expect(check(slugsYaml()).problems).toEqual([]);
  });

  it('reports a page without slugs', () => {
    const { problems } = check(slugsYaml({ about: undefined }));
    expect(problems.map((problem) => [problem.code, problem.message])).toEqual([
      ['CONTENT_SCHEMA', 'about: Missing; every page needs a slug per language'],
    ]);
    expect(problems[0].hint).toBe('Add about: { it: …, en: … }.');
  });

  it('reports a language without a slug, at the page', () => {
    const yaml = slugsYaml({ about: 'about: { it: pagina-prova }' });
    const { problems } = check(yaml);
    expect(problems.map((problem) => problem.message)).toEqual(['about.en: Missing slug']);
    expect(problems[0].location?.line).toBe(lineOf(yaml, 'about:'));
  });

  it('reports a language that languages.yaml does not have, at its key', () => {
    const yaml = slugsYaml({ about: 'about: { it: pagina-prova, en: about, fr: qui }' });
    const { problems } = check(yaml);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'CONTENT_UNKNOWN_KEY',
      message: 'about.fr: Unknown language "fr"',
      location: { line: lineOf(yaml, 'about:'), column: 'about: { it: pagina-prova, en: about, '.length + 1 },
    });
  });

  it('refuses two pages with one path, naming both', () => {
    const yaml = slugsYaml({
      contact: 'contact: { it: pagina-prova, en: contact-en }',
      esim: 'esim: { it: pagina-prova, en: esim }',
    });
    const { problems } = check(yaml);
    expect(problems).toHaveLength(1);
    expect(problems[0].code).toBe('ROUTE_CONFLICT');
    expect(problems[0].message).toMatch(/contact\.it.*\/pagina-prova\//);
    expect(problems[0].location?.file).toBe('slugs.yaml');
  });

  it('refuses a slug the build or a web host reserves', () => {
    const yaml = slugsYaml({ about: 'about: { it: assets, en: about }' });
    const { problems } = check(yaml);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'ROUTE_RESERVED', location: { line: lineOf(yaml, 'about:') } });
    expect(problems[0].message).toMatch(/^about\.it: "assets" is a path the build or a web host reserves/);
  });

  it('takes former slugs of a page in every language, and of a default-language path in that language only', () => {
    const yaml = slugsYaml(
      {},
      'former:\n  about: { en: [about-us] }\n  cookiePolicy: { it: [cookies], en: [cookies-en] }\n',
    );
    const { problems } = check(yaml);
    expect(problems.map((problem) => problem.message)).toEqual([
      'former.cookiePolicy.en: defaultLanguageOnly.cookiePolicy is served in it only',
    ]);
  });
});

describe('pageSlugsOf', () => {
  it('gives the pages’ slugs without the former ones', () => {
    const { slugs } = check(slugsYaml({}, 'former:\n  about: { en: [about-us] }\n'));
    const pageSlugs = pageSlugsOf(slugs);
    expect(pageSlugs).not.toHaveProperty('former');
    expect(pageSlugs.about).toEqual({ it: 'about', en: 'about-en' });
  });
});
