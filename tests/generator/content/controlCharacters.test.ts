/** A control character in a key or a text is found at the position of that text; tabs and line ends pass. */
import { describe, expect, it } from 'vitest';
import { findControlCharacter } from '../../../generator/content/controlCharacters.ts';
import { parsedYaml } from '../../helpers/parsedYaml.ts';

/** Found by walking the document, and the same when the source it was parsed from is given (which may skip the walk). */
const find = (text: string) => {
  const { doc, lineCounter } = parsedYaml(text);
  const walked = findControlCharacter(doc, lineCounter);
  expect(findControlCharacter(doc, lineCounter, text)).toEqual(walked);
  return walked;
};

describe('findControlCharacter', () => {
  it('finds an escaped NUL at the start of its text', () => {
    expect(find('title: Uno\ntext: "Due \\0 tre"\n')).toEqual({ codePoint: 'U+0000', line: 2, col: 7 });
  });

  it('names the code point of an escape, DEL and a C1 control', () => {
    expect(find('a: "\\x1b[31m"\n')?.codePoint).toBe('U+001B');
    expect(find('a: "x\\x7f"\n')?.codePoint).toBe('U+007F');
    expect(find('a: "x\\x85y"\n')?.codePoint).toBe('U+0085');
  });

  it('finds one in a key, and in a list item deep in the file', () => {
    expect(find('"ke\\by": Uno\n')).toEqual({ codePoint: 'U+0008', line: 1, col: 1 });
    expect(find('items:\n  - Uno\n  - "Du\\x01e"\n')).toEqual({ codePoint: 'U+0001', line: 3, col: 5 });
  });

  it('finds one written as it is, without an escape', () => {
    expect(find('a: Uno\nb: "Du\u0007e"\n')).toEqual({ codePoint: 'U+0007', line: 2, col: 4 });
    expect(find('a: |\n  riga\u0085due\n')?.codePoint).toBe('U+0085');
  });

  it('reports the first of several', () => {
    expect(find('a: "\\x02"\nb: "\\x03"\n')).toMatchObject({ codePoint: 'U+0002', line: 1 });
  });

  it('passes tabs, line ends and ordinary non-Latin text', () => {
    expect(find('a: "Uno\\tdue\\r\\ntre"\nb: |\n  Zürich — 東京 €\n  riga due\n')).toBeUndefined();
  });

  it('ignores numbers and booleans', () => {
    expect(find('a: 12\nb: true\nc: null\n')).toBeUndefined();
  });
});
