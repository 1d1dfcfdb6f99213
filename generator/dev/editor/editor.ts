/**
 * What the panel can do with a text: read it in every language, save new values
 * in any of them at once, and add, remove or move the list item it belongs to in
 * every language at once. A save is validated as a build would before anything is
 * written; a file changed on disk since the panel read it is reported with its
 * new version, never overwritten; files are written whole to a temporary file and
 * renamed over the old one, all checks done first.
 */
import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Content } from '../../content/load.ts';
import type { YamlDocumentCache } from '../../content/yamlReader.ts';
import type { Language } from '../../model/languages.ts';
import type { OverlayProblem } from '../overlay.ts';
import {
  recordKeyOf,
  recordStatus,
  type TranslationStatus,
  type TranslationStatusSource,
} from './translationStatus.ts';
import {
  EditorRequestError,
  listOf,
  parseKey,
  readLanguages,
  readSource,
  settingsFamilies,
  singleLanguageFamilies,
  textIn,
  versionOf,
  type TextKey,
} from './texts.ts';
import { createContentChecker, placeholderProblem, placeholdersOf } from './validate.ts';
import { changeList, setText, YamlEditError, type ListChange } from './yamlEdit.ts';
import { isSiteError } from '../../errors/siteError.ts';
import { confirmTranslations } from '../../translations/confirm.ts';
import { readTranslationState } from '../../translations/status.ts';

/** A list keeps at least this many items: the templates show a list, never an empty one. */
export const minListItems = 1;

export interface TextInLanguage {
  language: Language;
  value?: string;
  /** The file relative to the content folder, and the line of the text. */
  file: string;
  line?: number;
  version: string;
  status: TranslationStatus;
}

export interface TextView {
  key: string;
  texts: TextInLanguage[];
  /** The placeholders a text of this key may use. */
  placeholders: string[];
  list?: { key: string; index: number; length: number; min: number };
  /** A setting shown as it is in every language (a plan's name): one text, no translations. */
  allLanguages?: boolean;
}

export type SaveResult =
  | { outcome: 'saved'; files: string[] }
  | { outcome: 'confirmed'; current: TextView }
  | { outcome: 'unchanged' }
  | { outcome: 'invalid'; problems: OverlayProblem[] }
  | { outcome: 'conflict'; current: TextView; languages: Language[] };

export interface TextEditor {
  read(key: unknown): Promise<TextView>;
  save(request: { key: unknown; values: unknown; versions: unknown }): Promise<SaveResult>;
  changeList(request: { key: unknown; action: unknown; versions: unknown }): Promise<SaveResult>;
  /**
   * A translator's "this translation is right for today's reference text": the record takes
   * the reference text for it, as `site translations confirm <key> --language <language>` does.
   */
  confirm(request: { key: unknown; language: unknown; versions: unknown }): Promise<SaveResult>;
}

/** A save written: its files (absolute paths) and the content they load as, already checked. */
export interface WrittenSave {
  files: string[];
  content: Content;
}

export interface TextEditorOptions {
  contentDir: string;
  translationStatus?: TranslationStatusSource;
  /** Parsed documents shared with the dev session: a check parses only the changed files. */
  documents?: YamlDocumentCache;
  /** Told after each save is written, before the watcher sees it: the dev server rebuilds from its checked content. */
  onWritten?: (save: WrittenSave) => void;
}

const isRecordOfStrings = (value: unknown): value is Record<string, string> =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every((item) => typeof item === 'string');

const listActions = ['add', 'remove', 'up', 'down'] as const;

