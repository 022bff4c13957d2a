import type { z } from 'zod';
import type { Page } from '../../storage/records';
import { contextOf, live, readRecord, rows } from './context';
import { move, reorder } from './order';
import { getMany, list, open, page, shownPage } from './reads';
import type {
  Item,
  KeyedOptions,
  MoveTo,
  RecordCache,
  Row,
  RowQuery,
  ShownPage,
  Tally,
} from './schemas';
import { create, reinsert, remove, replaceAll, update } from './writes';

export type { MoveTo, RecordCache, Row, RowQuery } from './schemas';

/*
 * An admin-edited collection that grows (publications, events), kept one key per record:
 *
 * - `<name>/<id>` holds { rev, item } (and `deleted` while a delete is under way): the record and
 *   a version number that only goes up, so an index row can say which version it was made from;
 * - `<name>-index` is the index of rows (storage/ordered-index/): per record what lists,
 *   ordering, release checks and the dashboard need (never bodies), sorted by an order key
 *   (src/lib/order-key.ts), so moving one item rewrites one row and renumbers nothing. The rows
 *   live in chunks of a few dozen kilobytes named by groups named by a small head, which also
 *   count what the dashboard shows, so a save writes one chunk, one group and the head, never
 *   the whole index. Listings of the rows in another order (`sorted`: events by start date) are
 *   kept in the same writes.
 *
 * Every write is etag-guarded (updateJSON, or onlyIfNew for a new key) and touches one record and
 * one row (found in the one chunk the record's `place` names). A new slug is claimed first
 * (slug-claims.ts), so no two records ever carry the same one, and a claim whose save died is
 * taken over later. The index changes in one guarded write of its head (its new chunks are
 * written before it and named only by it), so a row change is whole or absent. There are two
 * writes, the record and the index, so a process can die between them; the order of the steps
 * makes every such gap harmless, and the next write of that record repairs it:
 *
 * - create writes the record, then its row. Dying in between leaves a record no row names: no list
 *   and no build sees it, and the create was never acknowledged (its slug stays claimed by that
 *   record, which carries it: a create with the same title gets the next one).
 * - update writes the record (rev + 1), then the row, which only ever replaces a row of a lower
 *   rev, so two saves finishing out of order keep the newer row. Dying in between leaves a row one
 *   version behind: lists show the older title or status until the next save of that record, or
 *   an editor opening it, rewrites the row; a build with no copy of the row's version reads the
 *   record itself and shows the save, one with a copy shows that version (see `list`). (The row's
 *   `rev` is what tells a row behind its record.)
 * - delete marks the record deleted (reads drop it at once), removes the row, then strips the
 *   record to a bare mark. Dying in between leaves a marked record that a retried delete
 *   finishes.
 *
 * An answer is sent only after both writes landed, so nothing acknowledged is lost. A collection
 * stored the old way, as one document, is moved to this layout by the first read or write (see
 * keyed-migration.ts), with no step anyone runs.
 *
 * This file is the collection's public face; each part works from one context (context.ts, which
 * also reads records and rows) made here: schemas.ts (options, rows, records), record-writes.ts
 * (the steps: a slug claimed, a record version, its row), writes.ts (create, update, remove,
 * restore, replace all), order.ts (a move, a reorder) and reads.ts (the build's list, records,
 * pages of rows).
 */

