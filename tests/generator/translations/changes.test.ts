/** What changed between the recorded and today's reference text, word by word, marked as `git diff --word-diff` does. */
import { describe, expect, it } from 'vitest';
import { markChanges, plainMarks } from '../../../generator/translations/changes.ts';

describe('markChanges', () => {
  it('marks a replaced word removed in the old text and added in the new one', () => {
    const change = markChanges('Aperti dalle 8 alle 18', 'Aperti dalle 9 alle 18');
    expect(change.old).toBe('Aperti dalle [-8-] alle 18');
    expect(change.new).toBe('Aperti dalle {+9+} alle 18');
    expect(change.parts).toEqual([
      { text: 'Aperti dalle ', change: 'kept' },
      { text: '8', change: 'removed' },
      { text: '9', change: 'added' },
      { text: ' alle 18', change: 'kept' },
    ]);
  });

  it('marks only additions in a text that grew', () => {
    const change = markChanges('Benvenuti', 'Benvenuti da noi');
    expect(change.old).not.toMatch(/\[-|\{\+/);
    expect(change.old.trim()).toBe('Benvenuti');
    expect(change.new).toBe('Benvenuti {+da noi+}');
    expect(change.parts.filter((part) => part.change !== 'kept')).toEqual([
      { text: 'da noi', change: 'added' },
    ]);
  });

  it('marks a removed word in the old text, and keeps the new text as it is', () => {
    const change = markChanges('uno due tre', 'uno tre');
    expect(change.old).toBe('uno [-due -]tre');
    expect(change.new).toBe('uno tre');
  });

  it('marks nothing in an unchanged text', () => {
    const change = markChanges('Uguale', 'Uguale');
    expect(change).toEqual({ old: 'Uguale', new: 'Uguale', parts: [{ text: 'Uguale', change: 'kept' }] });
  });

  it('paints with the marks it is given', () => {
    const change = markChanges('uno due', 'uno tre', {
      removed: (text) => `<del>${text}</del>`,
      added: (text) => `<ins>${text}</ins>`,
    });
    expect(change.old).toBe('uno <del>due</del>');
    expect(change.new).toBe('uno <ins>tre</ins>');
    expect(plainMarks.removed('x')).toBe('[-x-]');
  });
});
