import { z } from 'zod';
import { requirePermission } from '../../auth/guard';
import type { MoveTo, Row } from '../../content/keyed-collection';
import { HttpError } from '../../http/errors';
import { json, readJson } from '../../http/http';
import { commitReorder } from '../../publishing/history';
import type { CollectionRouting } from './routing';
import { describe, summary } from './summaries';

const itemIdSchema = z.string().min(1).max(100);
/**
 * A new order: the whole list of ids (small collections), or one move (any collection: an
 * on-screen drag is one move too), which answers only the moved item and its new place.
 */
const orderSchema = z.union([
  z.strictObject({ ids: z.array(itemIdSchema).max(10_000) }),
  z.strictObject({ id: itemIdSchema, before: itemIdSchema }),
  z.strictObject({ id: itemIdSchema, after: itemIdSchema }),
  z.strictObject({ id: itemIdSchema, position: z.literal('top') }),
]);

/** One item to its new place: answers it (a summary with its place) and where it was. */
async function moveOne({ items, keyed }: CollectionRouting, id: string, to: MoveTo) {
  if (keyed) {
    const moved = await keyed.move(id, to);
    return {
      title: moved.row.title,
      item: summary(moved.row, moved.position),
      was: moved.was,
      now: moved.now,
    };
  }
  // A document collection: the whole new order in one etag-guarded write.
  const ids = (await items.list()).map((i) => i.id);
  const from = ids.indexOf(id);
  const other = to === 'top' ? null : 'before' in to ? to.before : to.after;
  if (from < 0) throw new HttpError(404, 'Item not found');
  if (other === id) throw new HttpError(400, 'An item cannot move next to itself');
  const was = ids[from - 1] ?? null;
  ids.splice(from, 1);
  const at = other === null ? 0 : ids.indexOf(other);
  if (at < 0) throw new HttpError(404, 'The item to move next to was not found');
  ids.splice(to !== 'top' && 'after' in to ? at + 1 : at, 0, id);
  const { after } = await items.reorder(ids);
  const position = after.findIndex((i) => i.id === id);
  const item = after[position]!;
  return {
    title: describe(item),
    item,
    was,
    now: after[position - 1]?.id ?? null,
  };
}

/** A new order, the whole list or one move, in History. */
export async function putOrder(api: CollectionRouting, req: Request) {
  const { o, items, keyed, target } = api;
  const user = await requirePermission(req, 'content');
  const body = await readJson(req, orderSchema);
  if ('ids' in body) {
    const { before, after } = await items.reorder(body.ids);
    await commitReorder(user, {
      action: 'reorder',
      target: o.name,
      summary: 'order',
      before: { ids: before },
      after: { ids: body.ids },
    });
    return json(keyed ? (after as Row[]).map(summary) : after);
  }
  const to: MoveTo =
    'before' in body ? { before: body.before } : 'after' in body ? { after: body.after } : 'top';
  const moved = await moveOne(api, body.id, to);
  // One entry per moved item: consecutive moves of it join, and a restore puts it back.
  await commitReorder(user, {
    action: 'reorder',
    target: target(body.id),
    summary: moved.title,
    before: { id: body.id, after: moved.was },
    after: { id: body.id, after: moved.now },
  });
  return json(moved.item);
}
