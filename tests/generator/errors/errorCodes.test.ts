/** The catalogue of error codes: each code with its title. */
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../../generator/errors/errorCodes.ts';

describe('error code catalogue', () => {
  it('gives every code a title in the catalogue', () => {
    expect(Object.keys(errorCodes).length).toBeGreaterThan(10);
    for (const [code, entry] of Object.entries(errorCodes)) expect(entry.title, code).toMatch(/\.$/);
  });
});
