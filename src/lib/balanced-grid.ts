/**
 * Card grids that never leave one card alone on a row. The grid has 6 tracks from `md` up:
 * cards normally take 3 (two a row, md) or 2 (three a row, lg). When the count would leave an
 * orphan, the last cards share the space differently: at md the last three sit three to a row,
 * at lg the last four sit two to a row. Class names are written out whole for Tailwind.
 */

/** The grid container's classes (one column on phones, where every card has its own row anyway). */
export const BALANCED_GRID = 'grid grid-cols-1 gap-6 md:grid-cols-6 lg:gap-8';

/** The grid classes of the card at `index` in a list of `count`. */
export function balancedCell(index: number, count: number): string {
  const fromEnd = count - index;
  const md = count % 2 === 1 && count >= 3 && fromEnd <= 3 ? 'md:col-span-2' : 'md:col-span-3';
  const lg = count % 3 === 1 && count >= 4 && fromEnd <= 4 ? 'lg:col-span-3' : 'lg:col-span-2';
  // A single card keeps a card's width instead of stretching over the whole row.
  const alone = count === 1 ? 'md:col-start-2 lg:col-start-3' : '';
  return [md, lg, alone].filter(Boolean).join(' ');
}

/** How many cards each row holds at a grid of `tracks` (6) tracks: for tests and reasoning. */
export function rowSizes(spans: number[], tracks = 6): number[] {
  const rows: number[] = [];
  let used = tracks;
  for (const span of spans) {
    if (used + span > tracks) {
      rows.push(0);
      used = 0;
    }
    rows[rows.length - 1]! += 1;
    used += span;
  }
  return rows;
}
