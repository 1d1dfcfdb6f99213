/**
 * Every content mistake is a located error (file, line, column, field, a message
 * in the content's words, a hint), shown on small named fixtures through the
 * loader and the build directly; one CLI run proves exit code 1, the message and
 * its code frame on stderr, and an untouched previous output.
 */
import { cp, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../generator/build/pipeline.ts';
import { loadContent } from '../../../generator/content/load.ts';
import { isSiteError, type SiteError } from '../../../generator/errors/siteError.ts';
import { createMemoryWriter } from '../../../generator/build/writer.ts';
import {
  contentWithFixture,
  fixtureFiles,
  loadFixture,
  removeFixtureCopies,
} from '../../helpers/contentFixture.ts';
import { makeTempDir, runSite } from '../../helpers/site.ts';
import { sharedDist, warmImageCache } from '../../helpers/sharedBuild.ts';
import { realLoadedContent } from '../../helpers/routeTable.ts';

afterAll(removeFixtureCopies);

interface Expected {
  /** The problem's file, relative to the content folder. */
  file: string;
  line?: number;
  column?: number;
  code: SiteError['code'];
  message: RegExp;
  hint?: RegExp;
}

/**
 * The fixture's one problem in the file it shows the mistake in, which must be exactly the
 * expected one. A fixture holds whole files laid over the real content, so a file it replaces may
 * lack what the editors have since added elsewhere (a plan that zones.yaml names): problems in
 * files the fixture neither holds nor names are the content's, not the fixture's.
 */
async function onlyProblem(
  name: string,
  expectedFile: string,
): Promise<{ problem: SiteError; contentDir: string }> {
  const { error, contentDir } = await loadFixture(name);
  expect(error, `${name} loads without an error`).toBeDefined();
  const ownFiles = new Set([...(await fixtureFiles(name)), expectedFile]);
  const own = error!.problems.filter((problem) => {
    const file = problem.location?.file;
    return file === undefined || ownFiles.has(path.relative(contentDir, file).split(path.sep).join('/'));
  });
  expect(
    own.map((problem) => problem.located),
    name,
  ).toHaveLength(1);
  return { problem: own[0], contentDir };
}

function expectProblem(problem: SiteError, contentDir: string, expected: Expected) {
  expect(path.relative(contentDir, problem.location!.file).split(path.sep).join('/')).toBe(expected.file);
  expect(problem.code).toBe(expected.code);
  expect(problem.message).toMatch(expected.message);
  if (expected.line !== undefined) expect(problem.location?.line, problem.message).toBe(expected.line);
  if (expected.column !== undefined) expect(problem.location?.column, problem.message).toBe(expected.column);
  if (expected.hint) expect(problem.hint).toMatch(expected.hint);
  // Messages speak the content's language, never the parser's or zod's.
  expect(problem.message).not.toMatch(
    /compact mapping|Invalid input|received|Too big|Too small|ENOTDIR|ELOOP|EISDIR/,
  );
}

const located: [string, Expected][] = [
  [
    'plan-data-without-unit',
    {
      file: 'plans.yaml',
      line: 24,
      column: 15,
      code: 'CONTENT_SCHEMA',
      message: /^plans\[1\]\.roaming\.europe\.data: Expected a text, found the number 50/,
    },
  ],
  [
    'settings-url-with-semicolon',
    {
      file: 'site.yaml',
      line: 29,
      column: 14,
      code: 'CONTENT_SCHEMA',
      message:
        /^urls\.luganoMap: Expected https:\/\/ followed by a plain host name.*\(found "https:\/\/maps\.example\.net;script-src\/"\)/,
    },
  ],
  [
    'settings-email-malformed',
    {
      file: 'site.yaml',
      line: 6,
      column: 8,
      code: 'CONTENT_SCHEMA',
      message: /^email: Expected an e-mail address \(found "info@example,com"\)/,
    },
  ],
  [
    'unknown-key-in-settings',
    {
      file: 'site.yaml',
      line: 24,
      column: 1,
      code: 'CONTENT_UNKNOWN_KEY',
      message: /^funded: Unknown key "funded"\. Did you mean "founded"\?/,
    },
  ],
  [
    'plan-key-misspelt',
    {
      file: 'plans.yaml',
      line: 8,
      column: 5,
      code: 'CONTENT_UNKNOWN_KEY',
      message: /^plans\[0\]\.nationalDta: Unknown key "nationalDta"\. Did you mean "nationalData"\?$/,
    },
  ],
  [
    'unknown-plan-in-zone',
    {
      file: 'zones.yaml',
      line: 20,
      column: 29,
      code: 'CONTENT_REFERENCE',
      message: /^zones\[2\]\.plans\[1\]: Unknown plan "my-wrld"\. Did you mean "my-world"\?/,
      // The fixture holds the zones only: the plans it may name are the real content's.
      hint: new RegExp(realLoadedContent.plans.map((plan) => plan.id).join(', ')),
    },
  ],
  [
    'unknown-country-in-zone',
    {
      file: 'zones.yaml',
      line: 7,
      column: 9,
      code: 'CONTENT_REFERENCE',
      message: /^zones\[0\]\.countries\[0\]: Unknown country "swizerland"\. Did you mean "switzerland"\?/,
    },
  ],
  [
    'unknown-plan-label',
    {
      file: 'plans.yaml',
      line: 15,
      column: 16,
      code: 'CONTENT_REFERENCE',
      message: /^plans\[0\]\.features\[0\]: Unknown label "speed5gg"\. Did you mean "speed5g"\?/,
    },
  ],
  [
    'misspelt-tariff-item',
    {
      file: 'tariffs.yaml',
      line: 8,
      column: 15,
      code: 'CONTENT_REFERENCE',
      message:
        /^payPerUse\.rows\[0\]\.item: Unknown tariff item "callsToChFI"\. Did you mean "callsToChFl"\?/,
    },
  ],
  [
    'tariff-row-decimal-comma',
    {
      file: 'tariffs.yaml',
      line: 12,
      column: 28,
      code: 'CONTENT_SCHEMA',
      message: /This row has 5 prices, the table has 4 columns; a decimal comma\? Write 0\.05, not 0,05/,
      // The same hint as a single value with a decimal comma gets.
      hint: /^Prices are written with a decimal point \(0\.50\); a comma separates values in YAML\.$/,
    },
  ],
  [
    'tariff-value-decimal-comma',
    {
      file: 'tariffs.yaml',
      line: 24,
      column: 34,
      code: 'CONTENT_SCHEMA',
      message: /shortNumbers\[1\]\.setup: a decimal comma\? Write 0\.50, not 0,50/,
      hint: /^Prices are written with a decimal point \(0\.50\); a comma separates values in YAML\.$/,
    },
  ],
  [
    'legal-unknown-placeholder',
    {
      file: 'legal/de.yaml',
      line: 13,
      column: 11,
      code: 'CONTENT_REFERENCE',
      message:
        /^terms\.sections\[0\]\.paragraphs\[0\]: Unknown placeholder \{\{brnad\}\}\. Did you mean \{\{brand\}\}\?/,
    },
  ],
  [
    'legal-table-row-short',
    {
      file: 'legal/en.yaml',
      line: 23,
      column: 13,
      code: 'CONTENT_SCHEMA',
      message: /rows\[1\]: This row has 2 cells, the table has 3 headings/,
    },
  ],
  [
    'zone-id-twice',
    { file: 'zones.yaml', code: 'CONTENT_SCHEMA', message: /^zones\[3\]\.id: "business" is used twice/ },
  ],
  [
    'cookie-policy-slug-taken',
    {
      file: 'slugs.yaml',
      line: 26,
      column: 17,
      code: 'ROUTE_CONFLICT',
      message:
        /^defaultLanguageOnly\.cookiePolicy: "chi-siamo" is also the slug of about\.it; both would be \/chi-siamo\/$/,
      hint: /own slug/,
    },
  ],
  [
    'slug-reserved',
    {
      file: 'slugs.yaml',
      line: 6,
      column: 14,
      code: 'ROUTE_RESERVED',
      message:
        /^about\.it: "assets" is a path the build or a web host reserves .*; the path would be \/assets\/$/,
      hint: /another slug/,
    },
  ],
  [
    'locale-with-extension',
    {
      file: 'languages.yaml',
      line: 16,
      column: 13,
      code: 'CONTENT_SCHEMA',
      message: /^languages\[1\]\.locale: Expected a language and region such as it-CH \(nothing more\)/,
    },
  ],
  [
    'slug-too-long',
    {
      file: 'slugs.yaml',
      line: 6,
      column: 14,
      code: 'CONTENT_SCHEMA',
      message: /^about\.it: Too long: 3000 characters, at most 80 are allowed/,
    },
  ],
  [
    'brand-too-long',
    {
      file: 'site.yaml',
      line: 3,
      column: 8,
      code: 'CONTENT_SCHEMA',
      message: /^brand: Too long: 239 characters, at most 200/,
    },
  ],
  // YAML mistakes in plain words, aliases, tags and control characters: tests/generator/content/yamlReader.test.ts;
  // texts against the reference language's: tests/generator/content/texts.test.ts.
  [
    'not-utf8',
    {
      file: 'texts/fr/notFound.yaml',
      line: 3,
      column: 30,
      code: 'CONTENT_YAML_SYNTAX',
      message: /not UTF-8/,
    },
  ],
  [
    'utf16',
    { file: 'texts/fr/notFound.yaml', line: 1, column: 1, code: 'CONTENT_YAML_SYNTAX', message: /UTF-16/ },
  ],
  [
    'cr-line-ends',
    {
      file: 'texts/it/notFound.yaml',
      line: 1,
      column: 6,
      code: 'CONTENT_YAML_SYNTAX',
      message: /lone carriage return/,
    },
  ],
  // Files and folders: each says what is wrong with it.
  [
    'missing-zones',
    { file: 'zones.yaml', code: 'CONTENT_MISSING_FILE', message: /^Required content file is missing$/ },
  ],
  [
    'missing-image',
    {
      file: 'texts/it/about.yaml',
      line: 23,
      column: 11,
      code: 'CONTENT_MISSING_FILE',
      message: /^about\.vision\.image\.file: content\/images\/vision\.jpg does not exist$/,
    },
  ],
  [
    'folder-instead-of-file',
    {
      file: 'texts/it/notFound.yaml',
      code: 'CONTENT_MISSING_FILE',
      message: /is a folder, where a file is needed/,
    },
  ],
  [
    'symlink-loop',
    {
      file: 'texts/it/notFound.yaml',
      code: 'CONTENT_MISSING_FILE',
      message: /symbolic link that leads back to itself/,
    },
  ],
];

describe('content mistakes, each one located problem', () => {
  it.each(located)('%s', async (name, expected) => {
    const { problem, contentDir } = await onlyProblem(name, expected.file);
    expectProblem(problem, contentDir, expected);
  });

  it('reports every problem of several files at once', async () => {
    const { error } = await loadFixture('two-files-broken');
    expect(error!.message).toBe('Content has 2 problems; nothing was written.');
    expect(error!.problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/^email: Expected an e-mail address \(found "not-an-address"\)/),
      expect.stringMatching(
        /^plans\[0\]\.esim: Expected true or false \(write true or false, without quotes\), found the text "yes"/,
      ),
    ]);
  });

  it('reports a content folder that does not exist as one problem', async () => {
    const error = await loadContent('/nonexistent/site-content').catch((caught: unknown) => caught);
    expect(isSiteError(error) && error.code).toBe('CONTENT_MISSING_FILE');
    expect((error as SiteError).message).toBe('Content folder not found');
  });
});

