/**
 * The editor's reads, saves, list changes and confirmations, called directly:
 * statuses from the translation record and confirming on the translation
 * fixture; saves that the build's loading checks on a private copy of the real
 * content (the text picked is whatever the copy holds).
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTextEditor,
  minListItems,
  type TextView,
  type WrittenSave,
} from '../../../../generator/dev/editor/editor.ts';
import { EditorRequestError } from '../../../../generator/dev/editor/texts.ts';
import { readValue } from '../../../../generator/dev/editor/yamlEdit.ts';
import { maxTextLength } from '../../../../generator/model/constants.ts';
import { readRecord } from '../../../../generator/translations/record.ts';
import { copyRealContent, makeTempDir } from '../../../helpers/site.ts';
import {
  removeTranslationFixtures,
  setText,
  snapshot,
  translationFixture,
} from '../../../helpers/translationFixture.ts';

afterAll(removeTranslationFixtures);

const versionsOf = (view: TextView) =>
  Object.fromEntries(view.texts.map((text) => [text.language, text.version]));
const statuses = (view: TextView) =>
  Object.fromEntries(view.texts.map((text) => [text.language, text.status]));

describe('reading a text', () => {
  it('gives every language’s text, file, line and status from the record', async () => {
    const contentDir = await translationFixture();
    const view = await createTextEditor({ contentDir }).read('shop.hero.title');
    expect(view.texts.map((text) => text.language)).toEqual(['it', 'en', 'de']);
    for (const text of view.texts) {
      expect(text.file).toBe(path.join('texts', text.language, 'shop.yaml'));
      const lines = (await readFile(path.join(contentDir, text.file), 'utf8')).split('\n');
      expect(lines[text.line! - 1]).toContain(text.value!.replace(/\{\{.*/, ''));
    }
    expect(statuses(view)).toEqual({ it: 'reference', en: 'current', de: 'current' });
    expect(view.placeholders).toEqual(['brand']);
  });

  it('says where a list item is, and how short the list may get', async () => {
    const contentDir = await translationFixture();
    const view = await createTextEditor({ contentDir }).read('shop.items.1');
    const items = readValue(await readFile(path.join(contentDir, 'texts/it/shop.yaml'), 'utf8'), ['items']);
    expect(view.list).toEqual({
      key: 'shop.items',
      index: 1,
      length: (items!.value as unknown[]).length,
      min: minListItems,
    });
  });

  it('refuses a key that names no text (404) or a group of texts (400)', async () => {
    const editor = createTextEditor({ contentDir: await translationFixture() });
    await expect(editor.read('shop.hero.nothing')).rejects.toMatchObject({ status: 404 });
    await expect(editor.read('shop.hero')).rejects.toBeInstanceOf(EditorRequestError);
    await expect(editor.read('shop.hero')).rejects.toMatchObject({ status: 400 });
  });
});

describe('confirming a translation', () => {
  it('records today’s reference text for one language, as `site translations confirm` does', async () => {
    const contentDir = await translationFixture();
    const editor = createTextEditor({ contentDir });
    await setText(contentDir, 'texts/it/shop.yaml', ['hero', 'title'], 'Benvenuti nel negozio di {{brand}}');
    const outdated = await editor.read('shop.hero.title');
    expect(statuses(outdated)).toEqual({ it: 'reference', en: 'outdated', de: 'outdated' });
    const before = await readFile(path.join(contentDir, 'texts/en/shop.yaml'), 'utf8');

    const result = await editor.confirm({
      key: 'shop.hero.title',
      language: 'en',
      versions: versionsOf(outdated),
    });
    expect(result.outcome).toBe('confirmed');
    if (result.outcome !== 'confirmed') return;
    expect(statuses(result.current)).toEqual({ it: 'reference', en: 'current', de: 'outdated' });
    expect((await readRecord(contentDir, 'en'))['shop.hero.title']).toBe(
      'Benvenuti nel negozio di {{brand}}',
    );
    // The translation itself is left as it was.
    expect(await readFile(path.join(contentDir, 'texts/en/shop.yaml'), 'utf8')).toBe(before);
  });

  it('confirms a legal document’s text under its `site translations` key', async () => {
    const contentDir = await translationFixture();
    const editor = createTextEditor({ contentDir });
    await setText(contentDir, 'legal/it.yaml', ['terms', 'title'], 'Condizioni');
    const view = await editor.read('@legal.terms.title');
    expect(statuses(view).de).toBe('outdated');
    await editor.confirm({ key: '@legal.terms.title', language: 'de', versions: versionsOf(view) });
    expect((await readRecord(contentDir, 'de'))['legal/terms.title']).toBe('Condizioni');
  });

  it('refuses the reference language, and reports files changed since the panel read them', async () => {
    const contentDir = await translationFixture();
    const editor = createTextEditor({ contentDir });
    const view = await editor.read('shop.hero.title');
    await expect(
      editor.confirm({ key: 'shop.hero.title', language: 'it', versions: versionsOf(view) }),
    ).rejects.toMatchObject({ status: 400 });
    await setText(contentDir, 'texts/it/shop.yaml', ['hero', 'title'], 'Cambiato altrove');
    const before = await snapshot(contentDir);
    const result = await editor.confirm({
      key: 'shop.hero.title',
      language: 'en',
      versions: versionsOf(view),
    });
    expect(result).toMatchObject({ outcome: 'conflict', languages: ['it'] });
    expect(await snapshot(contentDir)).toEqual(before);
  });
});

