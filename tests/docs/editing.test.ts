/**
 * The list recipes of docs/editing.md work as written: each recipe's YAML snippets, taken from
 * the page, are added to a copy of the real content where their first line and their leading
 * keys say (a list gets the new item at its end; an item naming an existing `id` or `key` adds
 * to that item), and the copy builds, with every Italian text of the recipe on an Italian page
 * and no missing-text marker anywhere. So a recipe cannot drift from the schemas.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isScalar, isSeq, parseDocument, type Document, type Node, type YAMLMap } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/build/pipeline.ts';
import { missingMarker } from '../../generator/build/translations.ts';
import { createDirectoryWriter } from '../../generator/build/writer.ts';
import { warmImageCache } from '../helpers/sharedBuild.ts';
import { copyRealContent, makeTempDir, projectRoot } from '../helpers/site.ts';

const page = await readFile(path.join(projectRoot, 'docs/editing.md'), 'utf8');

interface Snippet {
  /** Relative to the content folder. */
  file: string;
  yaml: string;
}

/** The recipes of the "Lists" section: each `###` heading with its YAML blocks. */
function listRecipes(markdown: string): { name: string; snippets: Snippet[] }[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Lists: adding an item'));
  if (!section) throw new Error('docs/editing.md has no "Lists: adding an item" section');
  return section
    .split(/^### /m)
    .slice(1)
    .map((recipe) => ({
      name: recipe.slice(0, recipe.indexOf('\n')).trim(),
      snippets: [...recipe.matchAll(/^```yaml\n(# content\/(\S+).*\n[\s\S]*?)^```$/gm)].map((match) => ({
        file: match[2],
        yaml: match[1],
      })),
    }));
}

/** The value of `id` or `key` of a map item, which names the item a snippet adds to. */
const nameOf = (node: unknown): unknown =>
  isMap(node) ? ((node as YAMLMap).get('id') ?? (node as YAMLMap).get('key')) : undefined;

/** Adds `addition` into `target`: maps key by key, lists at their end or into the item of the same id. */
function addInto(document: Document, target: Node, addition: Node) {
  if (isMap(target) && isMap(addition)) {
    for (const pair of addition.items) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      const existing = target.get(key, true) as Node | undefined;
      if (existing && (isMap(existing) || isSeq(existing)) && pair.value)
        addInto(document, existing, pair.value as Node);
      else target.set(key, pair.value);
    }
    return;
  }
  if (isSeq(target) && isSeq(addition)) {
    for (const item of addition.items) {
      const name = nameOf(item);
      const same = name === undefined ? undefined : target.items.find((other) => nameOf(other) === name);
      if (same) addInto(document, same as Node, item as Node);
      else target.items.push(item);
    }
    return;
  }
  throw new Error('A snippet does not have the shape of the file it goes into');
}

async function applySnippet(contentDir: string, snippet: Snippet) {
  const file = path.join(contentDir, snippet.file);
  const document = parseDocument(await readFile(file, 'utf8'));
  const addition = parseDocument(snippet.yaml);
  expect(addition.errors, `${snippet.file}: ${addition.errors.join('; ')}`).toEqual([]);
  addInto(document, document.contents as Node, addition.contents as Node);
  await writeFile(file, document.toString());
}

/** Every text of a snippet (what a page would show), without its placeholders. */
function textsOf(snippet: Snippet): string[] {
  const texts: string[] = [];
  const walk = (value: unknown, key?: unknown) => {
    if (Array.isArray(value)) value.forEach((item) => walk(item, key));
    else if (value && typeof value === 'object')
      for (const [name, inner] of Object.entries(value)) walk(inner, name);
    else if (typeof value === 'string' && !value.includes('{{')) texts.push(value);
  };
  walk(parseDocument(snippet.yaml).toJS());
  return texts;
}

const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\u00a0|\u202f/g, ' ');

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const recipes = listRecipes(page);

let cacheDir: string;
beforeAll(async () => {
  cacheDir = await warmImageCache(path.join(await makeTempDir('recipes-cache'), 'images'));
});

describe('the list recipes of docs/editing.md', () => {
  it('cover every kind of list item, each with a snippet', () => {
    expect(recipes.map((recipe) => recipe.name)).toEqual([
      'A plan',
      'A zone',
      'A country',
      'A feature card',
      'A FAQ entry',
      'A legal section',
      'A tariff row',
      'A special number',
    ]);
    for (const recipe of recipes) expect(recipe.snippets.length, recipe.name).toBeGreaterThan(0);
  });

  for (const recipe of recipes) {
    it(`${recipe.name}: the snippets build, and the Italian pages show their Italian texts`, async () => {
      const contentDir = await copyRealContent(await makeTempDir('recipe'));
      for (const snippet of recipe.snippets) {
        expect(existsSync(path.join(contentDir, snippet.file)), snippet.file).toBe(true);
        await applySnippet(contentDir, snippet);
      }
      const outDir = path.join(path.dirname(contentDir), 'dist');
      await build({ contentDir, writer: createDirectoryWriter(outDir), cacheDir });
      const pages = await Promise.all(
        (await htmlFiles(outDir)).map(async (file) => ({
          file,
          html: decode(await readFile(file, 'utf8')),
        })),
      );
      for (const { file, html } of pages) expect(html.includes(missingMarker), file).toBe(false);
      const italian = pages.filter(({ html }) => html.includes('<html lang="it"')).map(({ html }) => html);
      const shown = recipe.snippets
        .filter((snippet) => /(^|\/)it(\/|\.yaml$)/.test(snippet.file))
        .flatMap(textsOf);
      for (const text of shown)
        expect(
          italian.some((html) => html.includes(text)),
          `"${text}" on an Italian page`,
        ).toBe(true);
    }, 120_000);
  }
});
