import { keysInOrder } from '../../../lib/order-key';
import { HttpError } from '../../http/errors';
import { assertWholeOrder } from '../whole-order';
import { readRecord, rows, type CollectionContext } from './context';
import { moveRow } from './record-writes';
import type { Item, MoveTo, Row } from './schemas';

/* The order of a keyed collection's items, which only their rows hold: one moved, or all set. */

/** Moves one item: first, or just before or after another (keyedCollection's `move`). */
export async function move<I extends Item>(cx: CollectionContext<I>, id: string, to: MoveTo) {
  const other = to === 'top' ? null : 'before' in to ? to.before : to.after;
  if (other === id) throw new HttpError(400, 'An item cannot move next to itself');
  // Where the other item's row is, as its record last saw it: found without a search.
  const near = other === null ? null : ((await readRecord(cx, other))?.value.place ?? null);
  return moveRow(cx, id, async (view) => {
    if (other === null) return 0;
    const at = await view.positionOf(other, near);
    if (at === null)
      throw new HttpError(404, 'The item to move next to was not found', {
        [to === 'top' || 'before' in to ? 'before' : 'after']: 'No such item',
      });
    // Its place among the others, the moved row left out.
    const among = at > view.from ? at - 1 : at;
    return to !== 'top' && 'after' in to ? among + 1 : among;
  });
}

/** Sets the whole order from a list of ids (keyedCollection's `reorder`). */
export async function reorder<I extends Item>(
  cx: CollectionContext<I>,
  ids: string[],
): Promise<{ before: string[]; after: Row[] }> {
  if (!(await cx.index.exists())) await rows(cx);
  let before: string[] = [];
  let after: Row[] = [];
  await cx.index.change((all) => {
    assertWholeOrder(ids, new Set(all.map((r) => r.id)));
    before = all.map((r) => r.id);
    const keys = keysInOrder(ids.length);
    const byId = new Map(all.map((r) => [r.id, r]));
    after = ids.map((id, n) => ({ ...byId.get(id)!, orderKey: keys[n]! }));
    return { all: after };
  });
  await cx.purge();
  return { before, after };
}
