/**
 * The languages and the route table of the content a site was built from, read
 * from its languages.yaml and slugs.yaml alone (the check needs the pages the
 * build promises, not the whole content), through the content's own YAML reader
 * and schemas, so a problem is named with its file, line and column.
 */
import { ProblemList } from './parsedFile.ts';
import { languagesFileSchema, siteLanguagesFrom, type SiteLanguages } from '../model/languages.ts';
import { routeTableOf, type RouteTable } from '../model/routeTable.ts';
import { slugsFileSchema } from './schemas/slugsSchema.ts';
import { pageSlugsOf } from './slugs.ts';
import { parseYamlFile } from './yamlReader.ts';
import { validate } from './zodMessages.ts';
import { SiteError } from '../errors/siteError.ts';

export async function readSiteStructure(
  contentDir: string,
): Promise<{ languages: SiteLanguages; routeTable: RouteTable }> {
  const problems = new ProblemList();
  const languagesParsed = await parseYamlFile(contentDir, 'languages.yaml', problems);
  const languagesFile = languagesParsed && validate(languagesParsed, languagesFileSchema, problems);
  const slugsParsed = await parseYamlFile(contentDir, 'slugs.yaml', problems);
  const slugsFile = slugsParsed && validate(slugsParsed, slugsFileSchema, problems);
  if (!languagesFile || !slugsFile || problems.problems.length > 0) {
    const count = problems.problems.length;
    throw new SiteError({
      code: 'CONTENT_INVALID',
      message: `Content has ${count} problem${count === 1 ? '' : 's'}; the check cannot tell which pages the site has.`,
      problems: problems.problems,
    });
  }
  const languages = siteLanguagesFrom(languagesFile);
  return {
    languages,
    routeTable: routeTableOf({
      languages,
      slugs: pageSlugsOf(slugsFile),
      formerSlugs: slugsFile.former ?? {},
    }),
  };
}
