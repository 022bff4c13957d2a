import { contextOf } from './context';
import { changeOne, moveOne, type DecideOne, type MoveView, type Moved } from './one-row';
import { current, isOutdated, onHead, rowsOf, sweep } from './parts';
import { countedIn, locate, openCount, rowsFrom, shownOf, totalOf } from './reads';
import type { OrderedIndexOptions, OrderedRow } from './schemas';
import { change, create, upgrade, type DecideAll } from './writes';

export type { ChunkRef, Edit, OrderedIndexOptions, OrderedRow } from './schemas';

/*
 * An index of rows kept in order by each row's order key (src/lib/order-key.ts), for a collection
 * that grows (publications, events): a small head document, groups, and the rows in chunks.
 *
 * - Each chunk is its own blob, `<head key>-chunks/<time><random>`, holding a run of rows in order,
 *   a few dozen kilobytes at most, and is never changed once written. Chunk n's rows all sort
 *   before chunk n + 1's.
 * - A group, a blob beside the chunks and never changed either, names a run of chunks in order with
 *   what each holds: its first key, how many rows, how many of each tally (a caller's labels, e.g.
 *   scheduled rows), the times until which rows count as open (events not ended yet) and those
 *   until which rows are hidden (scheduled ones). A group is a few kilobytes at most.
 * - The head names the groups in order with the same sums for each (of the open-until times, how
 *   many and the earliest), so it grows a hundred bytes per group (thousands of rows), not per
 *   chunk or per open row: a change that rewrites it stays small at any size. Counts and the dashboard read the head alone; a page reads the head, the group and the
 *   one or two chunks it falls in.
 * - Besides the rows in order, a collection may keep listings of the same rows in another order
 *   (`sorted`: events by start date), each its own groups and chunks named by the same head, so a
 *   list by date reads only the chunks its page falls in. A change of rows changes every listing in
 *   the same head write.
 * - A change reads the head, writes new chunks and groups for the rows it touches (usually one
 *   chunk and one group; two for a move between chunks), then writes the head, guarded by its
 *   etag: the head is the one place a change lands, so every change is whole or absent, and
 *   simultaneous changes are retried on the fresh head as with one document. A chunk or group grown
 *   past its most is split, one shrunk under its least joins its neighbour.
 * - The chunks and groups a landed head no longer names are deleted after it landed; those written
 *   by a try that lost the etag race, or by one that failed, are deleted too. A process dying in
 *   between only leaves unnamed blobs behind, which nothing reads, and `sweep` (hourly) deletes
 *   once they are old enough that no change in flight can still name them.
 * - A reader that finds a named chunk or group gone read a head that has since been replaced: it
 *   reads the head again and starts over.
 * - A warm instance keeps the chunks and groups it read (they never change) and the head (asked
 *   for with its etag), so a warm read of every row costs one round trip.
 * - Earlier layouts are read as they are: every row in the head (`{ rows }`), and the chunks named
 *   by the head itself (`{ chunks }`, read as one group). `upgrade` (which requests call when they
 *   find one) moves them to groups and makes missing listings in one guarded write: no step anyone
 *   runs, and a build (which may only read) reads every layout.
 *
 * This file is the index's public face; each part works from one context (context.ts) made here:
 * schemas.ts (options and stored documents), chunks.ts (sizes, ids, cutting), counts.ts (what an
 * entry counts), parts.ts (reading and keeping stored parts; the sweep), reads.ts (rows, pages,
 * shown and open rows), listing-writes.ts (one listing rebuilt), writes.ts (the guarded write of
 * the head) and one-row.ts (one row changed or moved).
 */

