/**
 * A parsed content file with the positions of its nodes, and the list that collects
 * every problem of every file so an editor sees all of them at once.
 */
import { isMap, isScalar, LineCounter, type Document } from 'yaml';
import { SiteError } from '../errors/siteError.ts';

export type PathSegment = string | number;

export interface ParsedFile {
  /** The file's path; messages show it relative to the working directory. */
  displayPath: string;
  doc: Document;
  lineCounter: LineCounter;
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
