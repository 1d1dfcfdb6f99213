/** The catalogue of error codes: each code with its title. */
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../../generator/errors/errorCodes.ts';

describe('error code catalogue', () => {
  it('gives every code a title in the catalogue', () => {
    expect(Object.keys(errorCodes).length).toBeGreaterThan(10);
    for (const [code, entry] of Object.entries(errorCodes)) expect(entry.title, code).toMatch(/\.$/);
  });

  it('says for every code what to do: a default hint, or for the docs a fix', () => {
    for (const [code, entry] of Object.entries(errorCodes)) {
      const { hint, fix } = entry as { hint?: string; fix?: string };
      expect(hint ?? fix, code).toBeTruthy();
    }
  });
});
