/**
 * The editor's view of the texts on the translation fixture: keys, never paths,
 * name a file of the content folder and a place in it; a request that names
 * anything else is refused.
 */
import { readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  EditorRequestError,
  listOf,
  parseKey,
  readLanguages,
  readSource,
  textFile,
  textIn,
  versionOf,
} from '../../../../generator/dev/editor/texts.ts';
import { removeTranslationFixtures, translationFixture } from '../../../helpers/translationFixture.ts';

afterAll(removeTranslationFixtures);

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof EditorRequestError ? error.status : error;
  }
  return 'accepted';
};

describe('parseKey', () => {
  it('splits a key into its file family and a path with list positions as numbers', () => {
    expect(parseKey('shop.items.1')).toEqual({
      key: 'shop.items.1',
      namespace: 'shop',
      segments: ['items', 1],
    });
    expect(parseKey('@legal.terms.sections.0.heading')).toMatchObject({
      namespace: '@legal',
      segments: ['terms', 'sections', 0, 'heading'],
    });
  });

  it('refuses paths, parent folders, file names and anything not a key with 400', () => {
    for (const raw of [
      '../site.yaml',
      'texts/en/shop.yaml',
      'shop/../../x.title',
      '/etc/passwd',
      'shop',
      '',
      'shop..title',
      `shop.${'a.'.repeat(150)}b`,
      42,
      undefined,
      { key: 'shop.hero.title' },
    ])
      expect(
        refusal(() => parseKey(raw)),
        String(raw),
      ).toBe(400);
  });
});

describe('texts of a content folder', () => {
  it('reads the languages, default first, and a key’s file in each', async () => {
    const contentDir = await translationFixture();
    const codes = await readLanguages(contentDir);
    expect(codes[0]).toBe('it');
    const file = await textFile(contentDir, 'en', 'shop');
    expect(path.relative(contentDir, file)).toBe(path.join('texts', 'en', 'shop.yaml'));
    expect(path.relative(contentDir, await textFile(contentDir, 'de', '@legal'))).toBe(
      path.join('legal', 'de.yaml'),
    );
    expect(path.relative(contentDir, await textFile(contentDir, 'it', '@cookie-policy'))).toBe(
      'cookie-policy.yaml',
    );
    expect(path.relative(contentDir, await textFile(contentDir, 'it', '@plans'))).toBe('plans.yaml');
  });

  it('finds a text with its line, and the file’s version changes with any byte', async () => {
    const contentDir = await translationFixture();
    const { source, file } = await readSource(contentDir, 'en', 'shop');
    const lines = source!.split('\n');
    const found = textIn(source, ['hero', 'title']);
    expect(typeof found?.value).toBe('string');
    expect(lines[found!.line! - 1]).toContain(found!.value as string);
    expect(versionOf(source!)).toBe(versionOf(await readFile(file, 'utf8')));
    expect(versionOf(`${source} `)).not.toBe(versionOf(source!));
  });

  it('reads a missing file as no source, not as an error', async () => {
    const contentDir = await translationFixture();
    const { source } = await readSource(contentDir, 'en', 'nowhere');
    expect(source).toBeUndefined();
    expect(textIn(source, ['hero', 'title'])).toBeUndefined();
  });

  it('refuses a text file that is a link to somewhere outside the content folder', async () => {
    const contentDir = await translationFixture();
    const outside = path.join(os.tmpdir(), `editor-outside-${process.pid}.yaml`);
    await writeFile(outside, 'hero:\n  title: Outside\n');
    const link = path.join(contentDir, 'texts', 'en', 'linked.yaml');
    await symlink(outside, link);
    try {
      await expect(textFile(contentDir, 'en', 'linked')).rejects.toMatchObject({ status: 400 });
    } finally {
      await rm(outside, { force: true });
    }
  });
});

describe('listOf', () => {
  it('finds the innermost list around a key, or none', () => {
    expect(listOf(parseKey('shop.faq.items.2.question'))).toEqual({
      segments: ['faq', 'items'],
      index: 2,
      listKey: 'shop.faq.items',
    });
    expect(listOf(parseKey('shop.items.0'))).toMatchObject({ index: 0, listKey: 'shop.items' });
    expect(listOf(parseKey('shop.hero.title'))).toBeUndefined();
    // A plan's name is in the list of plans, which is not a list of texts to add to.
    expect(listOf(parseKey('@plans.plans.1.name'))).toBeUndefined();
  });
});
