/**
 * The JSON Schemas that give editors completion and checks while typing: they
 * are current, the real content passes them, and they refuse the broken
 * fixtures that the build refuses (checked with ajv, a JSON Schema validator).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fg from 'fast-glob';
import { parse, parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  editorSchemas,
  isSchemaSource,
  schemaFileOf,
  schemaModeline,
  schemaSourcesOf,
  staleEditorSchemas,
  writeSchemaFiles,
} from '../../../generator/content/editorSchemas.ts';
import { loadSiteContent } from '../../../generator/build/stages.ts';
import type { YamlDocumentCache } from '../../../generator/content/yamlReader.ts';
import {
  contentFixturesDir,
  fixtureFiles,
  loadFixture,
  removeFixtureCopies,
} from '../../helpers/contentFixture.ts';
import { realLoadedContent } from '../../helpers/routeTable.ts';
import { makeTempDir, projectRoot, realContent } from '../../helpers/site.ts';

/** Where the content files' schema lines point. */
const schemaDir = path.join(projectRoot, 'schemas');
/** The schemas as `site build` writes them from the current content (they are not committed), read by ajv. */
let writtenDir: string;
beforeAll(async () => {
  writtenDir = path.join(await makeTempDir('schemas'), 'schemas');
  await writeSchemaFiles(realContent, { schemaDir: writtenDir });
});
const ajv = new Ajv({ allErrors: true, strict: true, strictTuples: false });
addFormats.default(ajv);
// The YAML extension's own keyword for a readable pattern message.
ajv.addKeyword('patternErrorMessage');
const validators = new Map<string, ValidateFunction>();

async function validatorFor(contentFile: string): Promise<ValidateFunction> {
  const schemaFile = schemaFileOf(contentFile);
  if (!schemaFile) throw new Error(`No schema for ${contentFile}`);
  if (!validators.has(schemaFile))
    validators.set(
      schemaFile,
      ajv.compile(JSON.parse(await readFile(path.join(writtenDir, schemaFile), 'utf8'))),
    );
  return validators.get(schemaFile)!;
}

const contentFiles = () => fg('**/*.yaml', { cwd: realContent });

afterAll(removeFixtureCopies);

