import { byOrder } from '../../../schemas/order';
import { keysInOrder } from '../../../lib/order-key';
import { assignSlugs } from '../../../lib/slug';
import { HttpError } from '../../http/errors';
import { forEachLimited } from '../../storage/records';
import { assertExpected, createJSON, updateJSON } from '../../storage/store';
import { live, ready, readRecord, rows, type CollectionContext } from './context';
import {
  claimSlug,
  commitRow,
  dropRow,
  moveRow,
  rewrite,
  slugsOf,
  updateRecord,
} from './record-writes';
import type { Item, Live } from './schemas';

/*
 * The writes of a keyed collection's items, each its record first and its row after (the order
 * that makes a death between them harmless, see index.ts): create, update, remove, restore, and
 * the replacement of every item (seeding).
 */

/** Adds an item (keyedCollection's `create`). */
export async function create<I extends Item>(
  cx: CollectionContext<I>,
  input: Record<string, unknown>,
  { id }: { id?: string },
): Promise<I> {
  await ready(cx);
  const now = new Date().toISOString();
  const item = await claimSlug(
    cx,
    cx.validated({ ...input, id: id ?? crypto.randomUUID(), createdAt: now, updatedAt: now }),
    new Set(),
  );
  // The record first: until its row exists, nothing lists it.
  let rec: Live<I> = { rev: 1, item };
  const made = await createJSON(cx.store(), cx.recordKey(item.id), cx.recordSchema, rec);
  if (!made) {
    const found = id === undefined ? null : await readRecord(cx, id);
    const stored = live(found?.value);
    if (!stored)
      throw new HttpError(
        409,
        id === undefined
          ? 'An item with this id exists'
          : 'This item was created and deleted since: it cannot be created again',
      );
    rec = { rev: found!.value.rev, item: stored, place: found!.value.place };
  }
  // At the place asked for, else first (newFirst) or last.
  const asked = typeof input.order === 'number' ? input.order : null;
  await commitRow(cx, rec, made ? 'new' : (rec.place ?? null), (view) =>
    view.keyAt(Math.min(asked ?? (cx.opts.newFirst ? 0 : view.total), view.total)),
  );
  await cx.purge();
  return rec.item;
}

/** Merges changed fields into one item (keyedCollection's `update`). */
export async function update<I extends Item>(
  cx: CollectionContext<I>,
  id: string,
  patch: Record<string, unknown>,
  expected?: Record<string, unknown>,
): Promise<{ before: I; after: I }> {
  const { order, ...fields } = patch;
  await ready(cx);
  let before: I | undefined;
  const rec = await rewrite(cx, id, (stored) => {
    before = stored;
    assertExpected(stored as Record<string, unknown>, expected);
    const merged = cx.validated(
      {
        ...stored,
        ...fields,
        id,
        createdAt: stored.createdAt,
        updatedAt: new Date().toISOString(),
      },
      Object.keys(patch),
    );
    // Claimed before the record says so; the stored record's own slugs are its already.
    return claimSlug(cx, merged, slugsOf(stored));
  });
  await commitRow(cx, rec, rec.place ?? null, null);
  if (typeof order === 'number') await moveRow(cx, id, async () => order);
  else await cx.purge();
  return { before: before!, after: rec.item };
}

/** Deletes one item and answers it (keyedCollection's `remove`). */
export async function remove<I extends Item>(
  cx: CollectionContext<I>,
  id: string,
  expected?: Record<string, unknown>,
): Promise<I> {
  await ready(cx);
  const found = await readRecord(cx, id);
  const stored = found?.value.item as I | undefined;
  const near = found?.value.place ?? null;
  const place = (await cx.index.find(id, near))?.position ?? -1;
  if (!found || !stored) {
    // Gone already. A row left without its record cannot come from these steps; drop one if seen.
    if (place >= 0) await dropRow(cx, id, near);
    throw new HttpError(404, 'Item not found');
  }
  // 1. Mark it deleted: reads and the build stop showing it at once. A delete that died
  // half-way is finished only if it was deleting the version expected.
  let last = stored;
  if (found.value.deleted) assertExpected(stored as Record<string, unknown>, expected);
  else
    await updateRecord(cx, id, (rec) => {
      // Checked on the version this write replaces: a save landing after the read above is seen,
      // and is the version answered (and kept in History), so a restore brings that save back.
      if (!rec.deleted && rec.item) {
        assertExpected(rec.item as Record<string, unknown>, expected);
        last = rec.item;
      }
      return { ...rec, rev: rec.rev + 1, deleted: true };
    });
  // Answered with its place, which a restore puts it back at.
  const removed = place < 0 ? last : { ...last, order: place };
  // 2. Its row: lists stop showing it.
  await dropRow(cx, id, near);
  // 3. The record itself, down to the bare mark.
  await updateRecord(cx, id, (rec) => ({ rev: rec.rev + 1, deleted: true }));
  await cx.purge();
  return removed;
}