export function orderedIndex<Row extends OrderedRow>(o: OrderedIndexOptions<Row>) {
  const ix = contextOf(o);
  return {
    /** Whether the index exists (a store never written to has none). */
    exists: async (): Promise<boolean> => (await current(ix)) !== null,
    /**
     * Brings a head of an earlier layout (or one without a listing the options name) up to date,
     * in one guarded write; false when there is no index. Requests call it; builds never do.
     */
    upgrade(): Promise<boolean> {
      return upgrade(ix);
    },
    /** Every row in order, or null when there is no index yet (a shared copy: do not change). */
    all: (): Promise<readonly Row[] | null> =>
      onHead(ix, async (head) => (head ? rowsOf(ix, head) : null)),
    /** Rows `skip` to `skip + take` in order, and how many there are: reads only their chunks. */
    slice: (skip: number, take: number): Promise<{ rows: Row[]; total: number } | null> =>
      onHead(ix, async (head) =>
        head ? { rows: await rowsFrom(ix, head, skip, take), total: totalOf(ix, head) } : null,
      ),
    /** One row and its place (see changeOne for `near`), or null when there is none. */
    find: (id: string, near: string | null): Promise<{ row: Row; position: number } | null> =>
      onHead(ix, async (head) => (head ? locate(ix, head, id, near) : null)),
    /**
     * The rows shown at `now` (hiddenUntil) of a listing (`sorted`; the index order when not
     * named), and with `open` only those open at `now` (openUntil): `skip` to `skip + take` of
     * them in order, each with its place in the listing; how many there are; the next time a
     * hidden row is shown and the next time an open row closes (or null). Reads the head and the
     * groups and chunks the page falls in, and those whose entries cannot say how many of their
     * rows count (rows open and closed together, for `open`). Null when there is no index, or it
     * is of an earlier layout or lacks the listing (`upgrade` makes it).
     */
    shown: (
      skip: number,
      take: number,
      now: number,
      { listing = '', open = false }: { listing?: string; open?: boolean } = {},
    ) =>
      onHead(ix, async (head) => {
        const L = listing ? ix.listings.find((l) => l.name === listing) : ix.main;
        if (!L) throw new Error(`The ${o.what} index has no listing ${listing}`);
        if (open && !(o.openUntil && L.open))
          throw new Error(`The ${o.what} index's listing ${listing} keeps no open rows`);
        if (!head || isOutdated(ix, head)) return null;
        return shownOf(ix, head, L, skip, take, now, open);
      }),
    /** The rows that count under `label` (reads only the groups and chunks that tally it). */
    counted: (label: string): Promise<Row[]> =>
      onHead(ix, async (head) => (head ? countedIn(ix, head, label) : [])),
    /**
     * How many rows are open at `now` (see openUntil): from the head alone, but for the groups one
     * of whose rows closed since they were written (read to count). A listing by date (`sorted`,
     * `open`, every row) has those in one place, near `now`: it is counted when there is one.
     */
    openAt: (now: number): Promise<number> =>
      onHead(ix, async (head) => (head ? openCount(ix, head, now) : 0)),
    /**
     * Creates the index with these rows (in order) if there is none yet; false when one exists
     * (another writer's, which stands: ours is removed).
     */
    create(rows: Row[]): Promise<boolean> {
      return create(ix, rows);
    },
    /**
     * Changes the index in one etag-guarded write of its head. `decide` gets every row in order
     * and answers the edit (null: nothing to change); it may throw to refuse, and may be called
     * again on fresh rows when another change landed first. Reads every chunk: for changes of
     * the whole order; one row's change is `changeOne`, one row's move `moveOne`.
     */
    change: (decide: DecideAll<Row>): Promise<void> => change(ix, decide),
    /**
     * Changes one row in one etag-guarded write of the head, reading the head, the group and the
     * chunk the row is in, whatever the index holds. `near` is the order key the row was last seen
     * at: its chunk is searched first, and every chunk only when it is not there (moved since);
     * 'new' says the row cannot exist yet (its record was just created). `decide` gets the row
     * (undefined when there is none) and answers the row to put, 'drop', or null for no change; it
     * may be called again.
     */
    changeOne: (id: string, near: string | null | 'new', decide: DecideOne<Row>): Promise<void> =>
      changeOne(ix, id, near, decide),
    /**
     * Moves one row to `to(view)`, its place among the other rows, with a new order key between its
     * new neighbours: one etag-guarded write, reading the head and the chunks the row, the rows it
     * is placed by and its new neighbours are in, whatever the index holds. Answers null when there
     * is no row of `id`; `to` may throw to refuse.
     */
    moveOne: (
      id: string,
      near: string | null,
      to: (view: MoveView) => Promise<number>,
    ): Promise<Moved<Row> | null> => moveOne(ix, id, near, to),
    /**
     * Deletes the chunks and groups no head names that were written long enough ago
     * (ABANDONED_MS) that no change still running can name them: what a process dying mid-change
     * left. One the head stops naming is never named again, so one the head did not name when
     * this read it stays unnamed. Answers how many it deleted.
     */
    sweep(now = Date.now()): Promise<number> {
      return sweep(ix, now);
    },
  };
}
