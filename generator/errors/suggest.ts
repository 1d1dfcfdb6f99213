/**
 * "Did you mean …?" for a misspelt key, id, country, label or placeholder: the
 * known name closest to it by edit distance, when it is close enough to be the
 * likely intent.
 */
import { closest, distance } from 'fastest-levenshtein';

/** The candidate the word is most likely a misspelling of, or undefined. */
export function closestMatch(word: string, candidates: Iterable<string>): string | undefined {
  const list = [...candidates].filter((candidate) => candidate !== word);
  if (list.length === 0 || word === '') return undefined;
  const sameLetters = list.find((candidate) => candidate.toLowerCase() === word.toLowerCase());
  if (sameLetters) return sameLetters;
  const best = closest(word, list);
  // Two swapped letters are two edits (`brnad` → brand); a short word allows one, so `x` never becomes `sms`.
  const length = Math.max(word.length, best.length);
  const allowed = length <= 3 ? 1 : length <= 10 ? 2 : 3;
  return distance(word, best) <= allowed ? best : undefined;
}

/** ` Did you mean "nationalData"?` or nothing, to append to a message. */
export function didYouMean(
  word: string,
  candidates: Iterable<string>,
  format: (name: string) => string = (name) => `"${name}"`,
): string {
  const match = closestMatch(word, candidates);
  return match === undefined ? '' : ` Did you mean ${format(match)}?`;
}
