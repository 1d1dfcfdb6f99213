/**
 * The layout gate's sampling: every page whose content differs is looked at, at 320 px and one
 * more width, so that each page type is seen in every language and at every width; copies of
 * a page are left out; the first page of a type in a language is photographed.
 */
import { describe, expect, it } from 'vitest';
import { layoutWidths, planLayout, type PageFacts } from '../../../generator/check/layoutPlan.ts';

const languages = ['it', 'en', 'de', 'fr'];
const facts = (type: string, language: string, pagePath: string, fingerprint = pagePath): PageFacts => ({
  page: { path: pagePath, file: `${pagePath.slice(1)}index.html` },
  type,
  language,
  fingerprint,
});

/** Two page types in four languages; the legal type has two pages per language; `/it/` copies `/`. */
const site: PageFacts[] = [
  ...languages.map((language) => facts('home', language, `/${language}/`)),
  facts('home', 'it', '/', '/it/'),
  ...languages.flatMap((language) => [
    facts('legal', language, `/${language}/legal/`),
    facts('legal', language, `/${language}/legal/cookie/`),
  ]),
];

describe('planLayout', () => {
  const plan = planLayout(site);

  it('looks at every page with a content of its own, and leaves a copy out', () => {
    expect(plan.map((page) => page.page.path).sort()).toEqual(
      site
        .map((page) => page.page.path)
        .filter((pagePath) => pagePath !== '/')
        .sort(),
    );
  });

  it('looks at each page at 320 px and one more width', () => {
    for (const page of plan) {
      expect(page.widths[0], page.page.path).toBe(320);
      expect(page.widths).toHaveLength(2);
    }
  });

  it('sees each page type in every language and at every width', () => {
    for (const type of ['home', 'legal']) {
      const ofType = plan.filter((page) => page.type === type);
      expect(new Set(ofType.map((page) => page.language))).toEqual(new Set(languages));
      expect(new Set(ofType.flatMap((page) => page.widths))).toEqual(new Set(layoutWidths));
    }
  });

  it('photographs the first page of each type in each language', () => {
    expect(plan.filter((page) => page.screenshot).map((page) => page.page.path)).toEqual([
      ...languages.map((language) => `/${language}/`),
      ...languages.map((language) => `/${language}/legal/`),
    ]);
  });

  it('looks at every page at every width when asked to', () => {
    for (const page of planLayout(site, true)) expect(page.widths).toEqual([...layoutWidths]);
  });
});
