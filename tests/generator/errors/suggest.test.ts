/** "Did you mean …?": the closest known name when it is a likely misspelling, and nothing when it is not. */
import { describe, expect, it } from 'vitest';
import { closestMatch, didYouMean } from '../../../generator/errors/suggest.ts';

const planKeys = ['nationalData', 'roamingData', 'sms', 'minutes', 'brand'];

describe('closestMatch', () => {
  it('names the candidate one or two edits away, two swapped letters included', () => {
    expect(closestMatch('nationalDta', planKeys)).toBe('nationalData');
    expect(closestMatch('brnad', planKeys)).toBe('brand');
  });

  it('prefers the candidate that differs only in letter case', () => {
    expect(closestMatch('SMS', ['sms', 'sma'])).toBe('sms');
    expect(closestMatch('Brand', planKeys)).toBe('brand');
  });

  it('suggests nothing for a word far from every candidate', () => {
    expect(closestMatch('colour', planKeys)).toBeUndefined();
    expect(closestMatch('zzzzzzzzzzzz', planKeys)).toBeUndefined();
  });

  it('allows a short word one edit only, so a single letter never becomes a short key', () => {
    expect(closestMatch('x', planKeys)).toBeUndefined();
    expect(closestMatch('sm', planKeys)).toBe('sms');
    expect(closestMatch('xy', ['sms'])).toBeUndefined();
  });

  it('allows a long word three edits', () => {
    expect(closestMatch('internationalDat', ['internationalData'])).toBe('internationalData');
    expect(closestMatch('intrnatonalDat', ['internationalData'])).toBe('internationalData');
    expect(closestMatch('intrnatnalDt', ['internationalData'])).toBeUndefined();
  });

  it('never suggests the word itself, nor anything for an empty word or no candidates', () => {
    expect(closestMatch('sms', ['sms'])).toBeUndefined();
    expect(closestMatch('', ['a', 'b'])).toBeUndefined();
    expect(closestMatch('brand', [])).toBeUndefined();
  });

  it('takes any iterable of candidates', () => {
    expect(closestMatch('brnd', new Set(planKeys))).toBe('brand');
  });
});

describe('didYouMean', () => {
  it('is a sentence to append to a message, quoting the name by default', () => {
    expect(didYouMean('nationalDta', planKeys)).toBe(' Did you mean "nationalData"?');
  });

  it('formats the name as asked', () => {
    expect(didYouMean('brnad', planKeys, (name) => `\`${name}\``)).toBe(' Did you mean `brand`?');
  });

  it('is empty when there is no likely intent', () => {
    expect(didYouMean('colour', planKeys)).toBe('');
  });
});
