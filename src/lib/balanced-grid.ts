/**
 * Card grids that never leave one card alone on a row. The grid has 6 tracks from `md` up:
 * cards normally take 3 (two a row, md) or 2 (three a row, lg). When the count would leave an
 * orphan, the last cards share the space differently: at md the last three sit three to a row,
 * at lg the last four sit two to a row. Class names are written out whole for Tailwind.
 */

/** The grid container's classes (one column on phones, where every card has its own row anyway). */
export const BALANCED_GRID = 'grid grid-cols-1 gap-6 md:grid-cols-6 lg:gap-8';

/** How many of the 6 tracks the card at `index` in a list of `count` takes, at md and at lg. */
function spans(index: number, count: number): { md: 2 | 3; lg: 2 | 3 } {
  const fromEnd = count - index;
  return {
    md: count % 2 === 1 && count >= 3 && fromEnd <= 3 ? 2 : 3,
    lg: count % 3 === 1 && count >= 4 && fromEnd <= 4 ? 3 : 2,
  };
}

/** The grid classes of the card at `index` in a list of `count`. */
export function balancedCell(index: number, count: number): string {
  const { md, lg } = spans(index, count);
  // A single card keeps a card's width instead of stretching over the whole row.
  const alone = count === 1 ? 'md:col-start-2 lg:col-start-3' : '';
  return [
    md === 2 ? 'md:col-span-2' : 'md:col-span-3',
    lg === 2 ? 'lg:col-span-2' : 'lg:col-span-3',
    alone,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The CSS width of that card, as an `<img sizes>` value, so its photo is fetched at the size it
 * is shown. Container: at most 76rem, side padding 1rem/1.5rem/2rem; gaps 1.5rem (md), 2rem (lg).
 */
export function balancedCellSizes(index: number, count: number): string {
  const { md, lg } = spans(index, count);
  // A card spanning 2 of 6 tracks is a third of the row less two gaps' share; 3 of 6, a half less one.
  const lgWide = lg === 2 ? '363px' : '560px';
  const lgNarrow = lg === 2 ? 'calc((100vw - 128px) / 3)' : 'calc((100vw - 96px) / 2)';
  const mdWidth = md === 2 ? 'calc((100vw - 96px) / 3)' : 'calc((100vw - 72px) / 2)';
  return `(min-width: 1216px) ${lgWide}, (min-width: 1024px) ${lgNarrow}, (min-width: 768px) ${mdWidth}, calc(100vw - 2rem)`;
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
