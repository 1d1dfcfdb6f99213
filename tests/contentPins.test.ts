/**
 * Tests test the generator, not today's content: no test outside the fixtures names a
 * slug, id or text of the real content, so an editor's valid change never fails
 * `npm test`. The real content is read here at run time (content/), every string,
 * template and pattern literal of every test file is read with the TypeScript parser
 * (comments do not count), and a literal is a pin when it holds
 *
 * - a slug of content/slugs.yaml (formers too) of at least 5 characters: as a path
 *   segment (`/de/uber-uns/`, `chi-siamo/index.html`) when the slug is also the name of
 *   a page, section or file (about, legal), anywhere as a word otherwise (`uber-uns`);
 * - an id or name of a plan or zone (plans.yaml, zones.yaml) of at least 5 characters;
 * - a text of the content (texts/, legal/, cookie-policy.yaml, the plans' names): the
 *   literal equals one of at least 8 characters (prose or a name, not a key or a date),
 *   holds one of at least 20, or is a piece of one at least 20 characters long;
 * - a setting of site.yaml of at least 8 characters (the brand, an address, a host, a link).
 *
 * What a test needs of the real content it derives from the content or the route table
 * (tests/helpers/routeTable.ts); a fact the site must keep is the content gate's
 * (generator/check/content.ts); anything else runs on a small named fixture.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { realLoadedContent, realRouteTable, realText } from './helpers/routeTable.ts';
import { pageIds } from '../generator/model/pages.ts';

const root = path.resolve(import.meta.dirname, '..');
const contentDir = path.join(root, 'content');

/**
 * Where a literal that looks like the real content is not a pin of it, or is a pin left on
 * purpose, with why: `pins` names the pins allowed (as the report names them), all when absent.
 */
export const allowed: { file: string; pins?: string[]; reason: string }[] = [
  // Fixtures: the values are the fixture's, which happen to be spelled like today's content.
  {
    file: 'tests/generator/model/routeTable.test.ts',
    reason: 'runs on the spec’s languages and slugs, a fixture (tests/fixtures/routeTable/spec.yaml)',
  },
  {
    file: 'tests/generator/check/runner.test.ts',
    reason: 'runs on the planted-fault fixture (tests/fixtures/check-faults), its own content and pages',
  },
  {
    file: 'tests/generator/check/pageLimits.test.ts',
    reason: 'runs on a copy of the planted-fault fixture (tests/fixtures/check-faults)',
  },
  {
    file: 'tests/generator/content/loadErrors.test.ts',
    reason: 'fixtures under tests/fixtures/content name these plans and slugs; the messages quote them',
  },
  {
    file: 'tests/generator/translations/xliffImport.test.ts',
    reason: 'runs on the translation fixture (tests/helpers/translationFixture.ts)',
  },
  {
    file: 'tests/generator/translations/confirm.test.ts',
    reason: 'a content file’s path (legal/en.yaml), not a page’s',
  },
  {
    file: 'tests/generator/build/publishedPaths.test.ts',
    reason: 'runs on slugs it names itself (namedSlugs), not on content/slugs.yaml',
  },
  // Functions tested on their own input, which reads no content.
  { file: 'tests/generator/preview/paths.test.ts', reason: 'path functions on made-up paths' },
  { file: 'tests/client/lib/notFound.test.ts', reason: 'legalPageFor on its own table of paths' },
  { file: 'tests/client/lib/formMail.test.ts', reason: 'the mail draft from its own labels' },
  { file: 'tests/generator/build/translations.test.ts', reason: 'the translator on its own texts' },
  { file: 'tests/generator/dev/planner.test.ts', reason: 'the rebuild planner on its own pages' },
  { file: 'tests/generator/check/layoutPlan.test.ts', reason: 'the layout plan on its own page facts' },
  { file: 'tests/generator/check/baseline.test.ts', reason: 'screenshots of its own pages' },
  { file: 'tests/generator/check/layout.test.ts', reason: 'its own pages, one with a long German title' },
  { file: 'tests/generator/errors/codeFrame.test.ts', reason: 'a code frame of its own YAML' },
  { file: 'tests/generator/errors/siteError.test.ts', reason: 'an error of its own YAML' },
  { file: 'tests/templates/format.test.ts', reason: 'the formats on their own time patterns; Intl names' },
  {
    file: 'tests/templates/subscriptions/planBadge.test.ts',
    reason: 'the badge on its own plans; my-europe-plus is the generator’s businessBadgePlanId',
  },
  {
    file: 'tests/generator/model/planTexts.test.ts',
    pins: ['id europe'],
    reason: 'europe is a roaming reach, a field of the plan schema (Plan.roaming), not the zone',
  },
  {
    file: 'tests/generator/check/content.test.ts',
    pins: ['id global'],
    reason: 'the zone an editor may add a country to, as the content gate names it',
  },
  // Settings as a test's own input, or the base URL a test builds with.
  { file: 'tests/client/lib/consent.test.ts', reason: 'the consent key of its own brand names' },
  { file: 'tests/client/lib/mailto.test.ts', reason: 'mailto links to its own address' },
  {
    file: 'tests/generator/content/schemas/siteSchema.test.ts',
    reason: 'the settings schema on its own hosts',
  },
  { file: 'tests/generator/hosting/values.test.ts', reason: 'host-file escaping of its own hosts' },
  { file: 'tests/generator/translations/xliffExport.test.ts', reason: 'its own page addresses' },
  { file: 'tests/generator/build/pictures.test.ts', reason: 'the --base-url it builds with' },
  { file: 'tests/site/fuzz.test.ts', reason: 'the --base-url it builds with' },
  { file: 'tests/generator/hosting/vercel.test.ts', reason: 'a base URL for its answers’ labels' },
  {
    file: 'tests/editorChanges/editorChanges.test.ts',
    pins: ['id MY SWISS', 'slug abbonamenti', 'slug abonnements'],
    reason: 'the new plan’s name (MY SWISS LITE) and the new FAQ entry’s prose, written by the test',
  },
];

