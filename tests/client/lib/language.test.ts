/** prefixedPath: the same path under another language's prefix. */
import { describe, expect, it } from 'vitest';
import { prefixedPath } from '../../../client/lib/language.ts';
import { fourLanguages, withRomansh } from '../../helpers/client.ts';

describe('prefixedPath', () => {
  it('swaps the language prefix of an unknown path', () => {
    expect(prefixedPath('/de/nope', 'en', fourLanguages)).toBe('/en/nope');
    expect(prefixedPath('/nope', 'fr', fourLanguages)).toBe('/fr/nope');
    expect(prefixedPath('/fr/a/b/', 'it', fourLanguages)).toBe('/a/b/');
    expect(prefixedPath('/', 'de', fourLanguages)).toBe('/de/');
    expect(prefixedPath('/english', 'de', fourLanguages)).toBe('/de/english');
  });
  it('treats the prefix of any language the build names as a prefix', () => {
    expect(prefixedPath('/rm/nope', 'de', withRomansh)).toBe('/de/nope');
    expect(prefixedPath('/rm/nope', 'de', fourLanguages)).toBe('/de/rm/nope');
    expect(prefixedPath('/nope/', 'rm', withRomansh)).toBe('/rm/nope/');
  });
});