export function keyedCollection<S extends z.ZodType<Item>>(
  name: string,
  itemSchema: S,
  opts: KeyedOptions<z.infer<S>>,
) {
  type I = z.infer<S>;
  const cx = contextOf<I>(name, itemSchema as unknown as z.ZodType<I>, opts);
  return {
    key: name,
    fieldNames: Object.keys((itemSchema as unknown as z.ZodObject).shape),
    imageFields: [opts.imageField],
    /** The index: one row per record, in order (never bodies). */
    rows: (): Promise<readonly Row[]> => rows(cx),
    /** The rows counted under a label (tallyOf): reads only the chunks holding them. */
    counted: (label: Tally): Promise<Row[]> => cx.index.counted(label),
    /** Deletes index chunks a write that died left unnamed (hourly: upload-sweep). */
    sweepIndex: (now?: number): Promise<number> => cx.index.sweep(now),
    /** How many records are upcoming at `now` (see openUntil), from the index head alone. */
    openAt: (now: number): Promise<number> => cx.index.openAt(now),
    /** The row a record version gets (for seeding many records at once, as a benchmark does). */
    rowOf: cx.rowOf,
    /**
     * Every item in order, each with `order` set to its place: for the build, which renders them
     * all, never for a request. With `cache` (the build before's copies) it reads, a few at a time,
     * only the records whose row names a version the cache does not hold, and leaves the cache
     * holding what this build read.
     *
     * A record is shown as its row names it: after a save or delete that died between its record
     * and its row (never acknowledged), the build may show the version before it until the next
     * write of that record, as the admin's lists do.
     */
    list({ cache }: { cache?: RecordCache<I> } = {}): Promise<I[]> {
      return list(cx, { cache });
    },
    /** One item by id (one read), or null. */
    async get(id: string): Promise<I | null> {
      return live((await readRecord(cx, id))?.value);
    },
    /**
     * One item for its editor, or null: and if a save died between its record and its row, the
     * row is brought up to the record now, so the list the editor returns to shows it.
     */
    open(id: string): Promise<I | null> {
      return open(cx, id);
    },
    /** Several items by id (one read each, a few at a time), in the order asked; missing ones left out. */
    getMany(ids: string[]): Promise<I[]> {
      return getMany(cx, ids);
    },
    /**
     * One page of the rows visitors may see now (drafts and scheduled ones not yet due left out),
     * in the index's order or a `sorted` listing's (`view.listing`), with `view.open` only those
     * still upcoming (openUntil), each with its place in that order; how many they are; when the
     * next scheduled one goes public and the next upcoming one ends. Reads the index head and the
     * groups and chunks the page falls in.
     */
    shownPage(
      query: { page: number; pageSize: number },
      now = Date.now(),
      view: { listing?: string; open?: boolean } = {},
    ): Promise<ShownPage> {
      return shownPage(cx, query, now, view);
    },
    /** Rows filtered on the server (search in titles and slugs, status, topic), one page of them. */
    page(query: RowQuery): Promise<Page<Row & { order: number }>> {
      return page(cx, query);
    },
    /**
     * Adds an item: first (newFirst) or last. `id`, when given, is the new item's id decided
     * beforehand (an approved proposal's), and the create happens once: if that record exists
     * already (a retry of a create that landed, perhaps without its row), it is answered as it
     * is, with its row written if it was missing; if it was deleted since, the answer is 409.
     */
    create(input: Record<string, unknown>, { id }: { id?: string } = {}): Promise<I> {
      return create(cx, input, { id });
    },
    /**
     * Merges changed fields into one item. With `expected`, a field whose stored value differs
     * from what the editor started from is a 409 carrying the current values. A sent `order`
     * moves the item to that place.
     */
    update(
      id: string,
      patch: Record<string, unknown>,
      expected?: Record<string, unknown>,
    ): Promise<{ before: I; after: I }> {
      return update(cx, id, patch, expected);
    },
    /**
     * Deletes one item and answers it; 404 when unknown. A retried delete finishes one that died
     * half-way. With `expected`, a field whose stored value differs is a 409 and nothing is deleted.
     */
    remove(id: string, expected?: Record<string, unknown>): Promise<I> {
      return remove(cx, id, expected);
    },
    /** Puts a deleted item back with its old id and data (restore from history); 409 if the id is in use. */
    reinsert(value: unknown): Promise<I> {
      return reinsert(cx, value);
    },
    /** Moves one item: first, or just before or after another. Only its row changes. */
    move(id: string, to: MoveTo) {
      return move(cx, id, to);
    },
    /** Sets the whole order from a list of ids (every id exactly once): new keys, index only. */
    reorder(ids: string[]): Promise<{ before: string[]; after: Row[] }> {
      return reorder(cx, ids);
    },
    /** Replaces the whole collection (seeding): records first, then the index, then old keys go. */
    replaceAll(items: z.input<S>[]): Promise<void> {
      return replaceAll(cx, items);
    },
  };
}

/** One collection kept one key per record. */
export type KeyedCollection = ReturnType<typeof keyedCollection<z.ZodType<Item>>>;
