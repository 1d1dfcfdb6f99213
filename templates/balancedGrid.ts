/**
 * Card lists whose rows balance at every width, for any number of cards: four plans sit
 * four in a row or two and two, never three and one; seven cards sit four and three.
 *
 * A grid alone cannot do it (auto-fit fills each row and leaves the rest alone on the last),
 * so the template, which knows the count, gives each card the size of its row at each width
 * as a class (`in-3-of-2`: where three fit a row, this card's row holds two), and
 * `.balanced-grid` in client/styles/base.css spans it over 12 columns accordingly. Classes,
 * not inline styles: the Content-Security-Policy allows no style attribute.
 */

/** The most cards a row holds at each width the stylesheet knows (its media queries). */
export const cardsPerRowAtWidths = [1, 2, 3, 4] as const;

/**
 * How many cards each row holds when `count` cards fill rows of at most `perRow`: as few
 * rows as fit them, the cards spread so rows differ by at most one, the fuller rows first.
 */
export function rowSizes(count: number, perRow: number): number[] {
  if (count <= 0) return [];
  const rows = Math.ceil(count / Math.max(1, perRow));
  const smaller = Math.floor(count / rows);
  const fuller = count % rows;
  return Array.from({ length: rows }, (_, row) => (row < fuller ? smaller + 1 : smaller));
}

/** For each card, the classes that size it at every width: `in-2-of-2 in-3-of-3 in-4-of-4`. */
export function balancedCardClasses(count: number): string[] {
  const classes: string[][] = Array.from({ length: count }, () => []);
  for (const perRow of cardsPerRowAtWidths) {
    if (perRow === 1) continue; // One a row is the grid's default.
    let card = 0;
    for (const size of rowSizes(count, perRow))
      for (let place = 0; place < size; place++) classes[card++].push(`in-${perRow}-of-${size}`);
  }
  return classes.map((names) => names.join(' '));
}

/** The class of a balanced list plus any of its own. */
export function balancedGridClass(...own: (string | undefined)[]): string {
  return ['balanced-grid', ...own.filter(Boolean)].join(' ');
}