/** Puts a deleted item back with its old id and data (keyedCollection's `reinsert`). */
export async function reinsert<I extends Item>(
  cx: CollectionContext<I>,
  value: unknown,
): Promise<I> {
  const parsed = cx.itemSchema.safeParse(value);
  if (!parsed.success)
    throw new HttpError(
      409,
      'The old version no longer fits the current rules and cannot be restored',
    );
  const old = parsed.data as I;
  await ready(cx);
  const found = await readRecord(cx, old.id);
  if (await cx.index.find(old.id, null))
    throw new HttpError(409, 'This item exists again and cannot be re-created');
  const back = live(found?.value);
  if (back) {
    // Back without its row: a restore cut off between the two (no list or build shows the
    // record, and nothing acknowledged it). Restoring again finishes it, at its old place.
    await commitRow(cx, { rev: found!.value.rev, item: back }, null, (view) =>
      view.keyAt(Math.min(old.order ?? 0, view.total)),
    );
    await cx.purge();
    return back;
  }
  // Its slug as any new one; of its earlier slugs, those no other record took since.
  const slugged = await claimSlug(cx, { ...old, updatedAt: new Date().toISOString() }, new Set());
  const kept: string[] = [];
  for (const s of slugged.previousSlugs) if (await cx.claims.claim(old.id, s)) kept.push(s);
  const item = { ...slugged, previousSlugs: kept } as I;
  const rec = { rev: (found?.value.rev ?? 0) + 1, item };
  const written = found
    ? await updateJSON(
        cx.store(),
        cx.recordKey(old.id),
        cx.recordSchema,
        () => rec,
        (now) => {
          if (!now.deleted) throw new HttpError(409, 'This item exists again');
          return { rev: now.rev + 1, item };
        },
      )
    : (await createJSON(cx.store(), cx.recordKey(old.id), cx.recordSchema, rec))
      ? rec
      : null;
  if (!written) throw new HttpError(409, 'This item exists again and cannot be re-created');
  // Back at its old place where it still exists.
  await commitRow(cx, { rev: written.rev, item }, null, (view) =>
    view.keyAt(Math.min(old.order ?? 0, view.total)),
  );
  await cx.purge();
  return item;
}

/** Replaces the whole collection (keyedCollection's `replaceAll`). */
export async function replaceAll<I extends Item>(
  cx: CollectionContext<I>,
  items: readonly unknown[],
): Promise<void> {
  const old = await rows(cx);
  const parsed = assignSlugs(items.map((i) => cx.itemSchema.parse(i))).sort(byOrder) as I[];
  const keys = keysInOrder(parsed.length);
  const revs: number[] = [];
  await forEachLimited(parsed, 16, async (item, n) => {
    const place = keys[n]!;
    const rec = await updateJSON(
      cx.store(),
      cx.recordKey(item.id),
      cx.recordSchema,
      () => ({ rev: 1, item, place }),
      (now) => ({ rev: now.rev + 1, item, place }),
    );
    revs[n] = rec.rev;
  });
  const next = parsed.map((item, n) => cx.rowOf(item, keys[n]!, revs[n]!));
  await cx.index.change(() => ({ all: next }));
  // Who holds which slug is made again from the new rows when next needed.
  await cx.claims.reset();
  const kept = new Set(parsed.map((i) => i.id));
  await forEachLimited(
    old.filter((r) => !kept.has(r.id)),
    16,
    (r) =>
      updateJSON(
        cx.store(),
        cx.recordKey(r.id),
        cx.recordSchema,
        () => ({ rev: 1, deleted: true }),
        (rec) => ({
          rev: rec.rev + 1,
          deleted: true,
        }),
      ),
  );
  await cx.purge();
}