describe('mistakes the build finds after loading', () => {
  async function buildError(
    fixture: string,
    strict = false,
  ): Promise<{ error: SiteError; contentDir: string }> {
    const contentDir = await contentWithFixture(fixture);
    // A private copy of the warm image cache: a mistake found after loading need not draw every image again.
    const cacheDir = await warmImageCache(path.join(path.dirname(contentDir), 'cache'));
    const error = await build({
      contentDir,
      writer: createMemoryWriter(),
      baseUrl: 'https://www.example.com',
      strict,
      cacheDir,
    }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(isSiteError(error), `${fixture} builds`).toBe(true);
    return { error: error as SiteError, contentDir };
  }

  it('a placeholder that nothing fills, in the file that holds the text, with the likely one', async () => {
    const { error, contentDir } = await buildError('text-placeholder-misspelt');
    expect(error.problems).toHaveLength(1);
    expectProblem(error.problems[0], contentDir, {
      file: 'texts/fr/notFound.yaml',
      line: 4,
      column: 8,
      code: 'TEXT_PLACEHOLDER',
      message:
        /^notFound\.title: unknown placeholder \{\{brnad\}\} \(fr page\)\. Did you mean \{\{brand\}\}\?/,
    });
  });

  it('a placeholder that names what every object inherits ({{constructor}}), at its text, in every language that shows it', async () => {
    const { error, contentDir } = await buildError('text-placeholder-inherited');
    expect(new Set(error.problems.map((problem) => problem.code))).toEqual(new Set(['TEXT_PLACEHOLDER']));
    expect(error.problems.length).toBeGreaterThan(0);
    for (const problem of error.problems)
      expectProblem(problem, contentDir, {
        file: 'texts/it/home.yaml',
        line: 6,
        column: 10,
        code: 'TEXT_PLACEHOLDER',
        message: /^home\.hero\.title: unknown placeholder \{\{constructor\}\} \(\w+ page\)/,
      });
  });

  it('an empty translation under --strict, at its line', async () => {
    const { error, contentDir } = await buildError('empty-translation', true);
    const problem = error.problems.find((candidate) => candidate.message.includes('notFound.title'));
    expect(problem?.message).toMatch(/^en: missing text "notFound\.title"/);
    expect(path.relative(contentDir, problem!.location!.file)).toBe(
      path.join('texts', 'en', 'notFound.yaml'),
    );
    expect(problem!.location!.line).toBe(4);
  });

  it('an image whose size cannot be read', async () => {
    const { error, contentDir } = await buildError('image-without-size');
    expect(error.problems).toHaveLength(1);
    const [problem] = error.problems;
    expect(problem.code).toBe('IMAGE_UNREADABLE');
    expect(path.relative(contentDir, problem.location!.file)).toBe(path.join('images', 'vision.svg'));
    expect(problem.message).toBe('vision.svg has no readable width and height');
  });
});

describe('the site command on broken content', () => {
  async function snapshot(dir: string): Promise<Map<string, string>> {
    const files = new Map<string, string>();
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      files.set(path.relative(dir, full), `${(await stat(full)).mtimeMs}:${await readFile(full, 'utf8')}`);
    }
    return files;
  }

  it('exits 1 with the located message and its code frame on stderr, and leaves the previous output exactly as it was', async () => {
    const workDir = await makeTempDir('errors');
    try {
      const outDir = path.join(workDir, 'dist');
      // The previous output: a copy of the run's one build of the real content, its mark included.
      await cp(sharedDist(), outDir, { recursive: true });
      expect((await readdir(outDir)).length).toBeGreaterThan(10);
      const before = await snapshot(outDir);
      const contentDir = await contentWithFixture('unknown-plan-in-zone');
      const result = await runSite(
        ['build', '--content', contentDir, '--out', outDir],
        path.dirname(contentDir),
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        'content/zones.yaml:20:29  zones[2].plans[1]: Unknown plan "my-wrld". Did you mean "my-world"?  [CONTENT_REFERENCE]',
      );
      expect(result.stderr).toContain(
        '    > 20 |     plans: [my-europe-plus, my-wrld]\n         |                             ^',
      );
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(await snapshot(outDir)).toEqual(before);
      expect((await readdir(workDir)).filter((name) => name.startsWith('dist.'))).toEqual([]);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });
});
