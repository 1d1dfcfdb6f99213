/**
 * Addresses once published keep answering. Every build leaves in its output the
 * paths it published, each with the page, language and slug of slugs.yaml it came
 * from. The next build (and `site dev`, against dist/) compares its route table
 * with them: a path that is gone, with no `former:` entry forwarding it, stops the
 * build with an error at the page's slug that gives the exact `former:` line to add.
 *
 * Why an error and not a forward added by the build: slugs.yaml stays the one home
 * of every address, written by the editor and reviewed in git; a build never edits
 * content behind the editor's back (and a CI checkout would lose such an edit); and
 * a slug changed by mistake is caught before anything is published.
 *
 * An output with no such record (a fresh clone, a first build) has nothing to keep.
 * A page type or a language the site no longer has is a decision, not a slip: its
 * paths are let go. A legal section's old path needs nothing while its legal page
 * answers: the legal page's one-segment fallback serves it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseYamlFile } from '../content/yamlReader.ts';
import { contentPathOf } from '../content/contentFiles.ts';
import { ProblemList, positionOf } from '../content/parsedFile.ts';
import { SiteError, type SourceLocation } from '../errors/siteError.ts';
import { defaultLanguagePathIds, type DefaultLanguagePathId } from '../model/constants.ts';
import type { FormerSlugs, RouteTable, SlugPageId } from '../model/routeTable.ts';
import { slugPageIds } from '../model/pages.ts';
import type { OutputFile } from '../model/builtAssets.ts';

/** The record's name in the output folder; a slug has no dot, so no page can take it. */
export const publishedPathsFile = '.site-paths.json';
const recordVersion = 1;

/** One path a build published, and the slug of slugs.yaml it came from. */
export interface PublishedPath {
  path: string;
  /** The page whose slug makes the path (for a forward: the page it forwards to). */
  page: SlugPageId | DefaultLanguagePathId;
  language: string;
  /** The slug as written: the page's, or the former one of a forward. */
  slug: string;
  /** Set for a legal section's path, which the legal page's fallback serves while the legal page answers. */
  legalSection?: string;
}

/** The paths a route table publishes, as the record keeps them: every path written in slugs.yaml. */
export function publishedPathsOf(routeTable: RouteTable): PublishedPath[] {
  return routeTable.routes.flatMap((route): PublishedPath[] => {
    const keys = route.slugSource?.keys;
    if (!keys) return [];
    const slug = route.slugSource!.slug;
    const entry = (page: string, legalSection?: string): PublishedPath[] => [
      {
        path: route.path,
        page: page as PublishedPath['page'],
        language: route.language,
        slug,
        ...(legalSection ? { legalSection } : {}),
      },
    ];
    if (keys[0] === 'former') return entry(String(keys[1]));
    if (keys[0] === 'defaultLanguageOnly') return entry(String(keys[1]));
    if (keys[0] === 'legalSections') return entry('legal', String(keys[1]));
    return entry(String(keys[0]));
  });
}

/** The record the build writes into its output. */
export function publishedPathsRecord(routeTable: RouteTable): OutputFile {
  const record = {
    version: recordVersion,
    note: 'The paths this build published; the next build keeps each answering (a forward under former: in slugs.yaml).',
    paths: publishedPathsOf(routeTable),
  };
  return { path: publishedPathsFile, contents: `${JSON.stringify(record, null, 2)}\n` };
}

/** The paths the build in an output folder published; undefined when it left no record (or none this version reads). */
export async function readPublishedPaths(outDir: string): Promise<PublishedPath[] | undefined> {
  try {
    const record = JSON.parse(await readFile(path.join(outDir, publishedPathsFile), 'utf8')) as {
      version?: number;
      paths?: unknown;
    };
    if (record.version !== recordVersion || !Array.isArray(record.paths)) return undefined;
    return (record.paths as PublishedPath[]).filter(
      (entry) =>
        typeof entry?.path === 'string' &&
        typeof entry.page === 'string' &&
        typeof entry.language === 'string' &&
        typeof entry.slug === 'string',
    );
  } catch {
    return undefined;
  }
}

/** One published path that would stop answering. */
export interface LostPath extends PublishedPath {
  /** The page's slug in that language now. */
  slugNow?: string;
}

const knownPages = new Set<string>([...slugPageIds, ...defaultLanguagePathIds]);
const isDefaultLanguagePath = (page: string): page is DefaultLanguagePathId =>
  (defaultLanguagePathIds as readonly string[]).includes(page);

/** Where slugs.yaml writes a page's slug in a language (the default language's own paths have one slug). */
const slugKeys = (page: string, language: string) =>
  isDefaultLanguagePath(page) ? ['defaultLanguageOnly', page] : [page, language];

