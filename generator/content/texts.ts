/**
 * The texts (texts/<language>/<file>.yaml): every language's keys and shapes against
 * the reference language's, which must have every text file and no empty text.
 */
import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { filesIn } from './fileList.ts';
import { formatPath, type SourceLocation } from '../errors/siteError.ts';
import { didYouMean } from '../errors/suggest.ts';
import { textFileOf } from './contentPaths.ts';
import { type Language, type SiteLanguages } from '../model/languages.ts';
import { requiredTextFiles } from '../model/pages.ts';
import { textsFileSchema, type TextTree } from './schemas/textsSchema.ts';
import {
  type ParsedFile,
  type PathSegment,
  ProblemList,
  positionOf,
  scalarEntries,
  type ScalarEntry,
} from './parsedFile.ts';
import { unreadableReason } from './readContentFile.ts';
import { loadValidatedFile, type FileLoadOptions } from './validatedFile.ts';
import { readFilesAtOnce } from './yamlReader.ts';

type TextShape = 'text' | 'list' | 'map';
const shapeOf = (value: unknown): TextShape =>
  Array.isArray(value) ? 'list' : value !== null && typeof value === 'object' ? 'map' : 'text';
const shapeWords: Record<TextShape, string> = {
  text: 'a single text',
  list: 'a list ("- " items)',
  map: 'a block of keys',
};

/** Reports keys that a translation has but the reference language (the first) does not. */
function checkTextKeys(
  reference: unknown,
  translation: unknown,
  file: ParsedFile,
  segments: PathSegment[],
  problems: ProblemList,
  referenceLanguage: Language,
) {
  if (translation === null || typeof translation !== 'object') return;
  if (Array.isArray(translation)) {
    const referenceItems: unknown[] = Array.isArray(reference) ? reference : [];
    const known = referenceItems.length;
    translation.forEach((item, index) => {
      if (index < known)
        checkTextKeys(referenceItems[index], item, file, [...segments, index], problems, referenceLanguage);
    });
    // Pages show a list's items as the reference has them: an item beyond them would never show.
    if (Array.isArray(reference) && translation.length > known)
      problems.add(
        'TEXT_MISSING_REFERENCE',
        `${formatPath(segments)}: This list has ${translation.length} items, the reference language (${referenceLanguage}) has ${known}; pages show only ${known}`,
        file.displayPath,
        positionOf(file, [...segments.slice(1), known]),
        `Add the new item to ${formatPath(segments)} in ${textFileOf(referenceLanguage, String(segments[0]))} first, at the same position in the list, then keep it here.`,
      );
    return;
  }
  for (const [key, value] of Object.entries(translation)) {
    const referenceValue =
      reference !== null && typeof reference === 'object' && !Array.isArray(reference)
        ? (reference as Record<string, unknown>)[key]
        : undefined;
    if (referenceValue !== undefined && shapeOf(referenceValue) !== shapeOf(value)) {
      // The templates read each text in the reference's shape: a map where a text is expected prints i18next's internals, a text where a list is expected loses paragraphs.
      problems.add(
        'CONTENT_SCHEMA',
        `${formatPath([...segments, key])}: This is ${shapeWords[shapeOf(value)]}, but in the reference language (${referenceLanguage}) it is ${shapeWords[shapeOf(referenceValue)]}`,
        file.displayPath,
        positionOf(file, segments.slice(1), key),
        `Give it the shape it has in ${textFileOf(referenceLanguage, String(segments[0] ?? key))}; if the reference is what changed, change it back there or in every language.`,
      );
      continue;
    }
    if (referenceValue === undefined) {
      problems.add(
        'CONTENT_UNKNOWN_KEY',
        `${formatPath([...segments, key])}: Unknown text key "${key}" (the reference language, ${referenceLanguage}, has no such key).${didYouMean(key, Object.keys(reference as object))}`,
        file.displayPath,
        positionOf(file, segments.slice(1), key),
        `${referenceLanguage}, the first language, is the reference: add ${formatPath([...segments, key])} to ${textFileOf(referenceLanguage, String(segments[0] ?? key))} first, or fix the spelling.`,
      );
      continue;
    }
    checkTextKeys(referenceValue, value, file, [...segments, key], problems, referenceLanguage);
  }
}

interface LoadedTexts {
  texts: Record<Language, TextTree>;
  textLocations: Record<Language, Record<string, SourceLocation>>;
  /** Every text file read, with the file name its keys start with (`home`). */
  files: { namespace: string; file: ParsedFile }[];
}

