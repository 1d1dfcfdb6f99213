/** Edits of an exported XLIFF file as a translator's tool would make them, for the import tests. */
import { readFile, writeFile } from 'node:fs/promises';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The unit's XML, from `<trans-unit id="…"` to its end tag. */
function unitRange(xml: string, id: string): [number, number] {
  const start = xml.indexOf(`<trans-unit id="${escapeXml(id)}"`);
  if (start === -1) throw new Error(`no unit ${id}`);
  return [start, xml.indexOf('</trans-unit>', start) + '</trans-unit>'.length];
}

/** Sets a unit's target (raw XML inside `<target>`) and its state. */
export function setTarget(xml: string, id: string, targetXml: string, state = 'translated'): string {
  const [start, end] = unitRange(xml, id);
  const unit = xml
    .slice(start, end)
    .replace(
      /<target[^>]*>[\s\S]*?<\/target>|<target[^>]*\/>/,
      `<target state="${state}">${targetXml}</target>`,
    );
  return xml.slice(0, start) + unit + xml.slice(end);
}

/** A unit's target as plain text (placeholders written as `<x id=… equiv-text=…/>` by `placeholder`). */
export const plain = escapeXml;
export const placeholder = (name: string) => `<x id="${name}" equiv-text="{{${name}}}"/>`;

/** The 1-based line of a unit's start tag. */
export function lineOfUnit(xml: string, id: string): number {
  return xml.slice(0, unitRange(xml, id)[0]).split('\n').length;
}

export async function editFile(file: string, edit: (xml: string) => string): Promise<string> {
  const xml = edit(await readFile(file, 'utf8'));
  await writeFile(file, xml);
  return xml;
}
