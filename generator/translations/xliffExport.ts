/**
 * XLIFF 1.2 for translation agencies, one file per target language: a `<file>`
 * per content file, a `trans-unit` per text with its key as id, the reference
 * text as source and today's translation as target. The `xliff` package writes
 * the document, placeholders as `<x id="brand" equiv-text="{{brand}}"/>` (inline
 * elements a CAT tool protects); it drops the target's `state`, so that is added
 * on its XML tree (xml-js, the package's own XML layer), which is also indented
 * here: only between elements, never inside a source, target or note, where
 * white space is text.
 */
import { jsToXliff12, type XliffDocument, type XliffUnit, type XliffValue } from 'xliff';
import convert, { type Element } from 'xml-js';
import type { Language } from '../model/languages.ts';
import type { PageAddress } from './pageAddress.ts';
import type { TextStatus, TranslationStatus } from './status.ts';
import { maxLengthOf, placeholderName, splitPlaceholders } from './units.ts';

/** The XLIFF 1.2 `state` of each status. */
export const stateOf: Record<TranslationStatus, string> = {
  missing: 'needs-translation',
  untranslated: 'needs-review-translation',
  outdated: 'needs-review-translation',
  current: 'translated',
};

/** A text as XLIFF content: plain text, placeholders as standalone inline elements with unique ids. */
export function toXliffValue(text: string): XliffValue {
  const seen = new Map<string, number>();
  const parts = splitPlaceholders(text).map((part) => {
    if ('text' in part) return part.text;
    const name = placeholderName(part.placeholder);
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return {
      Standalone: { id: count === 1 ? name : `${name}-${count}`, 'equiv-text': part.placeholder },
    };
  });
  return parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : parts.length === 0 ? '' : parts;
}

function notesOf(text: TextStatus, reference: Language, address: string | undefined): string[] {
  const notes: string[] = [];
  if (text.status === 'outdated' && text.recorded !== undefined)
    notes.push(`Previous ${reference} text (the translation was made for it): ${text.recorded}`);
  if (text.status === 'untranslated')
    notes.push(`The translation was never checked against the ${reference} text: review it.`);
  if (address) notes.push(`Page: ${address}`);
  return notes;
}

const structural = new Set(['xliff', 'file', 'header', 'body', 'group', 'trans-unit']);

/** Line breaks and indentation between the elements of the structure, none inside texts. */
function indent(element: Element, depth: number) {
  if (!structural.has(element.name ?? '') || !element.elements?.length) return;
  const children = element.elements.filter((child) => child.type === 'element');
  const pad = (level: number): Element => ({ type: 'text', text: `\n${'  '.repeat(level)}` });
  element.elements = children.flatMap((child) => [pad(depth + 1), child]).concat(pad(depth));
  for (const child of children) indent(child, depth + 1);
}

export interface ExportRequest {
  language: Language;
  reference: Language;
  /** The texts to export, of this language, in order. */
  texts: TextStatus[];
  address: PageAddress;
}

export async function exportXliff({ language, reference, texts, address }: ExportRequest): Promise<string> {
  const document: XliffDocument = { sourceLanguage: reference, targetLanguage: language, resources: {} };
  for (const text of texts) {
    const unit: XliffUnit = {
      source: toXliffValue(text.reference),
      target: toXliffValue(text.translation ?? ''),
      additionalAttributes: { maxwidth: String(maxLengthOf(text.key)), 'size-unit': 'char' },
    };
    const notes = notesOf(text, reference, address(text.key, language));
    if (notes.length > 0) unit.note = notes;
    (document.resources[text.file] ??= {})[text.key] = unit;
  }
  const xml = await jsToXliff12(document, { indent: '' });
  const tree = convert.xml2js(xml, { compact: false, captureSpacesBetweenElements: true }) as Element;
  const statusByKey = new Map(texts.map((text) => [text.key, text.status]));
  const root = tree.elements!.find((element) => element.name === 'xliff')!;
  for (const file of root.elements ?? [])
    for (const body of file.elements ?? [])
      for (const unit of body.elements ?? []) {
        const status = statusByKey.get(String(unit.attributes?.id));
        const target = unit.elements?.find((element) => element.name === 'target');
        if (status && target) target.attributes = { ...target.attributes, state: stateOf[status] };
      }
  indent(root, 0);
  tree.declaration = { attributes: { version: '1.0', encoding: 'UTF-8' } };
  // The declaration on a line of its own, as every XLIFF tool writes it.
  return `${convert.js2xml(tree, { spaces: 0 }).replace(/^(<\?xml[^>]*\?>)/, '$1\n')}\n`;
}
