/**
 * The languages and the route table of the content a site was built from, read
 * from its languages.yaml and slugs.yaml alone: the check needs the pages the
 * build promises, not the whole content.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { slugsFileSchema } from '../content/load.ts';
import { languagesFileSchema, siteLanguagesFrom, type SiteLanguages } from '../model/languages.ts';
import { createRouteTable, type PageSlugs, type RouteTable } from '../model/routeTable.ts';

export async function readSiteStructure(
  contentDir: string,
): Promise<{ languages: SiteLanguages; routeTable: RouteTable }> {
  const read = async (file: string) => parse(await readFile(path.join(contentDir, file), 'utf8')) as unknown;
  const languages = siteLanguagesFrom(languagesFileSchema.parse(await read('languages.yaml')));
  const { former, ...slugs } = slugsFileSchema.parse(await read('slugs.yaml'));
  return {
    languages,
    routeTable: createRouteTable({ languages, slugs: slugs as PageSlugs, formerSlugs: former ?? {} }),
  };
}
