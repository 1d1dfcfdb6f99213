/** Where a language's texts and an illustration live, relative to the content folder. */
import { describe, expect, it } from 'vitest';
import { imageFileOf, textFileOf } from '../../../generator/content/contentPaths.ts';

describe('content paths', () => {
  it('puts a language’s texts of a page in texts/<language>/<page>.yaml', () => {
    expect(textFileOf('fr', 'shop')).toBe('texts/fr/shop.yaml');
  });

  it('puts an illustration under images/', () => {
    expect(imageFileOf('map.svg')).toBe('images/map.svg');
  });
});
