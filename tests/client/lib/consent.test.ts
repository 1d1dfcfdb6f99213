/** consentKeyFor: the storage key of the cookie choice, made from the brand. */
import { describe, expect, it } from 'vitest';
import { consentKeyFor } from '../../../client/lib/consent.ts';

describe('consentKeyFor', () => {
  it('keeps the brand’s letters and digits of any script, lower case, other runs as one dash', () => {
    expect(consentKeyFor('Example Mobile')).toBe('example-mobile-cookie-consent');
    expect(consentKeyFor('Öko Mobile')).toBe('öko-mobile-cookie-consent');
    expect(consentKeyFor('  Télé & Co. 5G!  ')).toBe('télé-co-5g-cookie-consent');
    expect(consentKeyFor('Ｅｘａｍｐｌｅ ＭＯＢＩＬＥ')).toBe('example-mobile-cookie-consent');
    expect(consentKeyFor('ﬁbre')).toBe('fibre-cookie-consent');
    expect(consentKeyFor('Mobile\u0301')).toBe('mobilé-cookie-consent');
    expect(consentKeyFor('Σ Mobil')).toBe('σ-mobil-cookie-consent');
    expect(consentKeyFor('日本モバイル')).toBe('日本モバイル-cookie-consent');
  });

  it('is never empty', () => {
    expect(consentKeyFor('!!!')).toBe('site-cookie-consent');
    expect(consentKeyFor('')).toBe('site-cookie-consent');
  });
});
