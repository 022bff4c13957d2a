import { z } from 'zod';
import type { Collection } from '../content/collections';
import { HttpError } from '../http/errors';
import type { HistoryEntry } from '../publishing/history';
import { sameField } from '../storage/store';
import { Already, asConflict, cannot, type State } from './restore-steps';

/* The restores of a list's order: a whole reorder, or one item's move (restore.ts dispatches). */

const orderState = z.object({ ids: z.array(z.string()) });
/** One item's move: the item it followed (null: it was first). */
const moveState = z.object({ id: z.string(), after: z.string().nullable() });

/** Reorder entries: put the old order back, if the same items are still there. */
export async function undoOrder(items: Collection, entry: HistoryEntry): Promise<State> {
  const before = orderState.safeParse(entry.before);
  if (!before.success) throw cannot('This change cannot be restored');
  const order = ('rows' in items ? await items.rows() : await items.list()).map((i) => i.id);
  const current = new Set(order);
  if (current.size !== before.data.ids.length || !before.data.ids.every((id) => current.has(id))) {
    throw cannot('Items were added or removed since, so this order cannot be restored');
  }
  if (sameField(order, before.data.ids)) {
    const left = orderState.safeParse(entry.after);
    throw new Already({ before: left.success ? left.data : undefined, after: before.data });
  }
  const result = await asConflict(items.reorder(before.data.ids), 'The items changed since');
  return { before: { ids: result.before }, after: { ids: result.after.map((i) => i.id) } };
}

/** A move of one item: put it back after the item it followed, or first. */
export async function undoMove(items: Collection, id: string, entry: HistoryEntry): Promise<State> {
  const before = moveState.safeParse(entry.before);
  if (!before.success || before.data.id !== id) throw cannot('This change cannot be restored');
  const back = before.data.after;
  const gone = 'This item has been deleted since, so its move cannot be restored';
  const followedGone =
    'The item it followed has been deleted since, so this move cannot be restored';
  if ('move' in items) {
    // One move, which reads only the rows it needs and says where the item was.
    let was: string | null;
    try {
      was = (await items.move(id, back === null ? 'top' : { after: back })).was;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404)
        throw cannot(error.fields ? followedGone : gone);
      throw error;
    }
    // It was there already: the move left it where it was.
    if (was === back) throw new Already({ before: entry.after, after: before.data });
    return { before: { id, after: was }, after: before.data };
  }
  const ids = (await items.list()).map((i) => i.id);
  const at = ids.indexOf(id);
  if (at < 0) throw cannot(gone);
  if (back !== null && !ids.includes(back)) throw cannot(followedGone);
  const now = { id, after: ids[at - 1] ?? null };
  if (now.after === back) throw new Already({ before: entry.after, after: before.data });
  ids.splice(at, 1);
  ids.splice(back === null ? 0 : ids.indexOf(back) + 1, 0, id);
  await asConflict(items.reorder(ids), 'The items changed since');
  return { before: now, after: before.data };
}
