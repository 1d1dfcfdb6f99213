/**
 * The i18n gate on a two-language content folder (tests/fixtures/i18n-missing-and-outdated-english)
 * and a stand-in output made from its route table: a missing and an outdated translation, the
 * missing-translation marker on a page, and pages of the route table that were not built.
 */
import { cp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { missingMarker } from '../../../generator/build/translations.ts';
import { gate } from '../../../generator/check/i18n.ts';
import { htmlFiles } from '../../../generator/check/site.ts';
import type { CheckContext, GateOutcome, Problem } from '../../../generator/check/types.ts';
import { readSiteStructure } from '../../../generator/content/siteStructure.ts';
import type { Route } from '../../../generator/model/routeTable.ts';
import { makeTempDir, projectRoot } from '../../helpers/site.ts';

const fixture = path.join(projectRoot, 'tests/fixtures/i18n-missing-and-outdated-english/content');
let routeFiles: string[];
/** The fixture's English about page: a page of its route table, whatever its slug. */
let englishAbout: Route;

beforeAll(async () => {
  const { routes } = (await readSiteStructure(fixture)).routeTable;
  routeFiles = routes.map((route) => route.file);
  englishAbout = routes.find((route) => route.page === 'about' && route.language === 'en')!;
});

/** A copy of the fixture's content, and an output with a plain page at every path of its route table. */
async function site(): Promise<{ contentDir: string; dir: string }> {
  const workDir = await makeTempDir('i18n-gate');
  const contentDir = path.join(workDir, 'content');
  await cp(fixture, contentDir, { recursive: true });
  const dir = path.join(workDir, 'dist');
  for (const file of routeFiles) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), '<p>a page</p>');
  }
  return { contentDir, dir };
}

async function checkI18n({ contentDir, dir }: { contentDir: string; dir: string }): Promise<GateOutcome> {
  const context = { dir, contentDir, pages: await htmlFiles(dir), forwarded: [] };
  return gate.run(context as unknown as CheckContext);
}

/** The content file a problem names, as the gate shows it: relative to the working folder. */
const shown = (contentDir: string, file: string) => path.relative(process.cwd(), path.join(contentDir, file));

describe('the i18n gate', () => {
  it('names the missing translation as an error and the outdated one as a warning, with their files', async () => {
    const built = await site();
    const outcome = await checkI18n(built);
    expect(outcome.problems).toEqual([
      {
        severity: 'error',
        page: shown(built.contentDir, 'texts/en/home.yaml'),
        message: 'missing translation: home.hero.cta (English (en) pages show the Italiano (it) text)',
      },
      {
        severity: 'warning',
        page: shown(built.contentDir, 'texts/en/home.yaml'),
        message:
          'outdated translation: home.hero.subtitle: Italiano (it) changed since the English (en) translation was made or confirmed, from "Pensata per le aziende svizzere." to "Pensata per le aziende svizzere, grandi e piccole." (site translations status)',
      },
    ] satisfies Problem[]);
    expect(outcome.summary).toBe(`4 keys × 1 languages, ${routeFiles.length} routes, 1 outdated translation`);
    expect(outcome.checked).toBe(4 + routeFiles.length);
  });

  it('finds nothing once the translation is complete and confirmed', async () => {
    const built = await site();
    await writeFile(
      path.join(built.contentDir, 'texts/en/home.yaml'),
      `${await readFile(path.join(built.contentDir, 'texts/en/home.yaml'), 'utf8')}  cta: See the offers\n`,
    );
    const record = path.join(built.contentDir, 'translations/en.yaml');
    await writeFile(
      record,
      `${(await readFile(record, 'utf8')).replace(
        'home.hero.subtitle: Pensata per le aziende svizzere.',
        'home.hero.subtitle: Pensata per le aziende svizzere, grandi e piccole.',
      )}home.hero.cta: Scopri le soluzioni\n`,
    );
    expect((await checkI18n(built)).problems).toEqual([]);
  });

  it('quotes the missing-translation marker where a page shows it', async () => {
    const built = await site();
    await writeFile(path.join(built.dir, englishAbout.file), `<p>Intro</p><p>${missingMarker} Chi siamo</p>`);
    const problems = (await checkI18n(built)).problems.filter(
      (problem) => problem.page === englishAbout.path,
    );
    expect(problems).toEqual([
      {
        severity: 'error',
        page: englishAbout.path,
        message: `shows the missing-translation marker: "${missingMarker} Chi siamo"`,
      },
    ]);
  });

  it('names the pages of the route table that were not built in one line, the first eight by path', async () => {
    const built = await site();
    const unbuilt = routeFiles.slice(2, 12);
    for (const file of unbuilt) await rm(path.join(built.dir, file));
    const paths = unbuilt.map((file) => `/${file.replace(/index\.html$/, '')}`);
    const problems = (await checkI18n(built)).problems.filter((problem) => /not built/.test(problem.message));
    expect(problems).toEqual([
      {
        severity: 'error',
        page: paths[0],
        message: `10 pages of the route table not built: ${paths.slice(0, 8).join(', ')}, … and 2 more`,
      },
    ]);
  });

  it('reports a translation record it cannot read as an error on the record, and still checks the pages', async () => {
    const built = await site();
    await writeFile(path.join(built.contentDir, 'translations/en.yaml'), 'home.hero.title: [unclosed\n');
    await rm(path.join(built.dir, 'index.html'));
    const problems = (await checkI18n(built)).problems;
    expect(problems.map((problem) => [problem.severity, problem.page])).toEqual([
      ['error', shown(built.contentDir, 'translations')],
      ['error', '/'],
    ]);
  });
});
