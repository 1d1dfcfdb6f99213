/** idFromHash: the element id a URL fragment names. */
import { describe, expect, it } from 'vitest';
import { idFromHash } from '../../../client/lib/hash.ts';

describe('idFromHash', () => {
  it('decodes a percent-encoded id and takes a malformed one as written', () => {
    expect(idFromHash('#tariff-zones')).toBe('tariff-zones');
    expect(idFromHash('#%C3%BCber-uns')).toBe('über-uns');
    expect(idFromHash('#%E0')).toBe('%E0');
    expect(idFromHash('#50%')).toBe('50%');
    expect(idFromHash('')).toBe('');
  });
});
