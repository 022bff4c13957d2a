import { describe, expect, it } from 'vitest';
import { balancedCell, balancedCellSizes, rowSizes } from '../../src/lib/balanced-grid';

/** The span each card takes at a breakpoint ('md' or 'lg'), read from its classes. */
const spans = (count: number, bp: 'md' | 'lg') =>
  Array.from({ length: count }, (_, i) =>
    Number(new RegExp(`${bp}:col-span-(\\d)`).exec(balancedCell(i, count))![1]),
  );

describe('balanced card grid', () => {
  it('lays 7 members out as 3, 2, 2 on wide screens and 2, 2, 3 on medium ones', () => {
    expect(rowSizes(spans(7, 'lg'))).toEqual([3, 2, 2]);
    expect(rowSizes(spans(7, 'md'))).toEqual([2, 2, 3]);
  });

  it('never leaves one card alone on a row, for any count from 2 to 40', () => {
    for (let n = 2; n <= 40; n++) {
      for (const bp of ['md', 'lg'] as const) {
        expect(rowSizes(spans(n, bp)), `${n} cards at ${bp}`).not.toContain(1);
      }
    }
  });

  it('keeps full rows of three (lg) and two (md) when the count divides evenly', () => {
    expect(rowSizes(spans(6, 'lg'))).toEqual([3, 3]);
    expect(rowSizes(spans(6, 'md'))).toEqual([2, 2, 2]);
  });

  it('gives each card the image width of its own cell: wider where two share a row', () => {
    // 7 cards on a wide screen: 3 a row, then the last four 2 a row.
    const wide = Array.from(
      { length: 7 },
      (_, i) => /\(min-width: 1216px\) (\d+)px/.exec(balancedCellSizes(i, 7))![1],
    );
    expect(wide).toEqual(['363', '363', '363', '560', '560', '560', '560']);
    expect(balancedCellSizes(0, 7)).toMatch(/calc\(100vw - 2rem\)$/);
  });
});
