/**
 * A parsed content file with the positions of its nodes, and the list that collects
 * every problem of every file so an editor sees all of them at once.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, type Document } from 'yaml';
import { SiteError, type SourceLocation } from '../errors/siteError.ts';

export type PathSegment = string | number;

export interface ParsedFile {
  /** The file's path; messages show it relative to the working directory. */
  displayPath: string;
  doc: Document;
  lineCounter: LineCounter;
  /** Its scalars, when known without the document (a file taken from the parsed-content cache). */
  scalars?: ScalarEntry[];
}

/** Collects problems across files so the user sees all of them at once. */
export class ProblemList {
  readonly problems: SiteError[] = [];
  add(
    code: SiteError['code'],
    message: string,
    file: string,
    position?: { line: number; col: number },
    hint?: string,
  ) {
    this.problems.push(
      new SiteError({ code, message, hint, location: { file, line: position?.line, column: position?.col } }),
    );
  }
}

/** Finds the deepest YAML node that exists along `segments` and returns its position. */
export function positionOf(file: ParsedFile, segments: readonly PathSegment[], key?: string) {
  for (let depth = segments.length; depth >= 0; depth--) {
    const node = depth === 0 ? file.doc.contents : file.doc.getIn(segments.slice(0, depth), true);
    if (!node || typeof node !== 'object') continue;
    if (key !== undefined && depth === segments.length && isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === key);
      const range = pair && isScalar(pair.key) ? pair.key.range : undefined;
      if (range) return file.lineCounter.linePos(range[0]);
    }
    const range = (node as { range?: [number, number, number] }).range;
    if (range) return file.lineCounter.linePos(range[0]);
  }
  return { line: 1, col: 1 };
}

export interface ScalarEntry {
  /** Path of the value inside its file, e.g. `['tariffs', 'sections', 0, 'heading']`. */
  segments: PathSegment[];
  value: unknown;
  location: SourceLocation;
  /** The lines the text spans: from its key's (or, in a list, its own first) line to its value's last. */
  lines: { first: number; last: number };
}

/** Every scalar of a file with its path and position, for messages that point at a text. */
export function scalarEntries(file: ParsedFile): ScalarEntry[] {
  if (file.scalars) return file.scalars;
  const entries: ScalarEntry[] = [];
  const visit = (node: unknown, segments: PathSegment[], keyStart?: number) => {
    if (isScalar(node)) {
      const [start, end] = node.range ?? [0, 0, 0];
      const { line, col } = file.lineCounter.linePos(start);
      entries.push({
        segments,
        value: node.value,
        location: { file: file.displayPath, line, column: col },
        lines: {
          first: file.lineCounter.linePos(keyStart ?? start).line,
          last: file.lineCounter.linePos(Math.max(start, end - 1)).line,
        },
      });
    } else if (isMap(node) || isSeq(node)) {
      node.items.forEach((item, index) => {
        if (isPair(item))
          visit(
            item.value,
            [...segments, isScalar(item.key) ? String(item.key.value) : index],
            isScalar(item.key) ? item.key.range?.[0] : undefined,
          );
        else visit(item, [...segments, index]);
      });
    }
  };
  visit(file.doc.contents, []);
  return entries;
}