/** The published paths the route table no longer answers, neither as a page nor as a forward. */
export function lostPaths(published: PublishedPath[], routeTable: RouteTable): LostPath[] {
  const answered = new Set(routeTable.routes.map((route) => route.path));
  const languages = new Set(routeTable.languages.codes);
  const lost = published.filter(
    (entry) =>
      !answered.has(entry.path) &&
      knownPages.has(entry.page) &&
      languages.has(entry.language) &&
      // The legal page's fallback serves any one segment under it; a gone legal page is reported itself.
      !entry.legalSection,
  );
  // One line per page, language and slug: the paths of one old slug (a legal page's sections) say the same.
  const seen = new Set<string>();
  return lost
    .filter((entry) => {
      const key = `${entry.page}\0${entry.language}\0${entry.slug}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((entry) => {
      const [first, second] = slugKeys(entry.page, entry.language);
      const now = routeTable.routes.find(
        ({ slugSource }) =>
          slugSource?.keys.length === 2 && slugSource.keys[0] === first && slugSource.keys[1] === second,
      );
      return { ...entry, slugNow: now?.slugSource?.slug };
    });
}

/** The `former:` entry of a page with its old slugs added, as one line of flow YAML: `  about: { de: [uber-uns] }`. */
export function formerLine(page: string, formerSlugs: FormerSlugs, add: Record<string, string[]>): string {
  const merged: Record<string, string[]> = {};
  for (const [language, slugs] of Object.entries(formerSlugs[page as keyof FormerSlugs] ?? {}))
    merged[language] = [...slugs];
  for (const [language, slugs] of Object.entries(add))
    merged[language] = [...new Set([...(merged[language] ?? []), ...slugs])];
  const languages = Object.entries(merged).map(([language, slugs]) => `${language}: [${slugs.join(', ')}]`);
  return `  ${page}: { ${languages.join(', ')} }`;
}

/**
 * Stops the build when a path the last build into `outDir` published would stop answering:
 * one problem per lost path, at the page's slug in slugs.yaml, with the `former:` line to add.
 */
export async function assertPublishedPathsKept(
  contentDir: string,
  formerSlugs: FormerSlugs,
  routeTable: RouteTable,
  outDir: string | undefined,
): Promise<void> {
  const published = outDir === undefined ? undefined : await readPublishedPaths(outDir);
  if (!published) return;
  const lost = lostPaths(published, routeTable);
  if (lost.length === 0) return;

  const slugsPath = contentPathOf('slugs');
  const file = await parseYamlFile(contentDir, slugsPath, new ProblemList());
  const locate = (keys: string[]): SourceLocation => {
    const where = file ? positionOf(file, keys) : undefined;
    return { file: path.join(contentDir, slugsPath), line: where?.line, column: where?.col };
  };
  const hasFormer = file?.doc.has('former') === true;
  const byPage = new Map<string, Record<string, string[]>>();
  for (const entry of lost) {
    const add = byPage.get(entry.page) ?? {};
    add[entry.language] = [...(add[entry.language] ?? []), entry.slug];
    byPage.set(entry.page, add);
  }
  const lines = new Map([...byPage].map(([page, add]) => [page, formerLine(page, formerSlugs, add)]));
  const where = (page: string) =>
    formerSlugs[page as keyof FormerSlugs]
      ? `replace the ${page}: entry under former: in slugs.yaml by`
      : hasFormer
        ? 'add under former: in slugs.yaml the line'
        : 'add at the end of slugs.yaml the line "former:" and under it the line';
  const problems = lost.map(
    (entry) =>
      new SiteError({
        code: 'SLUG_FORWARD_MISSING',
        message:
          `${slugKeys(entry.page, entry.language).join('.')}: the address ${entry.path}, which the last build published` +
          `${entry.slugNow !== undefined ? ` (the ${entry.page} page in ${entry.language}, now "${entry.slugNow}")` : ''}, ` +
          'would answer 404: links and bookmarks to it would break',
        location: locate(slugKeys(entry.page, entry.language)),
        hint: `Keep it as a forward: ${where(entry.page)} "${lines.get(entry.page)!.trim()}", indented by two spaces.`,
      }),
  );
  const block = [...(hasFormer ? [] : ['former:']), ...lines.values()].join('\n');
  throw new SiteError({
    code: 'SLUG_FORWARD_MISSING',
    message: `${problems.length} address${problems.length === 1 ? '' : 'es'} the last build published would stop answering.`,
    hint: `Keep ${problems.length === 1 ? 'it as a forward' : 'them as forwards'}: ${hasFormer ? 'under former: in slugs.yaml' : 'at the end of slugs.yaml'}, ${[...byPage.keys()].some((page) => formerSlugs[page as keyof FormerSlugs]) ? 'in place of the same pages’ entries, ' : ''}put\n${block}`,
    problems,
  });
}
