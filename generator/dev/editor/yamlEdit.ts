/**
 * Lossless edits of a YAML file: a text's value replaced, a list item added,
 * removed or moved, and every other byte of the file as it was (comments, key
 * order, quoting style, blank lines). The `yaml` package's document API finds the
 * node (kept with its source tokens); the value is written into those tokens (its
 * quoting style kept, quotes added when the new value needs them), and the file is
 * the tokens stringified, which gives back the source exactly. Each edit is checked
 * by parsing the result: the data must be the old data with exactly that change.
 */
import { isDeepStrictEqual } from 'node:util';
import { Composer, CST, isScalar, isSeq, LineCounter, parse, Parser, type Document, type Node } from 'yaml';

export type PathSegment = string | number;

export class YamlEditError extends Error {}

interface EditableFile {
  tokens: CST.Token[];
  doc: Document.Parsed;
  lineCounter: LineCounter;
}

function parseEditable(source: string): EditableFile {
  const lineCounter = new LineCounter();
  const tokens = [...new Parser(lineCounter.addNewLine).parse(source)];
  const docs = [...new Composer({ keepSourceTokens: true }).compose(tokens)];
  if (docs.length !== 1 || docs[0].errors.length > 0)
    throw new YamlEditError('The file is not one valid YAML document');
  return { tokens, doc: docs[0], lineCounter };
}

const stringify = (file: EditableFile) => file.tokens.map((token) => CST.stringify(token)).join('');

/** The node at a path, or undefined. */
function nodeAt(doc: Document.Parsed, segments: readonly PathSegment[]): Node | undefined {
  const node = segments.length === 0 ? doc.contents : doc.getIn(segments, true);
  return (node ?? undefined) as Node | undefined;
}

/** The value and line of a text in a file's source, or undefined when the file has no such text. */
export function readValue(
  source: string,
  segments: readonly PathSegment[],
): { value: unknown; line: number } | undefined {
  const file = parseEditable(source);
  const node = nodeAt(file.doc, segments);
  if (!node) return undefined;
  const line = file.lineCounter.linePos(node.range?.[0] ?? 0).line;
  return { value: node.toJSON(), line };
}

function setAt(
  data: unknown,
  segments: readonly PathSegment[],
  change: (value: unknown) => unknown,
): unknown {
  if (segments.length === 0) return change(data);
  const [first, ...rest] = segments;
  if (Array.isArray(data)) {
    const copy = [...data];
    copy[first as number] = setAt(copy[first as number], rest, change);
    return copy;
  }
  const record = data as Record<string, unknown>;
  return { ...record, [first]: setAt(record[first], rest, change) };
}

/** The edited source, after checking that it parses to the expected data. */
function checked(before: string, after: string, expected: (data: unknown) => unknown): string {
  const wanted = expected(parse(before));
  if (!isDeepStrictEqual(parse(after), wanted))
    throw new YamlEditError('The edit would change more than the value (the file was left as it was)');
  return after;
}

/** The source with the text at `segments` set to `value`; nothing else changes. */
export function setText(source: string, segments: readonly PathSegment[], value: string): string {
  const expected = (data: unknown) => setAt(data, segments, () => value);
  for (const type of [undefined, 'QUOTE_DOUBLE'] as const) {
    const file = parseEditable(source);
    const node = nodeAt(file.doc, segments);
    if (!isScalar(node) || typeof node.value !== 'string' || !node.srcToken)
      throw new YamlEditError('There is no text at this key');
    const seq = segments.length > 0 && typeof segments.at(-1) === 'number';
    CST.setScalarValue(node.srcToken, value, { afterKey: !seq, type });
    const after = stringify(file);
    // A plain value that YAML would read as something else (a number, yes/no): written in double quotes.
    if (isDeepStrictEqual(parse(after), expected(parse(source)))) return after;
  }
  throw new YamlEditError('The value cannot be written to this key without changing other lines');
}

/** Where each item of a block list starts and ends in the source: whole lines, its comments above the next item with it. */
function itemBlocks(source: string, segments: readonly PathSegment[]): { start: number; end: number }[] {
  const file = parseEditable(source);
  const node = nodeAt(file.doc, segments);
  if (!isSeq(node) || !node.srcToken || node.srcToken.type !== 'block-seq')
    throw new YamlEditError('There is no list ("- " items) at this key');
  const lineStart = (offset: number) => source.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = (offset: number) => {
    const end = source.indexOf('\n', offset);
    return end === -1 ? source.length : end + 1;
  };
  const starts = node.srcToken.items.map((item) => {
    const indicator = item.start.find((token) => token.type === 'seq-item-ind');
    if (!indicator) throw new YamlEditError('A list item has no "- "');
    return lineStart(indicator.offset);
  });
  const lastEnd = lineEnd(Math.max((node.range?.[1] ?? source.length) - 1, starts.at(-1) ?? 0));
  return starts.map((start, index) => ({ start, end: starts[index + 1] ?? lastEnd }));
}

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

export type ListChange = { action: 'add' | 'remove' | 'up' | 'down'; index: number };

/**
 * The source with a list item added after `index` (a copy of it, to be edited),
 * removed, or moved one place up or down.
 */
export function changeList(source: string, segments: readonly PathSegment[], change: ListChange): string {
  const blocks = itemBlocks(source, segments);
  const { index, action } = change;
  const block = blocks[index];
  if (!block) throw new YamlEditError(`The list has no item ${index + 1}`);
  const text = (b: { start: number; end: number }) => withNewline(source.slice(b.start, b.end));
  const listOf = (data: unknown) => [...(data as unknown[])];
  let after: string;
  let expected: (list: unknown[]) => unknown[];
  if (action === 'add') {
    // The last item of a file without a final newline: the copy goes on a line of its own.
    const base = block.end === source.length ? withNewline(source) : source;
    const at = block.end === source.length ? base.length : block.end;
    after = base.slice(0, at) + text(block) + base.slice(at);
    expected = (list) => [...list.slice(0, index + 1), list[index], ...list.slice(index + 1)];
  } else if (action === 'remove') {
    after = source.slice(0, block.start) + source.slice(block.end);
    expected = (list) => list.filter((_, i) => i !== index);
  } else {
    const other = action === 'up' ? index - 1 : index + 1;
    if (!blocks[other]) throw new YamlEditError(`Item ${index + 1} cannot move ${action}`);
    const [first, second] = other < index ? [blocks[other], block] : [block, blocks[other]];
    after =
      source.slice(0, first.start) +
      text(second) +
      source.slice(first.end, second.start) +
      text(first).slice(0, second.end === source.length && !source.endsWith('\n') ? -1 : undefined) +
      source.slice(second.end);
    expected = (list) => {
      const copy = [...list];
      [copy[index], copy[other]] = [copy[other], copy[index]];
      return copy;
    };
  }
  return checked(source, after, (data) => setAt(data, segments, (list) => expected(listOf(list))));
}
