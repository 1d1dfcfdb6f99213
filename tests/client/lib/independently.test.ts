/** runIndependently: one broken behaviour does not stop the others. */
import { describe, expect, it, vi } from 'vitest';
import { runIndependently } from '../../../client/lib/independently.ts';

describe('runIndependently', () => {
  it('logs a behaviour that throws and still runs the others', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ran: string[] = [];
    runIndependently({
      first: () => ran.push('first'),
      broken: () => {
        throw new Error('boom');
      },
      last: () => ran.push('last'),
    });
    expect(ran).toEqual(['first', 'last']);
    expect(error).toHaveBeenCalledWith('broken failed:', expect.any(Error));
    error.mockRestore();
  });
});
