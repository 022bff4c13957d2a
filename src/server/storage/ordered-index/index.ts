import { keyBetween } from '../../../lib/order-key';
import { StorageError } from '../../http/errors';
import { forEachLimited } from '../records';
import { createJSON, updateJSON } from '../store';
import {
  current as currentOf,
  dropParts as dropPartsOf,
  groupsOf,
  isOutdated as isOutdatedOf,
  namedIn as namedInOf,
  onHead as onHeadOf,
  remember,
  rowsOf as rowsOfIn,
  StaleHead,
  sweep as sweepOf,
} from './parts';
import {
  countedIn,
  locate as locateIn,
  openCount,
  rowsFrom as rowsFromIn,
  shownOf,
  totalOf as totalIn,
} from './reads';
import { build as buildOf, editListing as editListingOf, type Work } from './listing-writes';
import { contextOf, type Listing as ListingOf } from './context';
import {
  type ChunkRef,
  type Head as HeadOf,
  type Edit,
  type OrderedIndexOptions,
  type OrderedRow,
} from './schemas';

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
 */

/** Thrown inside a guarded write when there is nothing to change, so nothing is written. */
class Unchanged {}

export function orderedIndex<Row extends OrderedRow>(o: OrderedIndexOptions<Row>) {
  const ix = contextOf(o);
  const { headSchema, partKey, main, listings } = ix;
  type Head = HeadOf<Row>;
  type Listing = ListingOf<Row>;

  const isOutdated = (head: Head) => isOutdatedOf(ix, head);
  const rowsOf = (head: Head, L: Listing = main) => rowsOfIn(ix, head, L);
  const namedIn = (head: Head) => namedInOf(ix, head);
  const current = () => currentOf(ix);
  const onHead = <T>(read: (head: Head | null) => Promise<T>) => onHeadOf(ix, read);
  const dropParts = (keys: string[]) => dropPartsOf(ix, keys);
  const locate = (head: Head, id: string, near: string | null | 'new') =>
    locateIn(ix, head, id, near);
  const rowsFrom = (head: Head, skip: number, take: number) => rowsFromIn(ix, head, skip, take);
  const totalOf = (head: Head) => totalIn(ix, head);

  const build = (w: Work, L: Listing, rows: readonly Row[]) => buildOf(ix, w, L, rows);
  const editListing = (
    w: Work,
    L: Listing,
    groups: readonly ChunkRef[],
    drops: { id: string; key?: string }[],
    puts: readonly Row[],
    regroup: boolean,
  ) => editListingOf(ix, w, L, groups, drops, puts, regroup);

  /**
   * The head after an edit, every listing changed alike. `known` gives, per id the edit touches,
   * the order key its row is at (null: it has none), so its chunk is read without searching.
   */
  async function edited(
    w: Work,
    head: Head,
    edit: Edit<Row>,
    known: ReadonlyMap<string, string | null>,
  ): Promise<Head> {
    const groups = groupsOf(head, main);
    if ('all' in edit || !groups) {
      const all = 'all' in edit ? edit.all : applied(await rowsOf(head), edit);
      w.retired.push(...(await namedIn(head)));
      return {
        groups: build(w, main, all),
        sorted: Object.fromEntries(listings.map((L) => [L.name, build(w, L, all)])),
      };
    }
    const put = edit.put ?? [];
    const gone = new Set([...(edit.drop ?? []), ...put.map((r) => r.id)]);
    const drops = [...gone].flatMap((id) => {
      const key = known.get(id);
      return key === null ? [] : [{ id, key }];
    });
    const changed = await editListing(w, main, groups, drops, put, !head.groups);
    const sorted: Record<string, ChunkRef[]> = {};
    for (const L of listings) {
      const had = head.sorted?.[L.name];
      sorted[L.name] = had
        ? (
            await editListing(
              w,
              L,
              had,
              changed.removed.filter(L.only).map((r) => ({ id: r.id, key: L.keyOf(r) })),
              put.filter(L.only),
              false,
            )
          ).groups
        : // A listing not made yet: made from every row, once.
          build(w, L, applied(await rowsOf(head), edit));
    }
    return { groups: changed.groups, sorted };
  }

  /**
   * Changes the index in one etag-guarded write of its head. `plan` gets the head as stored and
   * answers the edit (null: nothing to change), with the order keys the rows it touches are at;
   * it may throw to refuse, and is called again on a fresh head when another change landed first.
   */
  async function guarded(
    plan: (
      head: Head,
    ) => Promise<{ edit: Edit<Row>; known?: ReadonlyMap<string, string | null> } | null>,
  ): Promise<void> {
    for (let attempt = 0; attempt < 10; attempt++) {
      // Per try of the guarded write: what it wrote and what its head stops naming.
      const tries: Work[] = [];
      const written = () => tries.flatMap((t) => t.fresh.map((f) => f.key));
      try {
        await updateJSON(
          o.store(),
          o.key,
          headSchema,
          () => ({ groups: [] }),
          async (stored) => {
            const work: Work = { now: Date.now(), fresh: [], retired: [] };
            tries.push(work);
            const planned = await plan(stored as Head);
            if (!planned) throw new Unchanged();
            const next = await edited(
              work,
              stored as Head,
              planned.edit,
              planned.known ?? new Map(),
            );
            await forEachLimited(work.fresh, 8, async (f) => {
              if (!(await createJSON(o.store(), f.key, f.schema, f.value)))
                throw new StorageError(`A new part of the ${o.what} index was already taken`);
              remember(f.key, f.copy);
            });
            return next;
          },
        );
      } catch (error) {
        await dropParts(written()).catch(() => {});
        if (error instanceof Unchanged) return;
        if (error instanceof StaleHead) continue;
        throw error;
      }
      // The landed try's parts are named; the others' never were, and its retired ones no more.
      const landed = tries.pop()!;
      await dropParts([...written(), ...landed.retired.map(partKey)]);
      return;
    }
    throw new StorageError(`The ${o.what} index keeps changing under its writers; try again`);
  }

  /** The order keys of the rows an edit touches, from every row. */
  const keysIn = (all: readonly Row[], edit: Edit<Row>) => {
    if ('all' in edit) return new Map<string, string | null>();
    const at = new Map(all.map((r) => [r.id, r.orderKey]));
    const ids = [...(edit.drop ?? []), ...(edit.put ?? []).map((r) => r.id)];
    return new Map(ids.map((id) => [id, at.get(id) ?? null]));
  };

  /**
   * Changes the index in one etag-guarded write of its head. `decide` gets every row in order
   * and answers the edit (null: nothing to change); it may throw to refuse, and may be called
   * again on fresh rows when another change landed first. Reads every chunk: for changes of
   * the whole order; one row's change is `changeOne`, one row's move `moveOne`.
   */
  const change = (
    decide: (rows: readonly Row[]) => Edit<Row> | null | Promise<Edit<Row> | null>,
  ): Promise<void> =>
    guarded(async (head) => {
      const all = await rowsOf(head);
      const edit = await decide(all);
      return edit && { edit, known: keysIn(all, edit) };
    });

  /** What a one-row change may ask of the head it is decided on. */
  interface View {
    /** How many rows there are. */
    total: number;
    /** An order key for a new row at `position` (0: first), between its would-be neighbours. */
    keyAt(position: number): Promise<string>;
  }

  /**
   * Changes one row in one etag-guarded write of the head, reading the head, the group and the
   * chunk the row is in, whatever the index holds. `near` is the order key the row was last seen
   * at: its chunk is searched first, and every chunk only when it is not there (moved since);
   * 'new' says the row cannot exist yet (its record was just created). `decide` gets the row
   * (undefined when there is none) and answers the row to put, 'drop', or null for no change; it
   * may be called again.
   */
  const changeOne = (
    id: string,
    near: string | null | 'new',
    decide: (current: Row | undefined, view: View) => Promise<Row | 'drop' | null>,
  ): Promise<void> =>
    guarded(async (head) => {
      const found = await locate(head, id, near);
      const view: View = {
        total: totalOf(head),
        async keyAt(position) {
          const [before, after] =
            position > 0
              ? await rowsFrom(head, position - 1, 2)
              : [undefined, ...(await rowsFrom(head, 0, 1))];
          return keyBetween(before?.orderKey ?? null, after?.orderKey ?? null);
        },
      };
      const result = await decide(found?.row, view);
      if (!result) return null;
      const known = new Map([[id, found ? found.row.orderKey : null]]);
      return { edit: result === 'drop' ? { drop: [id] } : { put: [result] }, known };
    });

  /** Where a move may look: how many other rows there are, and where rows are. */
  interface MoveView {
    /** How many rows there are besides the one moved. */
    others: number;
    /** The moved row's place among all rows. */
    from: number;
    /** Another row's place among all rows (see changeOne for `near`), or null when it has none. */
    positionOf(id: string, near: string | null): Promise<number | null>;
  }
  /** A moved row, its place, and the ids before it before and after the move (null: first). */
  interface Moved {
    row: Row;
    position: number;
    was: string | null;
    now: string | null;
  }

  /**
   * Moves one row to `to(view)`, its place among the other rows, with a new order key between its
   * new neighbours: one etag-guarded write, reading the head and the chunks the row, the rows it
   * is placed by and its new neighbours are in, whatever the index holds. Answers null when there
   * is no row of `id`; `to` may throw to refuse.
   */
  async function moveOne(
    id: string,
    near: string | null,
    to: (view: MoveView) => Promise<number>,
  ): Promise<Moved | null> {
    let moved: Moved | null = null;
    await guarded(async (head) => {
      moved = null;
      const found = await locate(head, id, near);
      if (!found) return null;
      const from = found.position;
      const others = totalOf(head) - 1;
      const p = Math.min(
        Math.max(
          0,
          await to({
            others,
            from,
            positionOf: async (other, otherNear) =>
              (await locate(head, other, otherNear))?.position ?? null,
          }),
        ),
        others,
      );
      // The row at place i among the others is at i, or i + 1 past the moved one, among all.
      const rowAt = async (i: number) =>
        i < 0 || i >= others ? undefined : (await rowsFrom(head, i < from ? i : i + 1, 1))[0];
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

  return {
    /** Whether the index exists (a store never written to has none). */
    exists: async (): Promise<boolean> => (await current()) !== null,
    /**
     * Brings a head of an earlier layout (or one without a listing the options name) up to date,
     * in one guarded write; false when there is no index. Requests call it; builds never do.
     */
    async upgrade(): Promise<boolean> {
      const head = await current();
      if (!head) return false;
      if (isOutdated(head))
        await guarded(async (stored) => (isOutdated(stored) ? { edit: { put: [] } } : null));
      return true;
    },
    /** Every row in order, or null when there is no index yet (a shared copy: do not change). */
    all: (): Promise<readonly Row[] | null> => onHead(async (head) => (head ? rowsOf(head) : null)),
    /** Rows `skip` to `skip + take` in order, and how many there are: reads only their chunks. */
    slice: (skip: number, take: number): Promise<{ rows: Row[]; total: number } | null> =>
      onHead(async (head) =>
        head ? { rows: await rowsFrom(head, skip, take), total: totalOf(head) } : null,
      ),
    /** One row and its place (see changeOne for `near`), or null when there is none. */
    find: (id: string, near: string | null): Promise<{ row: Row; position: number } | null> =>
      onHead(async (head) => (head ? locate(head, id, near) : null)),
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
      onHead(async (head) => {
        const L = listing ? listings.find((l) => l.name === listing) : main;
        if (!L) throw new Error(`The ${o.what} index has no listing ${listing}`);
        if (open && !(o.openUntil && L.open))
          throw new Error(`The ${o.what} index's listing ${listing} keeps no open rows`);
        if (!head || isOutdated(head)) return null;
        return shownOf(ix, head, L, skip, take, now, open);
      }),
    /** The rows that count under `label` (reads only the groups and chunks that tally it). */
    counted: (label: string): Promise<Row[]> =>
      onHead(async (head) => (head ? countedIn(ix, head, label) : [])),
    /**
     * How many rows are open at `now` (see openUntil): from the head alone, but for the groups one
     * of whose rows closed since they were written (read to count). A listing by date (`sorted`,
     * `open`, every row) has those in one place, near `now`: it is counted when there is one.
     */
    openAt: (now: number): Promise<number> =>
      onHead(async (head) => (head ? openCount(ix, head, now) : 0)),
    /**
     * Creates the index with these rows (in order) if there is none yet; false when one exists
     * (another writer's, which stands: ours is removed).
     */
    async create(rows: Row[]): Promise<boolean> {
      const work: Work = { now: Date.now(), fresh: [], retired: [] };
      const head: Head = {
        groups: build(work, main, rows),
        sorted: Object.fromEntries(listings.map((L) => [L.name, build(work, L, rows)])),
      };
      await forEachLimited(work.fresh, 8, (f) => createJSON(o.store(), f.key, f.schema, f.value));
      const created = await createJSON(o.store(), o.key, headSchema, head);
      if (!created) await dropParts(work.fresh.map((f) => f.key));
      return created;
    },
    change,
    changeOne,
    moveOne,
    /**
     * Deletes the chunks and groups no head names that were written long enough ago
     * (ABANDONED_MS) that no change still running can name them: what a process dying mid-change
     * left. One the head stops naming is never named again, so one the head did not name when
     * this read it stays unnamed. Answers how many it deleted.
     */
    sweep: (now = Date.now()): Promise<number> => sweepOf(ix, now),
  };
}

const byKey = (a: OrderedRow, b: OrderedRow) =>
  a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : 0;

/** Every row after an edit of puts and drops, in order. */
function applied<Row extends OrderedRow>(
  rows: readonly Row[],
  edit: { put?: Row[]; drop?: string[] },
): Row[] {
  const gone = new Set([...(edit.drop ?? []), ...(edit.put ?? []).map((r) => r.id)]);
  return [...rows.filter((r) => !gone.has(r.id)), ...(edit.put ?? [])].sort(byKey);
}
