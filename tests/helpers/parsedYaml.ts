/** A content file parsed from an inline YAML text, as the content loader parses one, for tests of the checks. */
import { LineCounter, parseDocument } from 'yaml';
import type { ParsedFile } from '../../generator/content/parsedFile.ts';

export function parsedYaml(text: string, displayPath = 'page.yaml'): ParsedFile {
  const lineCounter = new LineCounter();
  return { displayPath, doc: parseDocument(text, { lineCounter }), lineCounter };
}