describe('saving', () => {
  it('refuses a broken placeholder and a stale version, writing nothing', async () => {
    const contentDir = await translationFixture();
    const editor = createTextEditor({ contentDir });
    const view = await editor.read('shop.hero.title');
    const before = await snapshot(contentDir);
    const broken = await editor.save({
      key: 'shop.hero.title',
      values: { en: 'Welcome to {{brand}' },
      versions: versionsOf(view),
    });
    expect(broken).toMatchObject({ outcome: 'invalid' });
    const stale = await editor.save({
      key: 'shop.hero.title',
      values: { en: 'Welcome' },
      versions: { ...versionsOf(view), en: 'not-the-version' },
    });
    expect(stale).toMatchObject({ outcome: 'conflict', languages: ['en'] });
    expect(await snapshot(contentDir)).toEqual(before);
  });

  describe('on the real content', () => {
    let dir: string;
    let contentDir: string;
    beforeAll(async () => {
      dir = await makeTempDir('editor-save');
      contentDir = await copyRealContent(dir);
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    /** The first text of the contact page's hero, whatever the copy holds there. */
    async function firstKey(): Promise<string> {
      const source = await readFile(path.join(contentDir, 'texts/it/contact.yaml'), 'utf8').catch(() => '');
      if (!source) throw new Error('the real content has no contact texts');
      const hero = readValue(source, ['hero'])?.value as Record<string, unknown>;
      const field = Object.keys(hero).find((name) => typeof hero[name] === 'string')!;
      return `contact.hero.${field}`;
    }

    it('writes exactly the new value, and hands the checked content on before the watcher sees it', async () => {
      const key = await firstKey();
      const written: WrittenSave[] = [];
      const editor = createTextEditor({ contentDir, onWritten: (save) => written.push(save) });
      const view = await editor.read(key);
      const file = path.join(contentDir, 'texts/en/contact.yaml');
      const before = await readFile(file, 'utf8');
      const result = await editor.save({ key, values: { en: 'A new text' }, versions: versionsOf(view) });
      expect(result).toEqual({ outcome: 'saved', files: [path.join('texts', 'en', 'contact.yaml')] });
      const after = await readFile(file, 'utf8');
      const changed = after.split('\n').filter((line, index) => line !== before.split('\n')[index]);
      expect(changed).toHaveLength(1);
      expect(changed[0]).toContain('A new text');
      expect(written).toHaveLength(1);
      expect(written[0].files).toEqual([file]);
      const field = key.split('.').at(-1)!;
      expect((written[0].content.texts.en.contact as { hero: Record<string, unknown> }).hero[field]).toBe(
        'A new text',
      );
    });

    it('edits a plan’s name in plans.yaml, the one language it is written in, and refuses a placeholder there', async () => {
      const editor = createTextEditor({ contentDir });
      const view = await editor.read('@plans.plans.0.name');
      expect(view.texts.map((text) => [text.file, text.status])).toEqual([['plans.yaml', 'reference']]);
      expect(view.list).toBeUndefined();
      expect(view.allLanguages).toBe(true);
      const file = path.join(contentDir, 'plans.yaml');
      const before = await readFile(file, 'utf8');
      const refused = await editor.save({
        key: '@plans.plans.0.name',
        values: { [view.texts[0].language]: '{{brand}} Plan' },
        versions: versionsOf(view),
      });
      expect(refused.outcome).toBe('invalid');
      expect(await readFile(file, 'utf8')).toBe(before);
      const saved = await editor.save({
        key: '@plans.plans.0.name',
        values: { [view.texts[0].language]: 'Renamed plan' },
        versions: versionsOf(view),
      });
      expect(saved.outcome).toBe('saved');
      const changed = (await readFile(file, 'utf8'))
        .split('\n')
        .filter((line, index) => line !== before.split('\n')[index]);
      expect(changed).toEqual([
        before.split('\n')[view.texts[0].line! - 1].replace(view.texts[0].value!, 'Renamed plan'),
      ]);
    });

    it('refuses a text the build would refuse, and writes and hands on nothing', async () => {
      const key = await firstKey();
      const written: WrittenSave[] = [];
      const editor = createTextEditor({ contentDir, onWritten: (save) => written.push(save) });
      const view = await editor.read(key);
      const before = await snapshot(contentDir);
      const result = await editor.save({
        key,
        values: { de: 'x'.repeat(maxTextLength + 1) },
        versions: versionsOf(view),
      });
      expect(result.outcome).toBe('invalid');
      if (result.outcome === 'invalid')
        expect(result.problems[0].file).toBe(path.join('texts', 'de', 'contact.yaml'));
      expect(await snapshot(contentDir)).toEqual(before);
      expect(written).toEqual([]);
    });
  });
});
