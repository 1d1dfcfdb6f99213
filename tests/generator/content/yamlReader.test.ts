/**
 * The content's one YAML reader: a file parsed with the positions of its nodes, its
 * YAML mistakes in plain words at their line, aliases, tags and control characters
 * refused, and a cache that keeps the parse of a file whose text did not change.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProblemList } from '../../../generator/content/parsedFile.ts';
import { parseYamlFile, type YamlDocumentCache } from '../../../generator/content/yamlReader.ts';
import type { SiteError } from '../../../generator/errors/siteError.ts';
import { contentFixturesDir } from '../../helpers/contentFixture.ts';
import { makeTempDir } from '../../helpers/site.ts';

const tempDirs: string[] = [];
afterAll(async () => {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

/** Parses `text` as `texts/it/page.yaml` of a fresh content folder. */
async function parseText(text: string, documents?: YamlDocumentCache, contentDir?: string) {
  const dir = contentDir ?? (await makeTempDir('yaml-reader'));
  if (!contentDir) tempDirs.push(dir);
  await writeFile(path.join(dir, 'page.yaml'), text);
  const problems = new ProblemList();
  const file = await parseYamlFile(dir, 'page.yaml', problems, documents);
  return { file, problems: problems.problems, dir };
}

interface Expected {
  line: number;
  column?: number;
  code: SiteError['code'];
  message: RegExp;
  hint?: RegExp;
}

// Each fixture holds one broken file (tests/fixtures/content/<name>/<file>), read here on its own.
const brokenFiles: [string, string, Expected][] = [
  [
    'text-with-colon',
    'texts/it/notFound.yaml',
    { line: 5, column: 17, code: 'CONTENT_YAML_SYNTAX', message: /contains ": "/, hint: /double quotes/ },
  ],
  [
    'text-indented-too-far',
    'texts/en/notFound.yaml',
    {
      line: 3,
      column: 4,
      code: 'CONTENT_YAML_SYNTAX',
      message: /indented more than the line above/,
      hint: /Line it up/,
    },
  ],
  [
    'zones-unclosed-bracket',
    'zones.yaml',
    { line: 5, column: 12, code: 'CONTENT_YAML_SYNTAX', message: /list in \[ \].*is not closed/ },
  ],
  [
    'italian-text-syntax',
    'texts/it/notFound.yaml',
    { line: 5, column: 7, code: 'CONTENT_YAML_SYNTAX', message: /opened with " is not closed/ },
  ],
  [
    'yaml-aliases',
    'texts/it/notFound.yaml',
    { line: 3, column: 20, code: 'CONTENT_YAML_SYNTAX', message: /aliases \(\*name\) are not allowed/ },
  ],
  [
    'yaml-tag',
    'texts/it/notFound.yaml',
    {
      line: 2,
      column: 10,
      code: 'CONTENT_YAML_SYNTAX',
      message: /tags \(such as !js\/function\) are not allowed/,
    },
  ],
  [
    'yaml-nested-too-deep',
    'texts/it/notFound.yaml',
    {
      line: 7,
      code: 'CONTENT_YAML_SYNTAX',
      message: /^YAML syntax error: Values are nested too deeply here/,
      hint: /repeated \[/,
    },
  ],
  [
    'text-with-nul',
    'texts/it/notFound.yaml',
    {
      line: 5,
      column: 8,
      code: 'CONTENT_SCHEMA',
      message: /^This text holds a control character \(U\+0000\), which no page can show$/,
      hint: /Remove it/,
    },
  ],
  [
    'text-with-control-escape',
    'texts/fr/notFound.yaml',
    { line: 5, column: 8, code: 'CONTENT_SCHEMA', message: /^This text holds a control character \(U\+001B\)/ },
  ],
];

describe('parseYamlFile on a broken file', () => {
  it.each(brokenFiles)('%s: one located problem, no document', async (name, file, expected) => {
    const contentDir = path.join(contentFixturesDir, name);
    const problems = new ProblemList();
    expect(await parseYamlFile(contentDir, file, problems)).toBeUndefined();
    expect(problems.problems).toHaveLength(1);
    const [problem] = problems.problems;
    expect(problem.location?.file).toBe(path.join(contentDir, file));
    expect(problem.code).toBe(expected.code);
    expect(problem.message).toMatch(expected.message);
    expect(problem.location?.line, problem.message).toBe(expected.line);
    if (expected.column !== undefined) expect(problem.location?.column, problem.message).toBe(expected.column);
    if (expected.hint) expect(problem.hint).toMatch(expected.hint);
    // Plain words, never the parser's.
    expect(problem.message).not.toMatch(/compact mapping|BAD_INDENT|MISSING_CHAR|Implicit keys/);
  });

  it('names a key written twice in one block at its second line', async () => {
    const { file, problems } = await parseText('title: Uno\ntext: Due\ntitle: Tre\n');
    expect(file).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toBe('YAML syntax error: The key "title" is written twice in this block');
    expect(problems[0].location).toMatchObject({ line: 3, column: 1 });
  });

  it('names a tab used as indentation', async () => {
    const { problems } = await parseText('hero:\n\ttitle: Uno\n');
    expect(problems).toHaveLength(1);
    expect(problems[0].code).toBe('CONTENT_YAML_SYNTAX');
    expect(problems[0].location?.line).toBe(2);
  });

  it('reports only the first syntax error of a file', async () => {
    const { problems } = await parseText('a: "open\nb: [1, 2\nc: \'x\n');
    expect(problems).toHaveLength(1);
  });
});

describe('parseYamlFile on a valid file', () => {
  it('keeps the position of every node', async () => {
    const { file, problems } = await parseText('# A comment\nhero:\n  title: Benvenuti\n  items:\n    - Uno\n');
    expect(problems).toEqual([]);
    const title = file!.doc.getIn(['hero', 'title'], true) as { range: [number, number, number] };
    expect(file!.lineCounter.linePos(title.range[0])).toEqual({ line: 3, col: 10 });
    const item = file!.doc.getIn(['hero', 'items', 0], true) as { range: [number, number, number] };
    expect(file!.lineCounter.linePos(item.range[0])).toEqual({ line: 5, col: 7 });
  });

  it('passes tabs and line ends inside a text', async () => {
    const { file, problems } = await parseText('text: "Uno\\tdue\\ntre"\n');
    expect(problems).toEqual([]);
    expect(file!.doc.toJS()).toEqual({ text: 'Uno\tdue\ntre' });
  });

  it('reuses the cached parse of an unchanged file, and parses a changed one again', async () => {
    const documents: YamlDocumentCache = new Map();
    const first = await parseText('title: Uno\n', documents);
    const again = await parseText('title: Uno\n', documents, first.dir);
    expect(again.file).toBe(first.file);
    const changed = await parseText('title: Due\n', documents, first.dir);
    expect(changed.file).not.toBe(first.file);
    expect(changed.file!.doc.toJS()).toEqual({ title: 'Due' });
  });

  it('caches no file it refused', async () => {
    const documents: YamlDocumentCache = new Map();
    await parseText('a: *missing\n', documents);
    expect(documents.size).toBe(0);
  });
});
