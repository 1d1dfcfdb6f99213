/**
 * Control characters in content: a NUL, a backspace or an escape (typed as `\0` or
 * `\x1b` in a quoted YAML text, or pasted from a terminal) reaches no page as
 * anything a reader can see, and breaks HTML validity. Line ends and tabs are
 * what texts are made of and pass.
 */
import { isScalar, visit, type Document, type LineCounter } from 'yaml';

/** C0 controls but tab and line ends, DEL, and the C1 controls. */
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export interface ControlCharacterFound {
  /** `U+0000` */
  codePoint: string;
  line: number;
  col: number;
}

/**
 * The first text (a key or a value) of `doc` that holds a control character, at the text's position.
 * `source`, the text `doc` was parsed from: a text can only hold one written as such or as an escape
 * (a backslash), so a source with neither is not walked.
 */
export function findControlCharacter(
  doc: Document,
  lineCounter: LineCounter,
  source?: string,
): ControlCharacterFound | undefined {
  if (source !== undefined && !source.includes('\\') && !controlCharacter.test(source)) return undefined;
  let found: ControlCharacterFound | undefined;
  visit(doc, {
    Scalar(_key, node) {
      if (!isScalar(node) || typeof node.value !== 'string') return undefined;
      const match = controlCharacter.exec(node.value);
      if (!match) return undefined;
      const codePoint = `U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
      found = { codePoint, ...lineCounter.linePos(node.range?.[0] ?? 0) };
      return visit.BREAK;
    },
  });
  return found;
}
