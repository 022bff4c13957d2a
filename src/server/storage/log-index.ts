import type { Store } from '@netlify/blobs';
import { z } from 'zod';
import { StorageError } from '../http/errors';
import { timeOfInverted } from './keys';
import { blobCall, createJSON, readJSONShared, updateJSON } from './store';

/*
 * An index over records that visitors write one key at a time (contact messages, subscriptions),
 * so that a page, a count or a search reads a few blobs however many records are stored.
 *
 * - Each record has a "tail key", `<prefix><day>/<13-digit inverted ms>…` (the record itself, or a
 *   marker beside it), written by the visitor's own request, so visitors never contend on a shared
 *   document. A day's listing therefore comes newest first.
 * - One snapshot document holds a small row per record, newest first. Its `watermark` is a time:
 *   every tail key stamped before it, less a grace period, is in the snapshot.
 * - A reader lists the days from the watermark on, newest first, and stops each listing at the
 *   first key older than the watermark less the grace: normally one listing page of one day. Tail
 *   keys whose id the snapshot lacks are new: it folds them in with an etag-guarded write that also
 *   moves the watermark to when its listing began, so the next reader lists only what came since.
 *   The grace covers a key stamped by a request that writes it a little later.
 * - Writers that change rows (mark read, delete) change the snapshot with the same etag guard. A
 *   delete always writes, so a fold computed from a listing that still held the key fails its etag
 *   check and is redone on a fresh listing. The listing is made inside the guarded update, after
 *   the snapshot is read, for that reason.
 * - A warm function keeps the parsed snapshot and asks the store for it with its etag: an
 *   unchanged snapshot costs one round trip and no parsing.
 * - A store written before the index existed has no snapshot: it is built once from a full scan
 *   and created only if still absent, so that migration is idempotent.
 * - Where a record and its tail key are separate blobs, an earlier write order could store a record
 *   whose tail key never landed. A snapshot not yet `swept` for such records is swept once, in a
 *   guarded update; one built from a full scan is swept by construction.
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
  /** Rows whose record has no tail key and whose id is not in `ids` (records beside markers only). */
  orphans?: (ids: Set<string>) => Promise<Row[]>;
}

export interface LogIndex<Row> {
  /** Every row, newest first. */
  rows(): Promise<readonly Row[]>;
  /** Changes rows (etag-guarded); `mutate` gets the current rows, new tail keys folded in. */
  update(mutate: (rows: Row[]) => Row[] | Promise<Row[]>): Promise<void>;
}

export const dayOf = (iso: string) => iso.slice(0, 10);

/** A tail key is written at most this long after the time it carries (functions time out well before). */
const GRACE_MS = 5 * 60_000;
/** A watermark older than this is moved on even when nothing new came, to keep listings short. */
const STALE_MS = 60 * 60_000;

/** The time a tail key carries: its 13-digit inverted milliseconds after the day folder. */
export function timeOfTailKey(key: string): number {
  const inverted = key.slice(key.lastIndexOf('/') + 1, key.lastIndexOf('/') + 14);
  return timeOfInverted(inverted);
}
/** Milliseconds of a watermark: an ISO time, or a day (first layout of the index) meaning its start. */
const msOf = (watermark: string) =>
  Date.parse(watermark.length === 10 ? `${watermark}T00:00:00.000Z` : watermark);

/** The ids of a snapshot's rows, worked out once per parsed snapshot (they are shared, see store.ts). */
const idSets = new WeakMap<object, Set<string>>();

export function logIndex<Row>(o: LogIndexOptions<Row>): LogIndex<Row> {
  const schema = z.object({
    watermark: z.string(),
    items: z.array(o.row),
    swept: z.boolean().optional(),
  });
  type Snapshot = { watermark: string; items: Row[]; swept?: boolean };
  const needsSweep = (doc: Snapshot) => o.orphans !== undefined && !doc.swept;

  /** The snapshot as stored now (a warm function reuses its parsed copy while it is unchanged). */
  async function current(): Promise<{ doc: Snapshot; ids: Set<string> } | null> {
    const doc = (await readJSONShared(o.snapshotStore(), o.snapshotKey, schema)) as Snapshot | null;
    if (!doc) return null;
    let ids = idSets.get(doc);
    if (!ids) idSets.set(doc, (ids = new Set(doc.items.map(o.idOf))));
    return { doc, ids };
  }

  /** Builds the snapshot from a full scan, once, for a store the index has not seen. */
  async function ensure(): Promise<{ doc: Snapshot; ids: Set<string> }> {
    const have = await current();
    if (have) return have;
    // Tail keys written during the scan are stamped after it began, so they stay listed.
    const began = new Date().toISOString();
    const items = (await o.scan()).sort(o.order);
    await createJSON(o.snapshotStore(), o.snapshotKey, schema, {
      watermark: began,
      items,
      ...(o.orphans && { swept: true }),
    });
    const made = await current();
    if (!made) throw new StorageError(`The ${o.what} index disappeared while it was built`);
    return made;
  }

  /** Tail keys stamped at or after `since` (ms), newest day first, each day's listing cut short there. */
  async function tail(since: number): Promise<string[]> {
    const store = o.tailStore();
    const { directories } = await blobCall(`list ${o.what} days`, () =>
      store.list({ prefix: o.tailPrefix, directories: true }),
    );
    const firstDay = dayOf(new Date(since).toISOString());
    const days = directories
      .map((d) => d.replace(/\/$/, '').slice(o.tailPrefix.length))
      .filter((d) => d >= firstDay)
      .sort()
      .reverse();
    const keys: string[] = [];
    for (const day of days) {
      await blobCall(`list ${o.what} ${day}`, async () => {
        for await (const { blobs } of store.list({
          prefix: `${o.tailPrefix}${day}/`,
          paginate: true,
        })) {
          for (const { key } of blobs) {
            if (timeOfTailKey(key) < since) return;
            keys.push(key);
          }
        }
      });
    }
    return keys;
  }

  /** Folds tail keys new since the watermark into `doc`; the new watermark is when the listing began. */
  async function fold(
    doc: Snapshot,
    ids: Set<string>,
  ): Promise<{ next: Snapshot; changed: boolean }> {
    const began = Date.now();
    const keys = await tail(msOf(doc.watermark) - GRACE_MS);
    // One key per id: two signups of one address racing each other can each leave a tail key.
    const fresh = [
      ...new Map(
        keys.filter((k) => !ids.has(o.idOfTailKey(k))).map((k) => [o.idOfTailKey(k), k]),
      ).values(),
    ];
    const watermark = new Date(began).toISOString();
    if (fresh.length === 0)
      return {
        next: { ...doc, watermark },
        changed: needsSweep(doc) || began - msOf(doc.watermark) > STALE_MS,
      };
    const added = (await o.rowsOfTailKeys(fresh)).filter((r) => !ids.has(o.idOf(r)));
    return {
      next: { ...doc, watermark, items: [...doc.items, ...added].sort(o.order) },
      changed: true,
    };
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
        const found =
          o.orphans && !next.swept ? await o.orphans(new Set(next.items.map(o.idOf))) : [];
        return {
          ...next,
          ...(o.orphans && { swept: true }),
          items: (await mutate([...next.items, ...found])).sort(o.order),
        };
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
