import { createHash } from 'node:crypto';
import { z } from 'zod';
import { byOrder } from '../../../schemas/order';
import { RELEASE_STATUSES, releaseTime, type ReleaseStatus } from '../../../schemas/release';
import { assignSlugs, slugChoices, withSlug } from '../../../lib/slug';
import { keysInOrder } from '../../../lib/order-key';
import { CACHE_TAGS, purgeTags } from '../../http/cdn-cache';
import { HttpError, StorageError } from '../../http/errors';
import { assertWholeOrder } from '../whole-order';
import { COLLECTION_KEYS, KEYED_COLLECTIONS } from '../../storage/keys';
import { orderedIndex } from '../../storage/ordered-index';
import { singleDocument } from '../keyed-migration';
import { slugClaims } from '../slug-claims';
import { forEachLimited, paginate, readRecords, type Page } from '../../storage/records';
import {
  assertExpected,
  createJSON,
  openStore,
  readJSON,
  STORES,
  updateJSON,
} from '../../storage/store';

/**
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
 */

/** What every row holds, whatever the collection. */
const baseRowFields = {
  id: z.string(),
  slug: z.string(),
  previousSlugs: z.array(z.string()).default([]),
  title: z.string(),
  status: z.enum(RELEASE_STATUSES),
  publishAt: z.string().default(''),
  timeZone: z.string().default(''),
  topics: z.array(z.string()).default([]),
  /** A public record whose image or figures lack alt text (the dashboard's list). */
  missingAlt: z.boolean().default(false),
  createdAt: z.string(),
  updatedAt: z.string(),
};
const placeFields = {
  /** Its place in the collection's order (src/lib/order-key.ts). */
  orderKey: z.string().min(1),
  /** The record version this row was made from. */
  rev: z.number().int().min(1),
  /**
   * A hash of that version's item: a build's copy of a record (see `list`) is that version only if
   * it was stored with this hash. Rows written before rows had one carry ''.
   */
  sum: z.string().default(''),
};

interface Item {
  id: string;
  slug: string;
  previousSlugs: string[];
  title: string;
  order?: number;
  createdAt: string;
  updatedAt: string;
}

/** One record's row in the index: the fields above, the collection's own, and its place. */
export interface Row {
  id: string;
  slug: string;
  previousSlugs: string[];
  title: string;
  status: ReleaseStatus;
  publishAt: string;
  timeZone: string;
  topics: string[];
  missingAlt: boolean;
  createdAt: string;
  updatedAt: string;
  orderKey: string;
  rev: number;
  sum: string;
  [field: string]: unknown;
}

/**
 * The build's copies of records from its build before (kept in the build cache, see
 * workflows/build-record-cache.ts), each with the `sum` of the row it was read under: a build
 * reads from the store only the records whose row says they changed since.
 */
export interface RecordCache<I> {
  load(): Promise<ReadonlyMap<string, { sum: string; item: I }>>;
  save(entries: ReadonlyMap<string, { sum: string; item: I }>): Promise<void>;
}

/** A short hash of a record version's item (a row's `sum`). */
const sumOf = (item: unknown): string =>
  createHash('sha256').update(JSON.stringify(item)).digest('base64url').slice(0, 22);

interface KeyedOptions<I> {
  /** New items go first (the newest publication or event is what the home page shows first). */
  newFirst: boolean;
  /** Rules across fields, checked on the merged item (`changed`: the fields a PATCH sent). */
  check?: (item: I, changed?: readonly string[]) => void;
  /** The field holding the record's image, brought onto this site on save (image-import.ts). */
  imageField: string;
  /** The collection's own row fields, and how a record gives them (and the base fields). */
  rowFields: z.ZodRawShape;
  toRow: (item: I) => Record<string, unknown>;
  /** The time (ms) until which a record counts as upcoming, NaN for always (the index counts them). */
  openUntil?: (row: Row) => number;
  /** Listings of the rows in other orders, kept beside the index (see storage/ordered-index/). */
  sorted?: Record<
    string,
    { key: (row: Row) => string; only?: (row: Row) => boolean; open?: boolean }
  >;
}

/**
 * What the index head counts per chunk, so the dashboard and the release check read only chunks
 * that hold such rows: public records missing alt text, and scheduled ones. Only these: every
 * label adds to a head every write sends.
 */