const readYaml = (file: string): unknown => YAML.parse(readFileSync(path.join(contentDir, file), 'utf8'));

/** Every string in a parsed YAML value. */
function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, into);
  return into;
}

/** Every key of a mapping in a parsed YAML value. */
function keysOf(value: unknown, into: string[] = []): string[] {
  if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if (!Array.isArray(value)) into.push(key);
      keysOf(item, into);
    }
  return into;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Pin {
  /** What the pin is, as the report names it: `slug uber-uns`, `text "Über uns"`. */
  pin: string;
  matches(literal: string): boolean;
}

function contentPins(): Pin[] {
  const slugsFile = readYaml('slugs.yaml');
  const slugs = new Set(stringsOf(slugsFile).filter((slug) => slug.length >= 5));
  // A slug spelled like a page, section or content file is only a pin where it stands in a path.
  const names = new Set([
    ...keysOf(slugsFile),
    ...pageIds,
    ...fg.sync('**/*.yaml', { cwd: contentDir }).flatMap((file) => file.replace(/\.yaml$/, '').split('/')),
  ]);
  const pins: Pin[] = [...slugs].map((slug) => {
    const pattern = names.has(slug)
      ? new RegExp(`(?:/${escape(slug)}(?:/|$|[#?'"\`])|^${escape(slug)}/index\\.html)`)
      : new RegExp(`(?:^|[^\\w-])${escape(slug)}(?:[^\\w-]|$)`);
    // A content file's path (legal/en.yaml) is no page's.
    return { pin: `slug ${slug}`, matches: (literal) => !/\.yaml$/.test(literal) && pattern.test(literal) };
  });

  const plans = (readYaml('plans.yaml') as { plans: { id: string; name: string }[] }).plans;
  const zones = (readYaml('zones.yaml') as { zones: { id: string }[] }).zones;
  for (const id of [...plans.flatMap((plan) => [plan.id, plan.name]), ...zones.map((zone) => zone.id)]) {
    if (id.length < 5) continue;
    // An id that is a plain word (europe, business) only where it is the whole literal.
    const pattern = /^[a-z]+$/.test(id)
      ? new RegExp(`^${escape(id)}$`)
      : new RegExp(`(?:^|[^\\w-])${escape(id)}(?:[^\\w-]|$)`);
    pins.push({ pin: `id ${id}`, matches: (literal) => pattern.test(literal) });
  }

  const textFiles = fg.sync(['texts/**/*.yaml', 'legal/*.yaml', 'cookie-policy.yaml'], { cwd: contentDir });
  // Prose and names (`Accept all`, `Coverage`), not the keys, dates and file names among the texts.
  const isText = (text: string) => / /.test(text) || /^\p{Lu}\p{Ll}+$/u.test(text);
  const texts = new Set(
    [...textFiles.flatMap((file) => stringsOf(readYaml(file))), ...plans.map((plan) => plan.name)]
      .map((text) => text.replace(/\s+/g, ' ').trim())
      .filter(isText),
  );
  const long = [...texts].filter((text) => text.length >= 20);
  const all = [...texts].join('\u0000');
  pins.push({
    pin: 'a text of the content',
    matches: (literal) => {
      const text = literal.replace(/\s+/g, ' ').trim();
      if (text.length >= 8 && texts.has(text)) return true;
      if (text.length >= 20 && all.includes(text)) return true;
      return text.length >= 20 && long.some((candidate) => text.includes(candidate));
    },
  });
  // The company's settings an editor may change: brand, addresses, hosts, numbers, links.
  const settings = readYaml('site.yaml') as Record<string, unknown>;
  const values = new Set(
    stringsOf({ ...settings, theme: undefined, openingHours: undefined, forms: undefined }).filter(
      (value) => value.length >= 8,
    ),
  );
  for (const value of values) {
    const pattern = new RegExp(`(?:^|[^\\w.-])${escape(value)}(?:[^\\w-]|$)`);
    pins.push({ pin: `setting ${value}`, matches: (literal) => pattern.test(literal) });
  }
  return pins;
}

