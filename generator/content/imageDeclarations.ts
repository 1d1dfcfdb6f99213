/**
 * The images the pages show, as the content names them. A page's image is written
 * in its texts, in the reference language's file, at the key its template shows it
 * (see model/imageSlots.ts):
 *
 *     vision:
 *       image:
 *         file: vision.jpg        # under content/images/
 *         alt: Un team in riunione…   # every language writes its own alt
 *         focus: 50% 30%          # optional: the point a crop keeps (social previews)
 *
 * An image that says nothing (a texture, a mood) writes `role: decorative` instead
 * of an alt text. The other languages write only `alt` under the same key.
 *
 * Loading takes the file, role and focus out of the texts, so what stays is one
 * text per language (`about.vision.image.alt`) that translations treat like any other.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { textFileOf } from './contentPaths.ts';
import { SiteError, type SourceLocation } from '../errors/siteError.ts';
import type { Language, SiteLanguages } from '../model/languages.ts';
import type { TextTree } from './schemas/textsSchema.ts';
import { didYouMean } from '../errors/suggest.ts';
import { imageExtensions } from '../model/imageFormats.ts';
import { pageImageKeys, pageImageSlots, type PageImageKey } from '../model/imageSlots.ts';

export interface PageImage {
  key: PageImageKey;
  /** File name under content/images. */
  file: string;
  /** The file's path, for the stages that read it. */
  path: string;
  /** Says nothing: empty alt text, hidden from screen readers. */
  decorative: boolean;
  /** The point a crop keeps, as fractions of the width and height (0.5, 0.5: the centre). */
  focus: { x: number; y: number };
  /** Where `file` is written, for an error about the file. */
  location: SourceLocation;
}

export type PageImages = Record<PageImageKey, PageImage>;

const imageFields = ['file', 'alt', 'role', 'focus'];
/** The fields the reference language decides for every language; the others write only `alt`. */
const imageSettings = ['file', 'role', 'focus'];

/** Whether a dotted text key is an image's file, role or focus (`about.vision.image.file`), not a text. */
export function isImageSetting(key: string): boolean {
  const at = key.lastIndexOf('.');
  return imageSettings.includes(key.slice(at + 1)) && key.slice(0, at) in pageImageSlots;
}
const fileNamePattern = new RegExp(
  `^[\\w][\\w.-]*(${imageExtensions.map((ext) => `\\${ext}`).join('|')})$`,
  'i',
);