export async function loadTexts(
  contentDir: string,
  languages: SiteLanguages,
  languagesFile: ParsedFile,
  problems: ProblemList,
  options: FileLoadOptions = {},
): Promise<LoadedTexts> {
  const defaultLanguage = languages.default;
  const texts = {} as Record<Language, TextTree>;
  const textLocations = {} as Record<Language, Record<string, SourceLocation>>;
  const parsed = {} as Record<Language, Map<string, ParsedFile>>;
  /** Italian files that are missing or unreadable and already reported; their translations are not orphans. */
  const unreadableItalian = new Set<string>();
  const textFiles: LoadedTexts["files"] = [];
  for (const [index, language] of languages.codes.entries()) {
    texts[language] = {};
    textLocations[language] = {};
    parsed[language] = new Map();
    const folder = path.join(contentDir, 'texts', language);
    const folderInfo = statSync(folder, { throwIfNoEntry: false });
    if (folderInfo && !folderInfo.isDirectory()) {
      problems.add(
        'CONTENT_MISSING_FILE',
        `texts/${language} is a file, where a folder of text files is needed`,
        folder,
        undefined,
        `Make texts/${language}/ a folder with one YAML file per page (copy texts/${defaultLanguage}/ to start).`,
      );
      if (language === defaultLanguage)
        requiredTextFiles.forEach((namespace) => unreadableItalian.add(namespace));
      continue;
    }
    const files = filesIn(folder, '.yaml').map((name) => `texts/${language}/${name}`);
    if (files.length === 0) {
      // A language without texts would show every page in the default language under its own prefix.
      problems.add(
        'CONTENT_MISSING_FILE',
        `languages[${index}]: "${language}" has no text files under texts/${language}/`,
        languagesFile.displayPath,
        positionOf(languagesFile, ['languages', index, 'code']),
        `Create texts/${language}/ with a file per page (copy texts/${defaultLanguage}/ to start), or remove the language.`,
      );
    }
    const sources = await readFilesAtOnce(contentDir, files, options.pending);
    for (const relativePath of files.sort()) {
      const namespace = path.basename(relativePath, '.yaml');
      const { file, data } = await loadValidatedFile(
        contentDir,
        relativePath,
        textsFileSchema,
        problems,
        options,
        [namespace],
        sources,
      );
      if (!file || !data) {
        if (language === defaultLanguage) unreadableItalian.add(namespace);
        continue;
      }
      texts[language][namespace] = data as TextTree;
      parsed[language].set(namespace, file);
      textFiles.push({ namespace, file });
      const entries = scalarEntries(file);
      if (language === defaultLanguage) rejectEmptyTexts(entries, namespace, file, problems, defaultLanguage);
      // Keys as the templates ask for them: `about.values.0.title`.
      for (const entry of entries)
        textLocations[language][[namespace, ...entry.segments].join('.')] = entry.location;
    }
  }
  // The templates read these texts: the reference language must have every one of them.
  for (const namespace of requiredTextFiles) {
    if (!parsed[defaultLanguage].has(namespace) && !unreadableItalian.has(namespace)) {
      const displayPath = path.join(contentDir, textFileOf(defaultLanguage, namespace));
      const reason = unreadableReason(
        await stat(displayPath).then(
          () => undefined,
          (error: NodeJS.ErrnoException) => error.code,
        ),
      );
      const isFolder = await stat(displayPath).then(
        (info) => info.isDirectory(),
        () => false,
      );
      problems.add(
        'CONTENT_MISSING_FILE',
        `Required text file ${isFolder ? unreadableReason('EISDIR') : (reason ?? 'is missing')}`,
        displayPath,
        undefined,
        `${defaultLanguage}, the first language, is the reference: every page needs its texts there.`,
      );
      unreadableItalian.add(namespace);
    }
  }
  for (const language of languages.codes.filter((l) => l !== defaultLanguage)) {
    for (const [namespace, file] of parsed[language]) {
      if (unreadableItalian.has(namespace)) continue;
      if (!(namespace in texts[defaultLanguage])) {
        problems.add(
          'CONTENT_UNKNOWN_KEY',
          `${namespace}: Text file has no counterpart in the reference language (${defaultLanguage})`,
          file.displayPath,
          { line: 1, col: 1 },
          `Create ${textFileOf(defaultLanguage, namespace)} or rename this file.`,
        );
        continue;
      }
      checkTextKeys(
        { [namespace]: texts[defaultLanguage][namespace] },
        { [namespace]: texts[language][namespace] },
        file,
        [],
        problems,
        defaultLanguage,
      );
    }
  }
  return { texts, textLocations, files: textFiles };
}

/** The first language is what every language falls back to: an empty text there would show the warning marker. */
function rejectEmptyTexts(
  entries: ScalarEntry[],
  namespace: string,
  file: ParsedFile,
  problems: ProblemList,
  referenceLanguage: Language,
) {
  for (const { segments, value, location } of entries) {
    if (typeof value === 'string' && value.trim() === '') {
      problems.add(
        'CONTENT_SCHEMA',
        `${[namespace, ...segments].join('.')}: Must not be empty`,
        file.displayPath,
        { line: location.line ?? 1, col: location.column ?? 1 },
        `${referenceLanguage}, the first language, is the reference: every text needs its wording there.`,
      );
    }
  }
}
