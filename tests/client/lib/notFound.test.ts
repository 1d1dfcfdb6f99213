/** The not-found page's forwarding of an unknown legal section to its legal page. */
import { describe, expect, it } from 'vitest';
import { legalPageFor } from '../../../client/lib/notFound.ts';

describe('not-found forwarding', () => {
  const legalPaths = { it: '/legal/', en: '/en/legal/', rm: '/rm/legal/' };
  it('forwards exactly one unknown segment under a language’s legal page to that page', () => {
    expect(legalPageFor('/legal/x', legalPaths)).toBe('/legal/');
    expect(legalPageFor('/rm/legal/x/', legalPaths)).toBe('/rm/legal/');
    expect(legalPageFor('/en/legal/x', legalPaths)).toBe('/en/legal/');
    expect(legalPageFor('/legal/x/y', legalPaths)).toBeUndefined();
    expect(legalPageFor('/de/legal/x', legalPaths)).toBeUndefined();
    expect(legalPageFor('/legal/', legalPaths)).toBeUndefined();
  });
});