describe('editor schemas', () => {
  it('are written as `site schema` writes them from the current content, and not committed', async () => {
    expect(await staleEditorSchemas(realContent, writtenDir)).toEqual([]);
    const ignored = (await readFile(path.join(projectRoot, '.gitignore'), 'utf8')).split('\n');
    expect(ignored).toContain('/schemas/');
    expect((await editorSchemas(realContent)).length).toBeGreaterThanOrEqual(20);
  });

  it('are named in the first line of every content file', async () => {
    const files = await contentFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const [first] = (await readFile(path.join(realContent, file), 'utf8')).split('\n');
      expect(first, file).toBe(schemaModeline(realContent, schemaDir, file));
    }
  });

  it('accept every real content file', async () => {
    for (const file of await contentFiles()) {
      const validate = await validatorFor(file);
      const valid = validate(parse(await readFile(path.join(realContent, file), 'utf8')));
      expect(valid, `${file}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });

  it('describe every field with an example, and offer the values of references', async () => {
    const zones = JSON.parse(await readFile(path.join(writtenDir, 'zones.schema.json'), 'utf8'));
    const zone = zones.properties.zones.items.properties;
    // The values an editor may pick are the content's own, whatever they are today.
    const content = realLoadedContent;
    expect(zone.plans.items.enum).toEqual(content.plans.map((plan) => plan.id));
    expect(zone.countries.items.enum).toEqual(content.countries.map((country) => country.key));
    expect(zone.id.enum).toEqual(content.zones.map((candidate) => candidate.id));
    const plans = JSON.parse(await readFile(path.join(writtenDir, 'plans.schema.json'), 'utf8'));
    for (const feature of content.plans.flatMap((plan) => plan.features))
      expect(plans.properties.plans.items.properties.features.items.enum).toContain(feature);
    // Every property of the fixed schemas has a description and an example.
    const undocumented: string[] = [];
    const visit = (node: Record<string, unknown>, where: string) => {
      for (const [key, child] of Object.entries(
        (node.properties ?? {}) as Record<string, Record<string, unknown>>,
      )) {
        if (!child.description) undocumented.push(`${where}.${key} (description)`);
        if (!child.examples && !child.enum) undocumented.push(`${where}.${key} (example)`);
        visit(child, `${where}.${key}`);
      }
      if (node.items && typeof node.items === 'object' && !Array.isArray(node.items))
        visit(node.items as Record<string, unknown>, `${where}[]`);
    };
    for (const file of ['site', 'plans', 'zones', 'countries', 'tariffs', 'languages', 'slugs'])
      visit(JSON.parse(await readFile(path.join(writtenDir, `${file}.schema.json`), 'utf8')), file);
    expect(undocumented).toEqual([]);
  });

  it('show the Italian text of each key to a translator', async () => {
    const home = JSON.parse(await readFile(path.join(writtenDir, 'texts/notFound.schema.json'), 'utf8'));
    const italian = parse(await readFile(path.join(realContent, 'texts/it/notFound.yaml'), 'utf8'));
    expect(home.properties.title.description).toBe(italian.title);
    expect(home.properties.meta.properties.description.description).toBe(italian.meta.description);
    expect(home.additionalProperties).toBe(false);
  });

  const refused = [
    'unknown-key-in-settings',
    'unknown-plan-in-zone',
    'unknown-country-in-zone',
    'unknown-plan-label',
    'plan-esim-not-boolean',
    'misspelt-tariff-item',
    'tariff-row-decimal-comma',
    'text-key-not-in-italian',
    'text-turned-into-map',
    'legal-unknown-placeholder',
  ];
  it.each(refused)('refuse the fixture %s, as the build does', async (name) => {
    const { error } = await loadFixture(name);
    expect(error, `the build accepts ${name}`).toBeDefined();
    for (const file of await fixtureFiles(name)) {
      const validate = await validatorFor(file);
      const valid = validate(parse(await readFile(path.join(contentFixturesDir, name, file), 'utf8')));
      expect(valid, `${name}/${file} passes its schema`).toBe(false);
    }
  });
});

describe('editor schemas from a build', () => {
  it('are the same made from the files a build parsed as from the files, which it does not parse again', async () => {
    const documents: YamlDocumentCache = new Map();
    const content = await loadSiteContent(realContent, documents);
    const reference = content.languages.default;
    const sources = schemaSourcesOf(documents, realContent, reference);
    // Only the files the schemas are made from, as values.
    expect([...sources.keys()].map((file) => path.relative(realContent, file).split(path.sep).join('/')).sort()).toEqual(
      (await contentFiles()).filter((file) => isSchemaSource(file, reference)).sort(),
    );
    expect(await editorSchemas(realContent, sources)).toEqual(await editorSchemas(realContent));
    // What the build parsed is taken as it is: a language only the given value names is offered.
    const languagesFile = path.join(realContent, 'languages.yaml');
    const languages = sources.get(languagesFile) as { languages: { code: string }[] };
    const withMore = new Map(sources).set(languagesFile, {
      ...languages,
      languages: [...languages.languages, { ...languages.languages[0], code: 'rm' }],
    });
    const slugs = (await editorSchemas(realContent, withMore)).find(({ file }) => file === 'slugs.schema.json')!;
    expect(JSON.stringify(slugs.schema)).toContain('"rm"');
  });

  it('are made from the languages, plans, countries and the reference texts alone', () => {
    for (const file of ['languages.yaml', 'plans.yaml', 'countries.yaml', 'texts/it/home.yaml'])
      expect(isSchemaSource(file, 'it'), file).toBe(true);
    for (const file of ['site.yaml', 'texts/en/home.yaml', 'texts/it/notes/home.yaml', 'texts/it/README.md'])
      expect(isSchemaSource(file, 'it'), file).toBe(false);
  });

  it('take no file the build could not parse, nor one they are not made from', () => {
    const documents = new Map([
      [path.join(realContent, 'plans.yaml'), { file: { doc: parseDocument('plans: [') } }],
      [path.join(realContent, 'countries.yaml'), { file: { doc: parseDocument('countries: []') } }],
      [path.join(realContent, 'site.yaml'), { file: { doc: parseDocument('brand: X') } }],
      [path.join(realContent, 'texts/en/home.yaml'), { file: { doc: parseDocument('title: Home') } }],
      [path.join(realContent, 'texts/it/home.yaml'), { file: { doc: parseDocument('title: Casa') } }],
    ]);
    const sources = schemaSourcesOf(documents, realContent, 'it');
    expect([...sources.keys()].map((file) => path.relative(realContent, file).split(path.sep).join('/')).sort()).toEqual([
      'countries.yaml',
      'texts/it/home.yaml',
    ]);
    expect(sources.get(path.join(realContent, 'texts/it/home.yaml'))).toEqual({ title: 'Casa' });
  });
});