function nodeAt(tree: unknown, key: string): unknown {
  let node = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Dotted keys of every object in a text tree that names a `file`: the images the content declares. */
function declaredKeys(tree: unknown, prefix = ''): string[] {
  if (!isObject(tree)) return [];
  const own = typeof tree.file === 'string' && prefix !== '' ? [prefix] : [];
  return [
    ...own,
    ...Object.entries(tree).flatMap(([key, value]) => declaredKeys(value, prefix ? `${prefix}.${key}` : key)),
  ];
}

/** `50% 30%` as fractions; undefined when not of that form. */
export function parseFocus(text: string): { x: number; y: number } | undefined {
  const match = /^\s*(\d{1,3}(?:\.\d+)?)%\s+(\d{1,3}(?:\.\d+)?)%\s*$/.exec(text);
  if (!match) return undefined;
  const [x, y] = [Number(match[1]) / 100, Number(match[2]) / 100];
  return x <= 1 && y <= 1 ? { x, y } : undefined;
}

/**
 * Reads the image declarations out of the texts (which it changes: only the alt
 * texts stay), or lists what is wrong with them, each problem at its line.
 */
export function takePageImages(
  contentDir: string,
  texts: Record<Language, TextTree>,
  textLocations: Record<Language, Record<string, SourceLocation>>,
  languages: SiteLanguages,
): { images?: PageImages; problems: SiteError[] } {
  const reference = languages.default;
  const problems: SiteError[] = [];
  const imagesDir = path.join(contentDir, 'images');
  const available = existsSync(imagesDir) ? readdirSync(imagesDir) : [];
  const fileOf = (language: Language, key: string) =>
    path.join(contentDir, textFileOf(language, key.split('.')[0]));
  const locate = (language: Language, key: string): SourceLocation =>
    textLocations[language][key] ??
    Object.entries(textLocations[language]).find(([text]) => text.startsWith(`${key}.`))?.[1] ?? {
      file: fileOf(language, key),
    };
  const problem = (code: SiteError['code'], message: string, location: SourceLocation, hint?: string) =>
    problems.push(new SiteError({ code, message, location, hint }));

  for (const key of declaredKeys(texts[reference]))
    if (!(key in pageImageSlots))
      problem(
        'CONTENT_REFERENCE',
        `${key}: no page shows an image here`,
        locate(reference, `${key}.file`),
        `The pages show images at ${pageImageKeys.join(', ')}.${didYouMean(key, pageImageKeys)}`,
      );

  const images = {} as PageImages;
  // A text file that is missing or unreadable is reported by the texts' loader; a translation without it shows the reference texts.
  const hasFile = (language: Language, key: string) => texts[language][key.split('.')[0]] !== undefined;
  for (const key of pageImageKeys) {
    if (!hasFile(reference, key)) continue;
    const node = nodeAt(texts[reference], key);
    if (!isObject(node) || typeof node.file !== 'string') {
      problem(
        'CONTENT_MISSING_FILE',
        `${key}: the ${key.split('.')[0]} page shows an image here, and the texts name none`,
        locate(reference, key),
        `Write under ${key.split('.').slice(1).join(' > ')}: "file: <name under content/images>" and "alt: <what it shows>".`,
      );
      continue;
    }
    for (const field of Object.keys(node))
      if (!imageFields.includes(field))
        problem(
          'CONTENT_UNKNOWN_KEY',
          `${key}.${field}: an image has no field "${field}"`,
          locate(reference, `${key}.${field}`),
          `An image has ${imageFields.join(', ')}.${didYouMean(field, imageFields)}`,
        );
    const fileLocation = locate(reference, `${key}.file`);
    if (!fileNamePattern.test(node.file))
      problem(
        'CONTENT_SCHEMA',
        `${key}.file: "${node.file}" is not the name of an image file`,
        fileLocation,
        `Name a file in content/images (no folder), ending in ${imageExtensions.join(', ')}.`,
      );
    else if (!available.includes(node.file))
      problem(
        'CONTENT_MISSING_FILE',
        `${key}.file: content/images/${node.file} does not exist`,
        fileLocation,
        `Put the image in content/images/, or name one that is there.${didYouMean(node.file, available)}`,
      );
    const decorative = node.role === 'decorative';
    if (node.role !== undefined && !decorative)
      problem(
        'CONTENT_SCHEMA',
        `${key}.role: "${String(node.role)}" is not a role; the only one is "decorative"`,
        locate(reference, `${key}.role`),
        'Leave role out and write an alt text, unless the image says nothing at all.',
      );
    const focus = typeof node.focus === 'string' ? parseFocus(node.focus) : { x: 0.5, y: 0.5 };
    if (!focus)
      problem(
        'CONTENT_SCHEMA',
        `${key}.focus: "${String(node.focus)}" is not a point`,
        locate(reference, `${key}.focus`),
        'Write the point a crop keeps as two percentages, from the left and from the top: focus: 50% 30%',
      );
    for (const language of languages.codes.filter((code) => hasFile(code, key))) {
      const own = nodeAt(texts[language], key);
      // A language started as a copy of the reference keeps its file, role and focus: the same values are fine.
      if (language !== reference && isObject(own))
        for (const field of Object.keys(own))
          if (field !== 'alt' && own[field] !== node[field])
            problem(
              'CONTENT_UNKNOWN_KEY',
              `${key}.${field}: only the ${reference} texts name the image's ${field}`,
              locate(language, `${key}.${field}`),
              `Write only alt here; ${textFileOf(reference, key.split('.')[0])} names the file for every language.`,
            );
      const alt = isObject(own) ? own.alt : undefined;
      if (!decorative && (typeof alt !== 'string' || alt.trim() === ''))
        problem(
          'IMAGE_ALT_MISSING',
          `${key}.alt: the ${language} page shows ${node.file} without a text saying what it shows`,
          isObject(own) ? locate(language, key) : { file: fileOf(language, key) },
          `Write under ${key.split('.').slice(1).join(' > ')}: "alt: <what the picture shows, in a sentence>", or give the ${reference} image "role: decorative" if it says nothing.`,
        );
    }
    images[key] = {
      key,
      file: node.file,
      path: path.join(imagesDir, node.file),
      decorative,
      focus: focus ?? { x: 0.5, y: 0.5 },
      location: fileLocation,
    };
  }
  if (problems.length > 0 || Object.keys(images).length < pageImageKeys.length) return { problems };

  // What stays in the texts: one alt text per language, or nothing for a decorative image.
  for (const language of languages.codes)
    for (const key of pageImageKeys) {
      const parent = nodeAt(texts[language], key.split('.').slice(0, -1).join('.'));
      const name = key.split('.').at(-1)!;
      if (!isObject(parent) || !isObject(parent[name])) continue;
      const alt = parent[name].alt;
      if (images[key].decorative || typeof alt !== 'string') delete parent[name];
      else parent[name] = { alt };
    }
  return { images, problems };
}
