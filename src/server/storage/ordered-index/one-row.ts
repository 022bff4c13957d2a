import { keyBetween } from '../../../lib/order-key';
import type { IndexContext } from './context';
import { locate, rowsFrom, totalOf } from './reads';
import type { OrderedRow } from './schemas';
import { guarded } from './writes';

/*
 * Changes of one row, and moves of one row to another place, that read the head and the chunks
 * the row and its neighbours are in, whatever the index holds: each one guarded write.
 */

/** What a one-row change may ask of the head it is decided on. */
export interface View {
  /** How many rows there are. */
  total: number;
  /** An order key for a new row at `position` (0: first), between its would-be neighbours. */
  keyAt(position: number): Promise<string>;
}

/** How `changeOne` decides: the row to put, 'drop', or null for no change. */
export type DecideOne<Row> = (current: Row | undefined, view: View) => Promise<Row | 'drop' | null>;

/** One row's change (orderedIndex's `changeOne`). */
export const changeOne = <Row extends OrderedRow>(
  ix: IndexContext<Row>,
  id: string,
  near: string | null | 'new',
  decide: DecideOne<Row>,
): Promise<void> =>
  guarded(ix, async (head) => {
    const found = await locate(ix, head, id, near);
    const view: View = {
      total: totalOf(ix, head),
      async keyAt(position) {
        const [before, after] =
          position > 0
            ? await rowsFrom(ix, head, position - 1, 2)
            : [undefined, ...(await rowsFrom(ix, head, 0, 1))];
        return keyBetween(before?.orderKey ?? null, after?.orderKey ?? null);
      },
    };
    const result = await decide(found?.row, view);
    if (!result) return null;
    const known = new Map([[id, found ? found.row.orderKey : null]]);
    return { edit: result === 'drop' ? { drop: [id] } : { put: [result] }, known };
  });

/** Where a move may look: how many other rows there are, and where rows are. */
export interface MoveView {
  /** How many rows there are besides the one moved. */
  others: number;
  /** The moved row's place among all rows. */
  from: number;
  /** Another row's place among all rows (see changeOne for `near`), or null when it has none. */
  positionOf(id: string, near: string | null): Promise<number | null>;
}
/** A moved row, its place, and the ids before it before and after the move (null: first). */
export interface Moved<Row> {
  row: Row;
  position: number;
  was: string | null;
  now: string | null;
}

/** One row's move (orderedIndex's `moveOne`). */
export async function moveOne<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  id: string,
  near: string | null,
  to: (view: MoveView) => Promise<number>,
): Promise<Moved<Row> | null> {
  let moved: Moved<Row> | null = null;
  await guarded(ix, async (head) => {
    moved = null;
    const found = await locate(ix, head, id, near);
    if (!found) return null;
    const from = found.position;
    const others = totalOf(ix, head) - 1;
    const p = Math.min(
      Math.max(
        0,
        await to({
          others,
          from,
          positionOf: async (other, otherNear) =>
            (await locate(ix, head, other, otherNear))?.position ?? null,
        }),
      ),
      others,
    );
    // The row at place i among the others is at i, or i + 1 past the moved one, among all.
    const rowAt = async (i: number) =>
      i < 0 || i >= others ? undefined : (await rowsFrom(ix, head, i < from ? i : i + 1, 1))[0];
    const was = (await rowAt(from - 1))?.id ?? null;
    if (p === from) {
      moved = { row: found.row, position: p, was, now: was };
      return null;
    }
    const prev = await rowAt(p - 1);
    const next = await rowAt(p);
    const row = {
      ...found.row,
      orderKey: keyBetween(prev?.orderKey ?? null, next?.orderKey ?? null),
    };
    moved = { row, position: p, was, now: prev?.id ?? null };
    return { edit: { put: [row] }, known: new Map([[id, found.row.orderKey]]) };
  });
  return moved;
}
