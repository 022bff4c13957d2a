import { slugChoices, withSlug } from '../../../lib/slug';
import { HttpError } from '../../http/errors';
import { updateJSON } from '../../storage/store';
import { live, ready, readRecord, type CollectionContext } from './context';
import type { Item, Live, Rec, Row } from './schemas';

/*
 * The steps every write of a keyed collection is made of: claiming a slug, a new version of a
 * record, the row of a version written into the index, where a record's row is remembered, and a
 * row dropped or moved. Each is one etag-guarded write.
 */

/**
 * The item with a slug that fits its title and that no other record holds: the first of its
 * choices (lib/slug.ts) that it carries already (`carried`: its stored record's slugs) or that
 * it can claim. One claim per choice tried, whatever the collection holds.
 */
export async function claimSlug<I extends Item>(
  cx: CollectionContext<I>,
  item: I,
  carried: ReadonlySet<string>,
): Promise<I> {
  for (const slug of slugChoices(item))
    if (carried.has(slug) || (await cx.claims.claim(item.id, slug))) return withSlug(item, slug);
  throw new Error('unreachable: slug choices never end');
}
export const slugsOf = (item: Item | null | undefined) =>
  new Set(item ? [item.slug, ...item.previousSlugs].filter(Boolean) : []);

/**
 * Writes the row of this record version into the index (its slug is claimed already). `near`
 * is where its row was last seen ('new': it has none yet); `place` gives a new row its order
 * key. The record then remembers where its row is, if that changed.
 */
export async function commitRow<I extends Item>(
  cx: CollectionContext<I>,
  rec: Live<I>,
  near: string | null | 'new',
  place: ((view: { total: number; keyAt(n: number): Promise<string> }) => Promise<string>) | null,
): Promise<Row> {
  let row: Row | undefined;
  await cx.index.changeOne(rec.item.id, near, async (current, view) => {
    if (!current && !place) throw new HttpError(404, 'Item not found');
    // Already this version or a later one: a save that finished after ours wrote it.
    if (current && current.rev >= rec.rev) {
      row = current;
      return null;
    }
    row = cx.rowOf(rec.item, current?.orderKey ?? (await place!(view)), rec.rev);
    return row;
  });
  if (row!.orderKey !== rec.place) await notePlace(cx, rec.item.id, row!.orderKey);
  return row!;
}

/** One etag-guarded change of a stored record (live or a deletion mark); 404 when there is none. */
export const updateRecord = <I extends Item>(
  cx: CollectionContext<I>,
  id: string,
  change: (rec: Rec<I>) => Rec<I> | Promise<Rec<I>>,
) =>
  updateJSON(
    cx.store(),
    cx.recordKey(id),
    cx.recordSchema,
    () => {
      throw new HttpError(404, 'Item not found');
    },
    change,
  );

/** Records where a record's row is now (no new version: the row stays as it is). */
async function notePlace<I extends Item>(
  cx: CollectionContext<I>,
  id: string,
  place: string,
): Promise<void> {
  await updateRecord(cx, id, (rec) => (rec.deleted ? rec : { ...rec, place })).catch(
    (error: unknown) => {
      // Gone meanwhile: nothing to remember.
      if (!(error instanceof HttpError)) throw error;
    },
  );
}

/** One etag-guarded change of a live record, as a new version. */
export async function rewrite<I extends Item>(
  cx: CollectionContext<I>,
  id: string,
  change: (item: I) => I | Promise<I>,
): Promise<Live<I>> {
  return updateRecord(cx, id, async (rec) => {
    const item = live(rec);
    if (!item) throw new HttpError(404, 'Item not found');
    return { rev: rec.rev + 1, item: await change(item), place: rec.place };
  }) as Promise<Live<I>>;
}

export async function dropRow<I extends Item>(
  cx: CollectionContext<I>,
  id: string,
  near: string | null,
): Promise<void> {
  await cx.index.changeOne(id, near, async (current) => (current ? 'drop' : null));
}

/**
 * Moves a row to a place among the others (index only: no record changes), found from the
 * record's `place`, and answers it with its new place and the ids before it before and after.
 * Reads the chunks its row and its new neighbours are in, whatever the collection holds.
 */
export async function moveRow<I extends Item>(
  cx: CollectionContext<I>,
  id: string,
  position: Parameters<CollectionContext<I>['index']['moveOne']>[2],
): Promise<{ row: Row; position: number; was: string | null; now: string | null }> {
  // A store still in the single-document layout is moved first: the index must exist.
  await ready(cx);
  const place = (await readRecord(cx, id))?.value.place ?? null;
  const moved = await cx.index.moveOne(id, place, position);
  if (!moved) throw new HttpError(404, 'Item not found');
  if (moved.row.orderKey !== place) await notePlace(cx, id, moved.row.orderKey);
  await cx.purge();
  return moved;
}
