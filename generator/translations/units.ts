/**
 * A text as a translation unit: its `{{placeholders}}` (filled in when a page is
 * built, never translated) and the longest text its field takes.
 */
import { headLimits, maxTextLength } from '../model/constants.ts';

/** `{{brand}}`, `{{ count }}`, `{{price, number}}`: what i18next fills in. */
const placeholderPattern = /\{\{[^{}]*\}\}/g;

/** The placeholders of a text, each once, in order of appearance. */
export function placeholdersOf(text: string): string[] {
  return [...new Set(text.match(placeholderPattern) ?? [])];
}

/** A placeholder's name, as an XLIFF inline element's id: `{{ price, number }}` → `price`. */
export const placeholderName = (placeholder: string) =>
  placeholder.slice(2, -2).split(',')[0].trim() || 'placeholder';

/** A text split into plain parts and placeholders. */
export function splitPlaceholders(text: string): ({ text: string } | { placeholder: string })[] {
  const parts: ({ text: string } | { placeholder: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(placeholderPattern)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ placeholder: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * The longest text, in characters, a key takes: the schema's limit of every
 * text, and the search engines' limit of a page description, which the page's
 * head carries as written.
 */
export function maxLengthOf(key: string): number {
  return key.endsWith('.meta.description') ? headLimits.description : maxTextLength;
}

/** Length in characters as a reader counts them (an emoji is one). */
export const characterCount = (text: string) => [...text].length;
