/**
 * A save is checked with the build's own loading before anything is written, on a
 * private copy of the real content: the texts picked are whatever the copy holds.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isScalar, parseDocument, visit } from 'yaml';
import { loadSiteContent } from '../../../../generator/build/stages.ts';
import {
  createContentChecker,
  placeholderProblem,
  placeholdersOf,
} from '../../../../generator/dev/editor/validate.ts';
import { setText } from '../../../../generator/dev/editor/yamlEdit.ts';
import { maxTextLength, sitePlaceholders } from '../../../../generator/model/constants.ts';
import { copyRealContent, makeTempDir } from '../../../helpers/site.ts';

let dir: string;
let contentDir: string;

beforeAll(async () => {
  dir = await makeTempDir('editor-validate');
  contentDir = await copyRealContent(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The first plain text (no placeholder) of a language's first text file, with its path. */
async function someText(language: string) {
  const [file] = (await fg(`texts/${language}/*.yaml`, { cwd: contentDir })).sort();
  const source = await readFile(path.join(contentDir, file), 'utf8');
  let found: { segments: (string | number)[]; value: string } | undefined;
  visit(parseDocument(source), {
    Scalar(_key, node, ancestors) {
      if (found || !isScalar(node) || typeof node.value !== 'string' || node.value.includes('{{')) return;
      const segments: (string | number)[] = [];
      for (let at = 1; at < ancestors.length; at++) {
        const step = ancestors[at] as { key?: unknown };
        if (isScalar(step.key)) segments.push(String(step.key.value));
        else if (Array.isArray((ancestors[at - 1] as { items?: unknown[] }).items) && !('key' in step))
          segments.push((ancestors[at - 1] as { items: unknown[] }).items.indexOf(step));
      }
      if (_key === 'value') found = { segments, value: node.value };
    },
  });
  return { file, source, ...found! };
}

describe('createContentChecker', () => {
  it('loads the content as it would be after the save, and writes nothing', async () => {
    const text = await someText('en');
    const changed = setText(text.source, text.segments, 'Checked, not written');
    const checker = createContentChecker(contentDir);
    const result = await checker.check(new Map([[text.file, changed]]));
    expect(result.problems).toEqual([]);
    if (!('content' in result)) throw new Error('expected content');
    const namespace = path.basename(text.file, '.yaml');
    let value: unknown = result.content.texts.en[namespace];
    for (const segment of text.segments) value = (value as Record<string | number, unknown>)[segment];
    expect(value).toBe('Checked, not written');
    expect(await readFile(path.join(contentDir, text.file), 'utf8')).toBe(text.source);
  });

  it('loads unchanged content exactly as a build does', async () => {
    const result = await createContentChecker(contentDir).check(new Map());
    if (!('content' in result)) throw new Error('expected content');
    expect(JSON.stringify(result.content)).toBe(JSON.stringify(await loadSiteContent(contentDir)));
  });

  it('reports a text that is too long with the file to be written and its line as it would be', async () => {
    const text = await someText('en');
    const changed = setText(text.source, text.segments, 'x'.repeat(maxTextLength + 1));
    const result = await createContentChecker(contentDir).check(new Map([[text.file, changed]]));
    expect(result.problems.length).toBeGreaterThan(0);
    const [problem] = result.problems;
    expect(problem.file).toBe(text.file);
    expect(problem.message).toContain(String(maxTextLength));
    const line = changed.split('\n')[problem.line! - 1];
    expect(line).toContain('x'.repeat(40));
    expect(problem.frame?.some((frame) => frame.text.includes('x'.repeat(40)))).toBe(true);
  });

  it('refuses what only the rules across texts catch: an empty reference text', async () => {
    const text = await someText('it');
    const changed = setText(text.source, text.segments, '');
    const result = await createContentChecker(contentDir).check(new Map([[text.file, changed]]));
    expect(result.problems.map((problem) => problem.file)).toContain(text.file);
    expect('content' in result).toBe(false);
  });
});

describe('placeholders', () => {
  it('lists the names of a text’s placeholders', () => {
    expect([...placeholdersOf('From {{ city }} to {{brand}}, {{brand}}')]).toEqual(['city', 'brand']);
    expect([...placeholdersOf(undefined)]).toEqual([]);
  });

  it('accepts a placeholder the settings fill or the reference text uses', () => {
    const [setting] = sitePlaceholders;
    expect(placeholderProblem(`About {{${setting}}}`, 'Un testo di riferimento')).toBeUndefined();
    expect(placeholderProblem('{{count}} items', '{{count}} articoli')).toBeUndefined();
  });

  it('refuses broken braces and a name nothing fills, with a hint', () => {
    for (const value of ['Write to us in {{city}', 'Hello }} there', '{{ }} empty'])
      expect(placeholderProblem(value, undefined)?.message, value).toMatch(/broken/);
    const unknown = placeholderProblem('Hello {{nobody}}', 'Ciao');
    expect(unknown?.message).toContain('{{nobody}}');
    expect(unknown?.hint).toContain(`{{${sitePlaceholders[0]}}}`);
  });
});
