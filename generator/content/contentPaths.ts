/**
 * Where a part of the content lives, relative to the content folder: the one
 * home of these paths, light enough for any module (the summary, the checks).
 */
import type { Language } from '../model/languages.ts';

/** The file (relative to the content folder) that holds a language's texts of one page or area. */
export function textFileOf(language: Language, namespace: string): string {
  return `texts/${language}/${namespace}.yaml`;
}

/** The file (relative to the content folder) of an illustration, e.g. `images/vision.svg`. */
export function imageFileOf(name: string): string {
  return `images/${name}`;
}
