import { contextOf } from './context';
import { batches, counts, find, rows } from './reads';
import type { Counts, LogIndexOptions, TimeWindow } from './schemas';
import { dropRetired, update } from './writes';

export type { Counts, LogIndexOptions, Placed, RowPosition, TimeWindow } from './schemas';
export { dayOf, timeOfTailKey } from './tail';

/*
 * An index over records that visitors write one key at a time (contact messages, subscriptions),
 * so that a page, a count or a search reads a few blobs however many records are stored.
 *
 * - Each record has a "tail key", `<prefix><day>/<13-digit inverted ms>…` (the record itself, or a
 *   marker beside it), written by the visitor's own request, so visitors never contend on a shared
 *   document. A day's listing therefore comes newest first.
 * - The rows, newest first, are kept in chunks of a few hundred kilobytes at most, each its own
 *   blob that is never changed once written (`<snapshot key>-chunks/<random id>`). A small head
 *   document, the snapshot, names the chunks in order with what each holds (count, newest and
 *   oldest time, counts by a caller's tally), so page 1 reads the head and one chunk, and a count
 *   reads the head alone. A change writes new chunks for the part of the list it touches, then
 *   the head: the head's etag guards every change, as one document did before.
 * - Chunk ends are chosen by the rows themselves (a hash of the row's id, once the chunk is big
 *   enough), so a row added or removed rewrites only its own chunk, not every chunk after it.
 * - A chunk the head no longer names is kept a while, listed in the head as retired, so a reader
 *   holding the previous head (an export streaming chunk after chunk) can still read it; a later
 *   write deletes it.
 * - The head's `watermark` is a time: every tail key stamped before it, less a grace period, is
 *   in the snapshot.
 * - A reader lists the days from the watermark on, newest first, and stops each listing at the
 *   first key older than the watermark less the grace: normally one listing page of one day. Tail
 *   keys whose id the snapshot lacks are new: it folds them in with an etag-guarded write that also
 *   moves the watermark to when its listing began, so the next reader lists only what came since.
 *   The grace covers a key stamped by a request that writes it a little later. A tail key carries
 *   its row's time, so only the chunks from that time on are read to tell new ids from known ones.
 * - Writers that change rows (mark read, delete) change the snapshot with the same etag guard. A
 *   delete always writes, so a fold computed from a listing that still held the key fails its etag
 *   check and is redone on a fresh listing. The listing is made inside the guarded update, after
 *   the snapshot is read, for that reason.
 * - A warm function keeps the parsed head (asked for with its etag: an unchanged head costs one
 *   round trip and no parsing) and the chunks it read (they never change).
 * - A store written before the index existed has no snapshot: it is built once from a full scan
 *   and created only if still absent, so that migration is idempotent. A snapshot of the earlier
 *   layout (every row in the one document) is read as it is and split into chunks by the next
 *   write.
 * - Where a record and its tail key are separate blobs, an earlier write order could store a record
 *   whose tail key never landed. A snapshot not yet `swept` for such records is swept once, in a
 *   guarded update; one built from a full scan is swept by construction.
 *
 * This file is the index's public face; each part works from one context (context.ts) made here:
 * schemas.ts (options, answers and stored documents), chunks.ts (cutting, reading, writing and
 * deleting chunks; every row of a head), tail.ts (the tail keys listed and folded in), writes.ts
 * (the snapshot built, rows changed, retired chunks dropped) and reads.ts (rows, batches, pages
 * and counts).
 */

export interface LogIndex<Row> {
  /** Every row, newest first (reads every chunk: for callers that need them all). */
  rows(): Promise<readonly Row[]>;
  /**
   * Every row, newest first, a chunk at a time: memory holds one chunk whatever the index holds.
   * With `after`, only the rows that sort after it (it need not be stored any more), and the
   * chunks wholly before it are not read: how a long export carries on where it stopped.
   */
  batches(after?: Row): AsyncGenerator<readonly Row[]>;
  /**
   * Rows `skip` to `skip + take` of those that `keep` accepts, newest first: reads only as far as
   * that, and with a window only the chunks whose times meet it.
   */
  find(
    keep: (row: Row) => boolean,
    skip: number,
    take: number,
    window?: TimeWindow,
  ): Promise<{ rows: Row[]; counts: Counts }>;
  /** How many rows, and how many of each tally (from the head alone). */
  counts(): Promise<Counts>;
  /**
   * Changes rows (etag-guarded); `mutate` gets the current rows, new tail keys folded in. With a
   * window it gets only the rows in (and about) that span of times, and must keep its changes to it.
   */
  update(mutate: (rows: Row[]) => Row[] | Promise<Row[]>, window?: TimeWindow): Promise<void>;
  /**
   * Deletes the chunks kept for readers of earlier heads now, so rows just removed are stored
   * nowhere (erasure); a reader still streaming an earlier head then fails loudly.
   */
  dropRetired(): Promise<void>;
}

export function logIndex<Row>(o: LogIndexOptions<Row>): LogIndex<Row> {
  const ix = contextOf(o);
  return {
    rows: () => rows(ix),
    batches: (after) => batches(ix, after),
    find: (keep, skip, take, window) => find(ix, keep, skip, take, window),
    counts: () => counts(ix),
    update: (mutate, window) => update(ix, mutate, window),
    dropRetired: () => dropRetired(ix),
  };
}