export function createTextEditor(options: TextEditorOptions): TextEditor {
  const { contentDir } = options;
  let defaultLanguage: Language = 'it';
  const checker = createContentChecker(contentDir, options.documents);
  const statusSource = options.translationStatus ?? recordStatus(contentDir, () => defaultLanguage);
  // One save at a time: each reads, checks and writes the files as the one before left them.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };

  /** The languages a key's text is written in: every language, or the default one for a single-language file. */
  async function languages(key: TextKey): Promise<Language[]> {
    const codes = await readLanguages(contentDir);
    defaultLanguage = codes[0];
    return singleLanguageFamilies.has(key.namespace) ? [codes[0]] : codes;
  }

  async function sources(key: TextKey, codes: Language[]) {
    return Promise.all(
      codes.map(async (language) => ({
        language,
        ...(await readSource(contentDir, language, key.namespace)),
      })),
    );
  }

  async function view(key: TextKey): Promise<TextView> {
    const codes = await languages(key);
    const files = await sources(key, codes);
    if (files[0].source === undefined)
      throw new EditorRequestError(404, `No text file for "${key.namespace}" in the reference language`);
    const texts: TextInLanguage[] = [];
    const referenceValue = textIn(files[0].source, key.segments)?.value;
    const reference = typeof referenceValue === 'string' ? referenceValue : undefined;
    for (const { language, source, file } of files) {
      const found = textIn(source, key.segments);
      if (found && typeof found.value !== 'string')
        throw new EditorRequestError(400, `"${key.key}" is a group of texts, not one text`);
      const value = found?.value as string | undefined;
      texts.push({
        language,
        value,
        file: path.relative(contentDir, file),
        line: found?.line,
        version: versionOf(source ?? ''),
        status: 'reference',
      });
    }
    // Each language's record is looked at once, all at the same time.
    const statuses = await Promise.all(
      texts.map((text) => statusSource.statusOf(key.key, text.language, text.value, reference)),
    );
    texts.forEach((text, index) => (text.status = statuses[index]));
    if (texts[0].value === undefined)
      throw new EditorRequestError(
        404,
        `There is no text "${key.key}" in the reference language (${codes[0]})`,
      );
    const place = listOf(key);
    let list: TextView['list'];
    if (place) {
      const reference = textIn(files[0].source, place.segments);
      if (reference && Array.isArray(reference.value))
        list = { key: place.listKey, index: place.index, length: reference.value.length, min: minListItems };
    }
    return {
      key: key.key,
      texts,
      placeholders: settingsFamilies.has(key.namespace) ? [] : [...placeholdersOf(texts[0].value)],
      list,
      ...(settingsFamilies.has(key.namespace) ? { allLanguages: true } : {}),
    };
  }

  /** The versions the panel read, per language; a request without them cannot be checked for conflicts. */
  function versionsOf(versions: unknown, codes: Language[]): Record<Language, string> {
    if (!isRecordOfStrings(versions) || !codes.every((code) => code in versions))
      throw new EditorRequestError(400, 'Expected the version of the file of every language the panel read');
    return versions;
  }

  /** Checks and writes the new sources (relative path to text), or reports why not. */
  async function commit(changes: Map<string, string>): Promise<SaveResult> {
    if (changes.size === 0) return { outcome: 'unchanged' };
    const checked = await checker.check(changes);
    if (!('content' in checked)) return { outcome: 'invalid', problems: checked.problems };
    const temporary: [string, string][] = [];
    try {
      for (const [file, source] of changes) {
        const target = path.join(contentDir, file);
        const temp = path.join(
          path.dirname(target),
          `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
        );
        await writeFile(temp, source, { flag: 'wx' });
        temporary.push([temp, target]);
      }
      for (const [temp, target] of temporary) await rename(temp, target);
    } catch (error) {
      await Promise.all(temporary.map(([temp]) => rm(temp, { force: true })));
      throw error;
    }
    options.onWritten?.({ files: temporary.map(([, target]) => target), content: checked.content });
    return { outcome: 'saved', files: [...changes.keys()] };
  }

  const invalid = (
    key: TextKey,
    language: Language,
    file: string,
    message: string,
    hint?: string,
    line?: number,
  ): SaveResult => ({
    outcome: 'invalid',
    problems: [{ file, line, field: `${key.key} (${language})`, message, hint }],
  });

  async function save(request: { key: unknown; values: unknown; versions: unknown }): Promise<SaveResult> {
    const key = parseKey(request.key);
    if (!isRecordOfStrings(request.values) || Object.keys(request.values).length === 0)
      throw new EditorRequestError(400, 'Expected the new texts by language, e.g. {"en": "…"}');
    const values = request.values;
    return serial(async () => {
      const codes = await languages(key);
      const unknown = Object.keys(values).filter((language) => !codes.includes(language));
      if (unknown.length > 0)
        throw new EditorRequestError(400, `Not a language of this text: ${unknown.join(', ')}`);
      const versions = versionsOf(request.versions, Object.keys(values));
      const files = await sources(key, codes);
      const stale = files.filter(
        ({ language, source }) => language in values && versionOf(source ?? '') !== versions[language],
      );
      if (stale.length > 0)
        return {
          outcome: 'conflict',
          current: await view(key),
          languages: stale.map((file) => file.language),
        };
      const reference = textIn(files[0].source, key.segments)?.value as string | undefined;
      const changes = new Map<string, string>();
      for (const { language, source, file } of files) {
        if (!(language in values)) continue;
        const relative = path.relative(contentDir, file);
        const value = values[language];
        const current = textIn(source, key.segments);
        if (current?.value === value) continue;
        if (source === undefined || current === undefined)
          return invalid(
            key,
            language,
            relative,
            'This language has no line for this text yet',
            'Add the key to the file first, in the shape the reference language has.',
          );
        const problem = settingsFamilies.has(key.namespace)
          ? value.includes('{{')
            ? {
                message: 'This text is shown as it is written: no placeholder is filled in it',
                hint: 'Write the text itself, without {{ }}.',
              }
            : undefined
          : placeholderProblem(value, reference);
        if (problem) return invalid(key, language, relative, problem.message, problem.hint, current.line);
        try {
          changes.set(relative, setText(source, key.segments, value));
        } catch (error) {
          if (error instanceof YamlEditError) return invalid(key, language, relative, error.message);
          throw error;
        }
      }
      return commit(changes);
    });
  }

  async function changeListItem(request: {
    key: unknown;
    action: unknown;
    versions: unknown;
  }): Promise<SaveResult> {
    const key = parseKey(request.key);
    const action = request.action;
    if (!listActions.includes(action as (typeof listActions)[number]))
      throw new EditorRequestError(400, `Expected an action: ${listActions.join(', ')}`);
    const place = listOf(key);
    if (!place) throw new EditorRequestError(400, `"${key.key}" is not in a list`);
    return serial(async () => {
      const codes = await languages(key);
      const versions = versionsOf(request.versions, codes);
      const files = await sources(key, codes);
      if (files.some(({ language, source }) => versionOf(source ?? '') !== versions[language]))
        return {
          outcome: 'conflict',
          current: await view(key),
          languages: files
            .filter(({ language, source }) => versionOf(source ?? '') !== versions[language])
            .map((file) => file.language),
        };
      const referenceList = textIn(files[0].source, place.segments)?.value;
      if (!Array.isArray(referenceList))
        throw new EditorRequestError(400, `"${place.listKey}" is not a list`);
      const listFile = path.relative(contentDir, files[0].file);
      if (action === 'remove' && referenceList.length <= minListItems)
        return invalid(
          key,
          codes[0],
          listFile,
          `This list needs at least ${minListItems} item; the last one cannot be removed`,
          'Change its text instead, or add another item first.',
        );
      const changes = new Map<string, string>();
      for (const { language, source, file } of files) {
        const relative = path.relative(contentDir, file);
        const list = textIn(source, place.segments)?.value;
        // A language without the list shows the reference's: nothing to keep in step there.
        if (source === undefined || list === undefined) continue;
        if (!Array.isArray(list) || list.length !== referenceList.length)
          return invalid(
            key,
            language,
            relative,
            `The list has ${Array.isArray(list) ? list.length : 0} items in ${language} and ${referenceList.length} in ${codes[0]}: the files are not in step`,
            `Make ${relative} list the same items as ${listFile} first; then add, remove or move items here.`,
          );
        try {
          changes.set(
            relative,
            changeList(source, place.segments, { action, index: place.index } as ListChange),
          );
        } catch (error) {
          if (error instanceof YamlEditError) return invalid(key, language, relative, error.message);
          throw error;
        }
      }
      return commit(changes);
    });
  }

  async function confirm(request: {
    key: unknown;
    language: unknown;
    versions: unknown;
  }): Promise<SaveResult> {
    const key = parseKey(request.key);
    return serial(async () => {
      const codes = await languages(key);
      const language = request.language as Language;
      const recordKey = recordKeyOf(key.key);
      if (!codes.slice(1).includes(language) || recordKey === undefined)
        throw new EditorRequestError(
          400,
          `Expected a translated language of this text: ${codes.slice(1).join(', ')}`,
        );
      const versions = versionsOf(request.versions, [codes[0], language]);
      const files = await sources(key, codes);
      const stale = files.filter(
        (file) =>
          (file.language === codes[0] || file.language === language) &&
          versionOf(file.source ?? '') !== versions[file.language],
      );
      if (stale.length > 0)
        return {
          outcome: 'conflict',
          current: await view(key),
          languages: stale.map((file) => file.language),
        };
      try {
        const state = await readTranslationState(contentDir);
        const report = await confirmTranslations(state, { targets: [recordKey], language });
        if (report.missing.length > 0)
          return invalid(
            key,
            language,
            path.relative(contentDir, files[codes.indexOf(language)].file),
            'A missing translation cannot be marked as up to date',
            'Write the translation and save it first.',
          );
      } catch (error) {
        if (isSiteError(error)) throw new EditorRequestError(400, error.message, error.hint);
        throw error;
      }
      return { outcome: 'confirmed', current: await view(key) };
    });
  }

  return {
    read: async (raw) => view(parseKey(raw)),
    confirm,
    save,
    changeList: changeListItem,
  };
}
