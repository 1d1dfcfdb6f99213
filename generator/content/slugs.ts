/** The slugs (content/slugs.yaml): every page's path in every language, unique and complete. */
import { z } from 'zod';
import { formatPath, SiteError } from '../errors/siteError.ts';
import { type Language, type SiteLanguages } from '../model/languages.ts';
import { defaultLanguagePathIds, legalSectionIds } from '../model/constants.ts';
import { slugPageIds, type SlugPageId } from '../model/pages.ts';
import { createRouteTable, type FormerSlugs, type PageSlugs } from '../model/routeTable.ts';
import { slugsFileSchema } from './schemas/slugsSchema.ts';
import { type ParsedFile, type PathSegment, ProblemList, positionOf } from './parsedFile.ts';

/**
 * Every page and legal section needs a slug in every language, no language the list
 * does not have, and no two routes one path: each is a located error, never an
 * overwritten page. Duplicate paths are found by the route table's own check.
 */
export function checkSlugs(
  { former = {}, ...slugs }: z.infer<typeof slugsFileSchema>,
  languages: SiteLanguages,
  file: ParsedFile,
  problems: ProblemList,
) {
  const report = (
    code: SiteError['code'],
    keys: PathSegment[],
    message: string,
    hint: string,
    key?: string,
  ) =>
    problems.add(
      code,
      `${formatPath(key === undefined ? keys : [...keys, key])}: ${message}`,
      file.displayPath,
      positionOf(file, keys, key),
      hint,
    );
  const unknownLanguages = (keys: PathSegment[], perLanguage: Record<string, unknown>) => {
    for (const language of Object.keys(perLanguage)) {
      if (!languages.codes.includes(language))
        report(
          'CONTENT_UNKNOWN_KEY',
          keys,
          `Unknown language "${language}"`,
          `The languages are those of languages.yaml: ${languages.codes.join(', ')}.`,
          language,
        );
    }
  };
  /** A slug that cannot be used is reported; a stand-in that no path can have takes its place, so the route table still finds the duplicates among the rest. */
  const standIn = (keys: PathSegment[]) => `~${formatPath(keys)}`;
  const perLanguage = (keys: PathSegment[], written: Record<string, string> | undefined, what: string) => {
    unknownLanguages(keys, written ?? {});
    return Object.fromEntries(
      languages.codes.map((language) => {
        const slug = written?.[language];
        if (written && slug === undefined)
          report(
            'CONTENT_SCHEMA',
            [...keys, language],
            'Missing slug',
            `Every language of languages.yaml needs a slug for each ${what}.`,
          );
        return [language, slug === undefined ? standIn([...keys, language]) : slug];
      }),
    );
  };

  for (const page of slugPageIds) {
    if (!slugs[page])
      report(
        'CONTENT_SCHEMA',
        [page],
        'Missing; every page needs a slug per language',
        `Add ${page}: { ${languages.codes.map((code) => `${code}: …`).join(', ')} }.`,
      );
  }
  const pageSlugs = Object.fromEntries(
    slugPageIds.map((page) => [page, perLanguage([page], slugs[page], `page ('' only for the home page)`)]),
  ) as Record<SlugPageId, Record<Language, string>>;
  const legalSections = Object.fromEntries(
    legalSectionIds.map((section) => [
      section,
      perLanguage(['legalSections', section], slugs.legalSections[section], 'legal section'),
    ]),
  ) as PageSlugs['legalSections'];
  const defaultLanguageOnly = Object.fromEntries(
    defaultLanguagePathIds.map((id) => [id, slugs.defaultLanguageOnly[id]]),
  ) as PageSlugs['defaultLanguageOnly'];

  // The paths of the default language alone had their former slugs in that language only.
  const formerSlugs: FormerSlugs = {};
  for (const [page, written] of Object.entries(former) as [keyof FormerSlugs, Record<string, string[]>][]) {
    unknownLanguages(['former', page], written);
    const only = (defaultLanguagePathIds as readonly string[]).includes(page)
      ? [languages.default]
      : languages.codes;
    for (const language of Object.keys(written).filter((code) => languages.codes.includes(code))) {
      if (only.includes(language))
        formerSlugs[page] = { ...formerSlugs[page], [language]: written[language] };
      else
        report(
          'CONTENT_SCHEMA',
          ['former', page],
          `defaultLanguageOnly.${page} is served in ${languages.default} only`,
          `List its former slugs under ${languages.default}.`,
          language,
        );
    }
  }

  try {
    createRouteTable({
      languages,
      slugs: { ...pageSlugs, legalSections, defaultLanguageOnly },
      formerSlugs,
      locateSlug: (keys) => {
        const { line, col } = positionOf(file, keys);
        return { file: file.displayPath, line, column: col };
      },
    });
  } catch (error) {
    if (!(error instanceof SiteError && error.code === 'ROUTE_CONFLICT')) throw error;
    problems.problems.push(...error.problems);
  }
}

/** The slugs of the pages, without the former ones; complete once checkSlugs found no problem. */
export const pageSlugsOf = ({ former: _former, ...slugs }: z.infer<typeof slugsFileSchema>) => slugs as PageSlugs;
