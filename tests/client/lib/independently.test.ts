/** runIndependently: one broken behaviour does not stop the others. */
import { describe, expect, it, vi } from 'vitest';
import { runIndependently } from '../../../client/lib/independently.ts';

describe('runIndependently', () => {
  it('logs a behaviour that throws and still runs the others', () => {
    // Restored even when an assertion fails: the worker's next files share this console.
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
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
    } finally {
      error.mockRestore();
    }
  });
});
