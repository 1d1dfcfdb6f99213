/** The counts of each translation status as the summary and `site translations status` write them. */
import { describe, expect, it } from 'vitest';
import { formatCounts, translationStatuses } from '../../../generator/translations/counts.ts';

describe('formatCounts', () => {
  it('writes current first, then every other status that has texts', () => {
    expect(formatCounts({ missing: 2, outdated: 3, untranslated: 1, current: 40 })).toBe(
      '40 current, 3 outdated, 2 missing, 1 untranslated',
    );
  });

  it('leaves out the statuses with none, but always shows current', () => {
    expect(formatCounts({ missing: 0, outdated: 1, untranslated: 0, current: 0 })).toBe(
      '0 current, 1 outdated',
    );
    expect(formatCounts({ missing: 0, outdated: 0, untranslated: 0, current: 7 })).toBe('7 current');
  });

  it('knows the four statuses', () => {
    expect([...translationStatuses].sort()).toEqual(['current', 'missing', 'outdated', 'untranslated']);
  });
});
