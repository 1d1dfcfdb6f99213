/** The registry of content files: every YAML file of a content folder is one of its entries, and its paths round-trip. */
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { contentFileAt, contentFiles, contentPathOf, siteWideFileIds } from '../../../generator/content/contentFiles.ts';
import { schemaFileOf } from '../../../generator/content/editorSchemas.ts';
import { realContent } from '../../helpers/site.ts';

describe('the content-file registry', () => {
  it('names every YAML file of the content folder', async () => {
    const files = await fg('**/*.yaml', { cwd: realContent });
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(contentFileAt(file), file).toBeDefined();
  });

  it('makes each path from its pattern and finds the entry from the path', () => {
    for (const id of siteWideFileIds) expect(contentFileAt(contentPathOf(id))).toEqual({ id });
    expect(contentPathOf('legal', 'rm')).toBe('legal/rm.yaml');
    expect(contentFileAt('legal/rm.yaml')).toEqual({ id: 'legal' });
    expect(contentPathOf('texts', 'rm', 'home')).toBe('texts/rm/home.yaml');
    expect(contentFileAt('texts/rm/home.yaml')).toEqual({ id: 'texts', name: 'home' });
    expect(contentPathOf('translationRecord', 'rm')).toBe('translations/rm.yaml');
    expect(contentFileAt('translations/rm.yaml')).toEqual({ id: 'translationRecord' });
    expect(() => contentPathOf('legal')).toThrow(/needs a language/);
    expect(contentFileAt('images/vision.svg')).toBeUndefined();
    expect(contentFileAt('notes.yaml')).toBeUndefined();
  });

  it('gives each file its editor schema, the texts one per text file', () => {
    expect(schemaFileOf(path.join('texts', 'de', 'home.yaml'))).toBe('texts/home.schema.json');
    expect(schemaFileOf('legal/fr.yaml')).toBe(contentFiles.legal.editorSchema);
    expect(schemaFileOf('translations/de.yaml')).toBe('translations.schema.json');
    for (const id of siteWideFileIds) expect(schemaFileOf(contentPathOf(id))).toBe(contentFiles[id].editorSchema);
    expect(schemaFileOf('notes.yaml')).toBeUndefined();
  });
});
