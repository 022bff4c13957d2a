import type { Store } from '@netlify/blobs';
import { z } from 'zod';
import { StorageError } from './errors';
import { blobCall, createJSON, updateJSON } from './store';

/*
 * An index over records that visitors write one key at a time (contact messages, subscriptions),
 * so that a page, a count or a search reads a few blobs however many records are stored.
 *
 * - Each record has a "tail key" under `<prefix><day>/…` (the record itself, or a marker beside it)
 *   written by the visitor's own request, so visitors never contend on a shared document.
 * - One snapshot document holds a small row per record, newest first. Its `watermark` is a day:
 *   every tail key of an earlier day is in the snapshot, so only the days from the watermark on
 *   (today and yesterday, normally) are ever listed.
 * - A reader lists those days. Tail keys whose id the snapshot lacks are new: it folds them in with
 *   an etag-guarded write, so the next reader finds nothing new. Days before yesterday are folded
 *   for good (the watermark moves), so a listing never grows with what is stored. A record stamped
 *   just before midnight whose key lands just after still finds its day listed.
 * - Writers that change rows (mark read, delete) change the snapshot with the same etag guard. A
 *   delete always writes, so a fold computed from a listing that still held the key fails its etag
 *   check and is redone on a fresh listing. The listing is made inside the guarded update, after
 *   the snapshot is read, for that reason.
 * - A warm function keeps the parsed snapshot and asks the store for it with its etag: an
 *   unchanged snapshot costs one round trip and no parsing.
 * - A store written before the index existed has no snapshot: it is built once from a full scan
 *   and created only if still absent, so that migration is idempotent.
 */

export interface LogIndexOptions<Row> {
  /** Named in errors. */
  what: string;
  /** Where the snapshot lives, and its key. */
  snapshotStore: () => Store;
  snapshotKey: string;
  row: z.ZodType<Row>;
  idOf: (row: Row) => string;
  /** Newest first, total. */
  order: (a: Row, b: Row) => number;
  /** Where the tail keys live: `<prefix><YYYY-MM-DD>/<rest>`. */
  tailStore: () => Store;
  tailPrefix: string;
  /** The record id a tail key stands for (read from the key alone). */
  idOfTailKey: (key: string) => string;
  /** Rows for tail keys the snapshot lacks; keys whose record is gone are left out. */
  rowsOfTailKeys: (keys: string[]) => Promise<Row[]>;
  /** Every row, from a full scan of a store the index has not seen yet. */
  scan: () => Promise<Row[]>;
}

export interface LogIndex<Row> {
  /** Every row, newest first. */
  rows(): Promise<readonly Row[]>;
  /** Changes rows (etag-guarded); `mutate` gets the current rows, new tail keys folded in. */
  update(mutate: (rows: Row[]) => Row[] | Promise<Row[]>): Promise<void>;
}

export const dayOf = (iso: string) => iso.slice(0, 10);
// Days before yesterday are final: nothing more lands in them.
const finalBefore = (now = Date.now()) => dayOf(new Date(now - 86_400_000).toISOString());

/** What a warm function instance remembers of each snapshot: the version it parsed. */
const memo = new Map<string, { etag: string; value: unknown; ids: Set<string> }>();

export function logIndex<Row>(o: LogIndexOptions<Row>): LogIndex<Row> {
  const schema = z.object({ watermark: z.string(), items: z.array(o.row) });
  type Snapshot = { watermark: string; items: Row[] };
  const memoKey = `${o.what}:${o.snapshotKey}`;

  /** The snapshot as stored now, reusing the parsed copy when its etag still matches. */
  async function current(): Promise<{ doc: Snapshot; ids: Set<string> } | null> {
    const known = memo.get(memoKey);
    const found = await blobCall(`read ${o.snapshotKey}`, () =>
      o.snapshotStore().getWithMetadata(o.snapshotKey, { type: 'json', ...(known ? { etag: known.etag } : {}) }),
    );
    if (!found) return null;
    if (known && found.data === null) return { doc: known.value as Snapshot, ids: known.ids };
    const parsed = schema.safeParse(found.data);
    if (!parsed.success) throw new StorageError(`The ${o.what} index is not valid`, { cause: parsed.error });
    const doc = parsed.data as Snapshot;
    const ids = new Set(doc.items.map(o.idOf));
    if (found.etag) memo.set(memoKey, { etag: found.etag, value: doc, ids });
    return { doc, ids };
  }

  /** Builds the snapshot from a full scan, once, for a store the index has not seen. */
  async function ensure(): Promise<{ doc: Snapshot; ids: Set<string> }> {
    const have = await current();
    if (have) return have;
    // Tail keys written during the scan are from today, which stays listed.
    const items = (await o.scan()).sort(o.order);
    await createJSON(o.snapshotStore(), o.snapshotKey, schema, { watermark: finalBefore(), items });
    const made = await current();
    if (!made) throw new StorageError(`The ${o.what} index disappeared while it was built`);
    return made;
  }

  /** Tail keys of the days from `watermark` on. */
  async function tail(watermark: string): Promise<string[]> {
    const store = o.tailStore();
    const { directories } = await blobCall(`list ${o.what} days`, () => store.list({ prefix: o.tailPrefix, directories: true }));
    const days = directories
      .map((d) => d.replace(/\/$/, '').slice(o.tailPrefix.length))
      .filter((d) => d >= watermark)
      .sort();
    const lists = await Promise.all(days.map((day) => blobCall(`list ${o.what} ${day}`, () => store.list({ prefix: `${o.tailPrefix}${day}/` }))));
    return lists.flatMap((l) => l.blobs.map((b) => b.key));
  }

  /** Folds new tail keys into `doc` and moves the watermark past final days. */
  async function fold(doc: Snapshot, ids: Set<string>): Promise<{ next: Snapshot; changed: boolean }> {
    const keys = await tail(doc.watermark);
    const fresh = keys.filter((k) => !ids.has(o.idOfTailKey(k)));
    const until = finalBefore();
    const watermark = until > doc.watermark ? until : doc.watermark;
    if (fresh.length === 0) return { next: { ...doc, watermark }, changed: watermark !== doc.watermark };
    const added = (await o.rowsOfTailKeys(fresh)).filter((r) => !ids.has(o.idOf(r)));
    return { next: { watermark, items: [...doc.items, ...added].sort(o.order) }, changed: true };
  }

  async function update(mutate: (rows: Row[]) => Row[] | Promise<Row[]>): Promise<void> {
    await ensure();
    await updateJSON(
      o.snapshotStore(),
      o.snapshotKey,
      schema,
      () => {
        throw new StorageError(`The ${o.what} index disappeared during an update`);
      },
      async (doc) => {
        const { next } = await fold(doc as Snapshot, new Set((doc as Snapshot).items.map(o.idOf)));
        return { ...next, items: (await mutate(next.items)).sort(o.order) };
      },
    );
  }

  async function rows(): Promise<readonly Row[]> {
    const { doc, ids } = await ensure();
    const { next, changed } = await fold(doc, ids);
    if (!changed) return doc.items;
    // Something new: write the fold (guarded, listing again inside) so later readers skip it.
    await update((items) => items);
    return (await current())?.doc.items ?? next.items;
  }

  return { rows, update };
}
