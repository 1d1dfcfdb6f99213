/**
 * What changed between the recorded and today's reference text, word by word
 * (jsdiff's `diffWords`): the old text with its removed words marked `[-…-]` and
 * the new one with its added words marked `{+…+}`, as `git diff --word-diff`
 * writes them, or painted red and green on a terminal.
 */
import { diffWords, type ChangeObject } from 'diff';

export interface MarkedChange {
  /** The old text, removed words marked. */
  old: string;
  /** The new text, added words marked. */
  new: string;
  /** The diff itself, for machines: each part is kept, removed or added. */
  parts: { text: string; change: 'kept' | 'removed' | 'added' }[];
}

export interface Marks {
  removed: (text: string) => string;
  added: (text: string) => string;
}

export const plainMarks: Marks = {
  removed: (text) => `[-${text}-]`,
  added: (text) => `{+${text}+}`,
};

const changeOf = (part: ChangeObject<string>) => (part.added ? 'added' : part.removed ? 'removed' : 'kept');

export function markChanges(oldText: string, newText: string, marks: Marks = plainMarks): MarkedChange {
  const parts = diffWords(oldText, newText);
  return {
    old: parts
      .filter((part) => !part.added)
      .map((part) => (part.removed ? marks.removed(part.value) : part.value))
      .join(''),
    new: parts
      .filter((part) => !part.removed)
      .map((part) => (part.added ? marks.added(part.value) : part.value))
      .join(''),
    parts: parts.map((part) => ({ text: part.value, change: changeOf(part) })),
  };
}
