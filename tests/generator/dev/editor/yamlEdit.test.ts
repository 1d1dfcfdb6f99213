/** Lossless YAML edits on a small named fixture: only the edited value's bytes change. */
import { describe, expect, it } from 'vitest';
import { changeList, readValue, setText, YamlEditError } from '../../../../generator/dev/editor/yamlEdit.ts';

const fixture = `# yaml-language-server: $schema=../schema.json
hero:
  title: "Hello" # the heading
  subtitle: 'It''s plain'
  plain: Some words

faq:
  # The questions customers ask most.
  - question: First question?
    answer: First answer.
  - question: "Second question?"
    answer: >-
      A folded
      answer.
bullets:
  - one
  - two # a comment
`;

/** The lines that differ between two texts of the same number of lines. */
function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return b.filter((line, index) => line !== a[index]);
}

describe('setText', () => {
  it('changes only the value, keeping its quoting style and the comment after it', () => {
    const after = setText(fixture, ['hero', 'title'], 'Welcome');
    expect(changedLines(fixture, after)).toEqual(['  title: "Welcome" # the heading']);
  });

  it('keeps single quotes and plain style', () => {
    expect(changedLines(fixture, setText(fixture, ['hero', 'subtitle'], "We're here"))).toEqual([
      "  subtitle: 'We''re here'",
    ]);
    expect(changedLines(fixture, setText(fixture, ['hero', 'plain'], 'Other words'))).toEqual([
      '  plain: Other words',
    ]);
  });

  it('quotes a value that needs it, so it reads back as the same text', () => {
    for (const value of [
      'Price: 4.00 CHF',
      'true',
      '123',
      '# not a comment',
      '- not a list',
      "It's {{brand}}",
    ]) {
      const after = setText(fixture, ['hero', 'plain'], value);
      expect(readValue(after, ['hero', 'plain'])?.value).toBe(value);
      expect(changedLines(fixture, after)).toHaveLength(1);
    }
  });

  it('edits a text inside a list item and a folded block', () => {
    const after = setText(fixture, ['faq', 1, 'answer'], 'A new answer.');
    expect(readValue(after, ['faq', 1, 'answer'])).toEqual({ value: 'A new answer.', line: 12 });
    expect(after.replace('      A new answer.\n', '      A folded\n      answer.\n')).toBe(fixture);
    expect(changedLines(fixture, setText(fixture, ['bullets', 1], 'zwei'))).toEqual(['  - zwei # a comment']);
  });

  it('refuses a key that is not a text', () => {
    expect(() => setText(fixture, ['faq'], 'x')).toThrow(YamlEditError);
    expect(() => setText(fixture, ['hero', 'missing'], 'x')).toThrow(YamlEditError);
  });
});

describe('changeList', () => {
  it('adds a copy of an item after it and removes it again, byte for byte', () => {
    const added = changeList(fixture, ['faq'], { action: 'add', index: 0 });
    expect(added).toBe(
      fixture.replace(
        '  - question: "Second',
        '  - question: First question?\n    answer: First answer.\n  - question: "Second',
      ),
    );
    expect(changeList(added, ['faq'], { action: 'remove', index: 1 })).toBe(fixture);
  });

  it('moves an item with its comment and back', () => {
    const moved = changeList(fixture, ['bullets'], { action: 'up', index: 1 });
    expect(moved.endsWith('bullets:\n  - two # a comment\n  - one\n')).toBe(true);
    expect(changeList(moved, ['bullets'], { action: 'down', index: 0 })).toBe(fixture);
  });

  it('adds after the last item of a file without a final newline', () => {
    const source = 'items:\n  - a\n  - b';
    expect(changeList(source, ['items'], { action: 'add', index: 1 })).toBe('items:\n  - a\n  - b\n  - b\n');
  });

  it('refuses an item that is not there or a move past the end', () => {
    expect(() => changeList(fixture, ['bullets'], { action: 'remove', index: 5 })).toThrow(YamlEditError);
    expect(() => changeList(fixture, ['bullets'], { action: 'down', index: 1 })).toThrow(YamlEditError);
    expect(() => changeList(fixture, ['hero'], { action: 'add', index: 0 })).toThrow(YamlEditError);
  });
});