const tallyOf = (row: Row): Tally[] => [
  ...(row.status !== 'draft' && row.missingAlt ? (['missing-alt'] as const) : []),
  ...(row.status === 'scheduled' ? (['scheduled'] as const) : []),
];
type Tally = 'missing-alt' | 'scheduled';

/** Where to move one item: first, or just before or after another. */
export type MoveTo = 'top' | { before: string } | { after: string };

/** A page of rows, filtered on the server. */
export interface RowQuery {
  page: number;
  pageSize: number;
  q?: string;
  status?: string;
  topic?: string;
}

export function keyedCollection<S extends z.ZodType<Item>>(
  name: string,
  itemSchema: S,
  opts: KeyedOptions<z.infer<S>>,
) {
  // Code below this floor (the image uses) finds records by this list.
  if (!KEYED_COLLECTIONS.has(name)) throw new Error(`Add ${name} to KEYED_COLLECTIONS`);
  type I = z.infer<S>;
  // Typed by hand: the collection's own fields are its business, the shared ones are ours.
  const rowSchema = z.object({
    ...baseRowFields,
    ...opts.rowFields,
    ...placeFields,
  }) as unknown as z.ZodType<Row, Row>;
  // A deleted record stays as a bare mark ({ rev, deleted }), so that no late writer (a slow
  // migration, a create retried) can bring its key back to life with onlyIfNew. `place` is the
  // order key its row was last written at: where a change of it finds its row in the index
  // without searching every chunk (a hint; a row moved since is searched for, and the hint set).
  type Rec = { rev: number; deleted?: boolean; item?: I; place?: string };
  const recordSchema = z.object({
    rev: z.number().int().min(1),
    deleted: z.boolean().optional(),
    item: itemSchema.optional(),
    place: z.string().optional(),
  }) as unknown as z.ZodType<Rec, Rec>;
  /** A live record version: what a save wrote. */
  type Live = { rev: number; item: I; place?: string };
  const store = () => openStore(STORES.content);
  const indexKey = COLLECTION_KEYS.index(name);
  const recordKey = (id: string) => COLLECTION_KEYS.record(name, id);
  const purge = () => purgeTags(CACHE_TAGS.collection(name));
  const index = orderedIndex<Row>({
    what: name,
    store,
    key: indexKey,
    row: rowSchema,
    tally: tallyOf,
    openUntil: opts.openUntil,
    sorted: opts.sorted,
    // What visitors may not see yet (isPublic): drafts for good, scheduled rows until their time.
    hiddenUntil: (row) =>
      row.status === 'draft' ? NaN : row.status === 'scheduled' ? (releaseTime(row) ?? NaN) : null,
  });

  const rowOf = (item: I, orderKey: string, rev: number): Row =>
    rowSchema.parse({ ...opts.toRow(item), orderKey, rev, sum: sumOf(item) });
  const validated = (value: unknown, changed?: readonly string[]): I => {
    const item = itemSchema.parse(value);
    opts.check?.(item, changed);
    return item;
  };

  // The layout older versions kept, one document of every item, and its move (keyed-migration.ts).
  const single = singleDocument<I, Row>({
    name,
    store,
    itemSchema: itemSchema as unknown as z.ZodType<I>,
    createRecord: (item, place) =>
      createJSON(store(), recordKey(item.id), recordSchema, { rev: 1, item, place }),
    rowOf,
    index,
  });

  /** The index rows, in order (a shared copy: do not change them). */
  async function rows(): Promise<readonly Row[]> {
    return (await index.all()) ?? single.migrate();
  }

  async function readRecord(id: string): Promise<{ value: Rec; etag?: string } | null> {
    if (!/^[\w.:-]{1,200}$/.test(id)) return null;
    return readJSON(store(), recordKey(id), recordSchema);
  }
  /** The item of a record that is live (not deleted). */
  const live = (rec: Rec | null | undefined): I | null =>
    rec && !rec.deleted && rec.item ? (rec.item as I) : null;

  // Who holds which slug (slug-claims.ts): a save claims its slug before its record says so.
  const claims = slugClaims({
    name,
    store,
    rows,
    carries: async (id, slug) => {
      const item = live((await readRecord(id))?.value);
      return !!item && (item.slug === slug || item.previousSlugs.includes(slug));
    },
  });
  /**
   * The item with a slug that fits its title and that no other record holds: the first of its
   * choices (lib/slug.ts) that it carries already (`carried`: its stored record's slugs) or that
   * it can claim. One claim per choice tried, whatever the collection holds.
   */
  async function claimSlug(item: I, carried: ReadonlySet<string>): Promise<I> {
    for (const slug of slugChoices(item))
      if (carried.has(slug) || (await claims.claim(item.id, slug))) return withSlug(item, slug);
    throw new Error('unreachable: slug choices never end');
  }
  const slugsOf = (item: I | null | undefined) =>
    new Set(item ? [item.slug, ...item.previousSlugs].filter(Boolean) : []);

  /**
   * Makes sure the index exists and is of the current layout: a store kept the single-document
   * way is moved first, an index of an earlier layout brought up to date (storage/ordered-index/).
   */
  async function ready(): Promise<void> {
    if (await index.upgrade()) return;
    await single.migrate();
    await index.upgrade();
  }

  /**
   * Writes the row of this record version into the index (its slug is claimed already). `near`
   * is where its row was last seen ('new': it has none yet); `place` gives a new row its order
   * key. The record then remembers where its row is, if that changed.
   */
  async function commitRow(
    rec: Live,
    near: string | null | 'new',
    place: ((view: { total: number; keyAt(n: number): Promise<string> }) => Promise<string>) | null,
  ): Promise<Row> {
    let row: Row | undefined;
    await index.changeOne(rec.item.id, near, async (current, view) => {
      if (!current && !place) throw new HttpError(404, 'Item not found');
      // Already this version or a later one: a save that finished after ours wrote it.
      if (current && current.rev >= rec.rev) {
        row = current;
        return null;
      }
      row = rowOf(rec.item, current?.orderKey ?? (await place!(view)), rec.rev);
      return row;
    });
    if (row!.orderKey !== rec.place) await notePlace(rec.item.id, row!.orderKey);
    return row!;
  }

  /** Records where a record's row is now (no new version: the row stays as it is). */
  async function notePlace(id: string, place: string): Promise<void> {
    await updateJSON(
      store(),
      recordKey(id),
      recordSchema,
      () => {
        throw new HttpError(404, 'Item not found');
      },
      (rec) => (rec.deleted ? rec : { ...rec, place }),
    ).catch((error: unknown) => {
      // Gone meanwhile: nothing to remember.
      if (!(error instanceof HttpError)) throw error;
    });
  }

  /** One etag-guarded change of a live record, as a new version. */
  async function rewrite(id: string, change: (item: I) => I | Promise<I>): Promise<Live> {
    return updateJSON(
      store(),
      recordKey(id),
      recordSchema,
      () => {
        throw new HttpError(404, 'Item not found');
      },
      async (rec) => {
        const item = live(rec);
        if (!item) throw new HttpError(404, 'Item not found');
        return { rev: rec.rev + 1, item: await change(item), place: rec.place };
      },
    ) as Promise<Live>;
  }

  async function dropRow(id: string, near: string | null): Promise<void> {
    await index.changeOne(id, near, async (current) => (current ? 'drop' : null));
  }

  /**
   * Moves a row to a place among the others (index only: no record changes), found from the
   * record's `place`, and answers it with its new place and the ids before it before and after.
   * Reads the chunks its row and its new neighbours are in, whatever the collection holds.
   */
  async function moveRow(
    id: string,
    position: Parameters<typeof index.moveOne>[2],
  ): Promise<{ row: Row; position: number; was: string | null; now: string | null }> {
    // A store still in the single-document layout is moved first: the index must exist.
    await ready();
    const place = (await readRecord(id))?.value.place ?? null;
    const moved = await index.moveOne(id, place, position);
    if (!moved) throw new HttpError(404, 'Item not found');
    if (moved.row.orderKey !== place) await notePlace(id, moved.row.orderKey);
    await purge();
    return moved;
  }

  return {
    key: name,
    fieldNames: Object.keys((itemSchema as unknown as z.ZodObject).shape),
    imageFields: [opts.imageField],
    /** The index: one row per record, in order (never bodies). */
    rows,
    /** The rows counted under a label (tallyOf): reads only the chunks holding them. */
    counted: (label: Tally): Promise<Row[]> => index.counted(label),
    /** Deletes index chunks a write that died left unnamed (hourly: upload-sweep). */
    sweepIndex: (now?: number): Promise<number> => index.sweep(now),
    /** How many records are upcoming at `now` (see openUntil), from the index head alone. */
    openAt: (now: number): Promise<number> => index.openAt(now),
    /** The row a record version gets (for seeding many records at once, as a benchmark does). */
    rowOf,
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
    async list({ cache }: { cache?: RecordCache<I> } = {}): Promise<I[]> {
      // The build may not write: before any function has moved a single document, it reads that.
      const all = await index.all();
      if (!all) {
        return single.read();
      }
      const kept = (await cache?.load()) ?? new Map<string, { sum: string; item: I }>();
      const copy = (row: Row) => {
        const hit = row.sum ? kept.get(row.id) : undefined;
        return hit?.sum === row.sum ? hit : undefined;
      };
      const missing = all.filter((row) => !copy(row));
      const records = await readRecords(
        store(),
        missing.map((r) => recordKey(r.id)),
        recordSchema,
      );
      const read = new Map(records.flatMap((r) => (live(r) ? [[r.item!.id, r]] : [])));
      const now = new Map<string, { sum: string; item: I }>();
      const items = all.flatMap((row, order) => {
        const cached = copy(row);
        const rec = cached ? null : read.get(row.id);
        const item = cached?.item ?? (rec?.item as I | undefined);
        if (!item) return [];
        // Kept only when the row was made from this very version (its rev), so its sum is this item's.
        if (cached || (row.sum && rec!.rev === row.rev)) now.set(row.id, { sum: row.sum, item });
        return [{ ...item, order }];
      });
      if (cache && (missing.length > 0 || now.size !== kept.size)) await cache.save(now);
      // Every write stores a slug; a record that somehow has none still gets an address, so one
      // record cannot stop the build.
      return items.some((i) => !i.slug) ? (assignSlugs(items) as I[]) : items;
    },
    /** One item by id (one read), or null. */
    async get(id: string): Promise<I | null> {
      return live((await readRecord(id))?.value);
    },
    /**
     * One item for its editor, or null: and if a save died between its record and its row, the
     * row is brought up to the record now, so the list the editor returns to shows it.
     */
    async open(id: string): Promise<I | null> {
      await ready();
      const found = await readRecord(id);
      const item = live(found?.value);
      if (!item) return null;
      const place = found!.value.place ?? null;
      const row = (await index.find(id, place))?.row;
      if (!row) return null;
      if (row.rev < found!.value.rev || row.orderKey !== place) {
        await commitRow({ ...found!.value, item }, row.orderKey, null);
        await purge();
      }
      return item;
    },
    /** Several items by id (one read each, a few at a time), in the order asked; missing ones left out. */
    async getMany(ids: string[]): Promise<I[]> {
      if (!ids.length) return [];
      const records = await readRecords(store(), ids.map(recordKey), recordSchema);
      return records.flatMap((r) => (live(r) ? [r.item!] : []));
    },
    /**
     * One page of the rows visitors may see now (drafts and scheduled ones not yet due left out),
     * in the index's order or a `sorted` listing's (`view.listing`), with `view.open` only those
     * still upcoming (openUntil), each with its place in that order; how many they are; when the
     * next scheduled one goes public and the next upcoming one ends. Reads the index head and the
     * groups and chunks the page falls in.
     */
    async shownPage(
      query: { page: number; pageSize: number },
      now = Date.now(),
      view: { listing?: string; open?: boolean } = {},
    ): Promise<{
      items: (Row & { order: number })[];
      total: number;
      next: number | null;
      nextEnd: number | null;
    }> {
      const read = () => index.shown((query.page - 1) * query.pageSize, query.pageSize, now, view);
      // No index yet, or one of an earlier layout: it is made or brought up to date first.
      const found = (await read()) ?? (await ready().then(read));
      // An index still not of this layout was not brought up to date: never an empty list for it.
      if (!found && (await index.exists()))
        throw new StorageError(`The ${name} index could not be brought up to date; try again`);
      return {
        items: (found?.rows ?? []).map(({ row, position }) => ({ ...row, order: position })),
        total: found?.total ?? 0,
        next: found?.next ?? null,
        nextEnd: found?.nextEnd ?? null,
      };
    },
    /** Rows filtered on the server (search in titles and slugs, status, topic), one page of them. */
    async page(query: RowQuery): Promise<Page<Row & { order: number }>> {
      const q = query.q?.trim().toLowerCase() ?? '';
      // Unfiltered: only the chunks the page falls in are read.
      if (!q && !query.status && !query.topic) {
        const skip = (query.page - 1) * query.pageSize;
        const found = (await index.slice(skip, query.pageSize)) ?? {
          rows: (await rows()).slice(skip, skip + query.pageSize),
          total: (await rows()).length,
        };
        return {
          items: found.rows.map((row, n) => ({ ...row, order: skip + n })),
          total: found.total,
          page: query.page,
          pageSize: query.pageSize,
        };
      }
      const shown = (await rows()).flatMap((row, order) =>
        (!q || row.title.toLowerCase().includes(q) || row.slug.includes(q) || row.id === q) &&
        (!query.status || row.status === query.status) &&
        (!query.topic || row.topics.includes(query.topic))
          ? [{ ...row, order }]
          : [],
      );
      return paginate(shown, query);
    },
    /**
     * Adds an item: first (newFirst) or last. `id`, when given, is the new item's id decided
     * beforehand (an approved proposal's), and the create happens once: if that record exists
     * already (a retry of a create that landed, perhaps without its row), it is answered as it
     * is, with its row written if it was missing; if it was deleted since, the answer is 409.
     */
    async create(input: Record<string, unknown>, { id }: { id?: string } = {}): Promise<I> {
      await ready();
      const now = new Date().toISOString();
      const item = await claimSlug(
        validated({ ...input, id: id ?? crypto.randomUUID(), createdAt: now, updatedAt: now }),
        new Set(),
      );
      // The record first: until its row exists, nothing lists it.
      let rec: Live = { rev: 1, item };
      const made = await createJSON(store(), recordKey(item.id), recordSchema, rec);
      if (!made) {
        const found = id === undefined ? null : await readRecord(id);
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
      await commitRow(rec, made ? 'new' : (rec.place ?? null), (view) =>
        view.keyAt(Math.min(asked ?? (opts.newFirst ? 0 : view.total), view.total)),
      );
      await purge();
      return rec.item;
    },
    /**
     * Merges changed fields into one item. With `expected`, a field whose stored value differs
     * from what the editor started from is a 409 carrying the current values. A sent `order`
     * moves the item to that place.
     */
    async update(
      id: string,
      patch: Record<string, unknown>,
      expected?: Record<string, unknown>,
    ): Promise<{ before: I; after: I }> {
      const { order, ...fields } = patch;
      await ready();
      let before: I | undefined;
      const rec = await rewrite(id, (stored) => {
        before = stored;
        assertExpected(stored as Record<string, unknown>, expected);
        const merged = validated(
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
        return claimSlug(merged, slugsOf(stored));
      });
      await commitRow(rec, rec.place ?? null, null);
      if (typeof order === 'number') await moveRow(id, async () => order);
      else await purge();
      return { before: before!, after: rec.item };
    },
    /** Deletes one item and answers it; 404 when unknown. A retried delete finishes one that died half-way. */
    async remove(id: string): Promise<I> {
      await ready();
      const found = await readRecord(id);
      const stored = found?.value.item as I | undefined;
      const near = found?.value.place ?? null;
      const place = (await index.find(id, near))?.position ?? -1;
      if (!found || !stored) {
        // Gone already. A row left without its record cannot come from these steps; drop one if seen.
        if (place >= 0) await dropRow(id, near);
        throw new HttpError(404, 'Item not found');
      }
      // Answered with its place, which a restore puts it back at.
      const removed = place < 0 ? stored : { ...stored, order: place };
      const gone = () => {
        throw new HttpError(404, 'Item not found');
      };
      // 1. Mark it deleted: reads and the build stop showing it at once.
      if (!found.value.deleted)
        await updateJSON(store(), recordKey(id), recordSchema, gone, (rec) => ({
          ...rec,
          rev: rec.rev + 1,
          deleted: true,
        }));
      // 2. Its row: lists stop showing it.
      await dropRow(id, near);
      // 3. The record itself, down to the bare mark.
      await updateJSON(store(), recordKey(id), recordSchema, gone, (rec) => ({
        rev: rec.rev + 1,
        deleted: true,
      }));
      await purge();
      return removed;
    },
    /** Puts a deleted item back with its old id and data (restore from history); 409 if the id is in use. */
    async reinsert(value: unknown): Promise<I> {
      const parsed = itemSchema.safeParse(value);
      if (!parsed.success)
        throw new HttpError(
          409,
          'The old version no longer fits the current rules and cannot be restored',
        );
      const old = parsed.data as I;
      await ready();
      const found = await readRecord(old.id);
      if ((await index.find(old.id, null)) || (found && !found.value.deleted))
        throw new HttpError(409, 'This item exists again and cannot be re-created');
      // Its slug as any new one; of its earlier slugs, those no other record took since.
      const slugged = await claimSlug({ ...old, updatedAt: new Date().toISOString() }, new Set());
      const kept: string[] = [];
      for (const s of slugged.previousSlugs) if (await claims.claim(old.id, s)) kept.push(s);
      const item = { ...slugged, previousSlugs: kept } as I;
      const rec = { rev: (found?.value.rev ?? 0) + 1, item };
      const written = found
        ? await updateJSON(
            store(),
            recordKey(old.id),
            recordSchema,
            () => rec,
            (now) => {
              if (!now.deleted) throw new HttpError(409, 'This item exists again');
              return { rev: now.rev + 1, item };
            },
          )
        : (await createJSON(store(), recordKey(old.id), recordSchema, rec))
          ? rec
          : null;
      if (!written) throw new HttpError(409, 'This item exists again and cannot be re-created');
      // Back at its old place where it still exists.
      await commitRow({ rev: written.rev, item }, null, (view) =>
        view.keyAt(Math.min(old.order ?? 0, view.total)),
      );
      await purge();
      return item;
    },
    /** Moves one item: first, or just before or after another. Only its row changes. */
    async move(id: string, to: MoveTo) {
      const other = to === 'top' ? null : 'before' in to ? to.before : to.after;
      if (other === id) throw new HttpError(400, 'An item cannot move next to itself');
      // Where the other item's row is, as its record last saw it: found without a search.
      const near = other === null ? null : ((await readRecord(other))?.value.place ?? null);
      return moveRow(id, async (view) => {
        if (other === null) return 0;
        const at = await view.positionOf(other, near);
        if (at === null)
          throw new HttpError(404, 'The item to move next to was not found', {
            [to === 'top' || 'before' in to ? 'before' : 'after']: 'No such item',
          });
        // Its place among the others, the moved row left out.
        const among = at > view.from ? at - 1 : at;
        return to !== 'top' && 'after' in to ? among + 1 : among;
      });
    },
    /** Sets the whole order from a list of ids (every id exactly once): new keys, index only. */
    async reorder(ids: string[]): Promise<{ before: string[]; after: Row[] }> {
      if (!(await index.exists())) await rows();
      let before: string[] = [];
      let after: Row[] = [];
      await index.change((all) => {
        assertWholeOrder(ids, new Set(all.map((r) => r.id)));
        before = all.map((r) => r.id);
        const keys = keysInOrder(ids.length);
        const byId = new Map(all.map((r) => [r.id, r]));
        after = ids.map((id, n) => ({ ...byId.get(id)!, orderKey: keys[n]! }));
        return { all: after };
      });
      await purge();
      return { before, after };
    },
    /** Replaces the whole collection (seeding): records first, then the index, then old keys go. */
    async replaceAll(items: z.input<S>[]): Promise<void> {
      const old = await rows();
      const parsed = assignSlugs(items.map((i) => itemSchema.parse(i)) as I[]).sort(byOrder) as I[];
      const keys = keysInOrder(parsed.length);
      const revs: number[] = [];
      await forEachLimited(parsed, 16, async (item, n) => {
        const place = keys[n]!;
        const rec = await updateJSON(
          store(),
          recordKey(item.id),
          recordSchema,
          () => ({ rev: 1, item, place }),
          (now) => ({ rev: now.rev + 1, item, place }),
        );
        revs[n] = rec.rev;
      });
      const next = parsed.map((item, n) => rowOf(item, keys[n]!, revs[n]!));
      await index.change(() => ({ all: next }));
      // Who holds which slug is made again from the new rows when next needed.
      await claims.reset();
      const kept = new Set(parsed.map((i) => i.id));
      await forEachLimited(
        old.filter((r) => !kept.has(r.id)),
        16,
        (r) =>
          updateJSON(
            store(),
            recordKey(r.id),
            recordSchema,
            () => ({ rev: 1, deleted: true }),
            (rec) => ({
              rev: rec.rev + 1,
              deleted: true,
            }),
          ),
      );
      await purge();
    },
  };
}

/** One collection kept one key per record. */
export type KeyedCollection = ReturnType<typeof keyedCollection<z.ZodType<Item>>>;
