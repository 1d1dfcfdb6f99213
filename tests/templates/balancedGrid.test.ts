/**
 * The rows a balanced card list asks for, for every count up to twenty and every width the
 * stylesheet knows: as few rows as fit, rows that differ by at most one card, fuller rows first,
 * and one class per card and width. Real Chromium lays them out in tests/browser/balancedGrid.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { balancedCardClasses, cardsPerRowAtWidths, rowSizes } from '../../templates/balancedGrid.ts';

const counts = Array.from({ length: 20 }, (_, index) => index + 1);

describe('rowSizes', () => {
  it('uses as few rows as fit the cards, which differ by at most one card, fuller rows first', () => {
    for (const perRow of [1, 2, 3, 4])
      for (const count of counts) {
        const sizes = rowSizes(count, perRow);
        expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(count);
        expect(sizes).toHaveLength(Math.ceil(count / perRow));
        expect(Math.max(...sizes)).toBeLessThanOrEqual(perRow);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
      }
  });

  it('puts four cards four in a row or two and two, never three and one', () => {
    expect(rowSizes(4, 4)).toEqual([4]);
    expect(rowSizes(4, 3)).toEqual([2, 2]);
    expect(rowSizes(5, 4)).toEqual([3, 2]);
    expect(rowSizes(7, 4)).toEqual([4, 3]);
    expect(rowSizes(7, 3)).toEqual([3, 2, 2]);
  });

  it('has no rows for no cards', () => expect(rowSizes(0, 3)).toEqual([]));
});

describe('balancedCardClasses', () => {
  it('gives every card, at every width past one a row, the size of its row', () => {
    for (const count of counts) {
      const classes = balancedCardClasses(count);
      expect(classes).toHaveLength(count);
      for (const perRow of cardsPerRowAtWidths.filter((width) => width > 1)) {
        const sizes = classes.map((names) => {
          const match = names.split(' ').find((name) => name.startsWith(`in-${perRow}-of-`));
          return Number(match?.slice(`in-${perRow}-of-`.length));
        });
        // Reading the cards in order gives back the rows: a row of n is n cards marked n.
        const rows: number[] = [];
        for (let card = 0; card < count; card += sizes[card]) rows.push(sizes[card]);
        expect(rows).toEqual(rowSizes(count, perRow));
      }
    }
  });
});