interface Literal {
  line: number;
  text: string;
}

/** Every string, template part and pattern of a test file, comments left out. */
function literalsOf(file: string, source: string): Literal[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: Literal[] = [];
  const visit = (node: ts.Node) => {
    // A module's path is no content.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    )
      found.push({ line: tree.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
    else if (ts.isRegularExpressionLiteral(node))
      // The pattern as the text it matches: escapes of punctuation dropped.
      found.push({
        line: tree.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        text: node.text.replace(/^\/|\/[a-z]*$/g, '').replace(/\\([^\w\s])/g, '$1'),
      });
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** The pins of the real content in one file's source: `file:line: pin: literal`. */
export function pinsIn(file: string, source: string, pins = contentPins()): string[] {
  const allowedHere = allowed.filter((entry) => entry.file === file);
  const found: string[] = [];
  for (const literal of literalsOf(file, source))
    for (const pin of pins)
      if (
        pin.matches(literal.text) &&
        !allowedHere.some((entry) => !entry.pins || entry.pins.includes(pin.pin))
      )
        found.push(`${file}:${literal.line}: ${pin.pin}: ${JSON.stringify(literal.text.slice(0, 80))}`);
  return found;
}

/** Where the tests (and their helpers and setup) pin the real content: `file:line: pin`. */
export function findContentPins(): string[] {
  const pins = contentPins();
  // This file names pins in its allowances, and the fixtures are a fixture's.
  const files = fg
    .sync(['tests/**/*.{ts,mjs}'], { cwd: root, ignore: ['tests/fixtures/**', 'tests/contentPins.test.ts'] })
    .sort();
  return files.flatMap((file) => pinsIn(file, readFileSync(path.join(root, file), 'utf8'), pins));
}

describe('tests and the real content', () => {
  it('finds a page path, a plan id and a text of the content in strings and templates, not in comments', () => {
    const germanAbout = realRouteTable.pathOf('about', 'de');
    const plan = realLoadedContent.plans[0].id;
    const label = realText('en', 'common.cookieBanner.all');
    const source = [
      `await page.goto(\`\${url}${germanAbout}\`);`,
      `expect(zone.plans).toContain('${plan}');`,
      `await page.getByRole('button', { name: "${label}" }).click();`,
      `// ${germanAbout} in a comment is no pin`,
    ].join('\n');
    expect(pinsIn('tests/made-up.test.ts', source).map((found) => found.split(': ')[0])).toEqual([
      'tests/made-up.test.ts:1',
      'tests/made-up.test.ts:2',
      'tests/made-up.test.ts:3',
    ]);
  });

  it('allows only files that exist', () => {
    const missing = allowed.filter((entry) => !existsSync(path.join(root, entry.file)));
    expect(missing.map((entry) => entry.file)).toEqual([]);
  });

  it('no test outside the fixtures names a slug, plan, zone or text of the real content', () => {
    expect(
      findContentPins(),
      'Derive it from the loaded content or the route table (tests/helpers/routeTable.ts), or use a fixture',
    ).toEqual([]);
  });
});
