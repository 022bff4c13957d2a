import type { Store } from '@netlify/blobs';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { StorageError } from '../http/errors';
import { timeOfInverted } from './keys';
import {
  blobCall,
  createJSON,
  deleteKey,
  forgetWithParsedCopies,
  readJSON,
  readJSONShared,
  updateJSON,
} from './store';

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
 */

export interface LogIndexOptions<Row> {
  /** Named in errors. */
  what: string;
  /** Where the snapshot lives, and its key. */
  snapshotStore: () => Store;
  snapshotKey: string;
  row: z.ZodType<Row>;
  idOf: (row: Row) => string;
  /** The row's time (ISO): what `order` sorts by first, newest first, and what its tail key carries. */
  timeOf: (row: Row) => string;
  /** Newest first by `timeOf`, then anything that makes it total. */
  order: (a: Row, b: Row) => number;
  /** What a row counts as in the head's tallies (undefined: nothing), so counts read no chunk. */
  tally?: (row: Row) => string | undefined;
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

/** A row's place in an index's order, as an export keeps it: its time and its tie-break. */
export interface RowPosition {
  time: string;
  key: string;
}

/** A row read for an export, with the position an export that wrote it carries on from. */
export interface Placed<T> {
  row: T;
  position: RowPosition;
}

/** The span of row times a change touches (ISO, inclusive); rows outside it are not read. */
export interface TimeWindow {
  oldest: string;
  newest: string;
}

/** How many rows an index holds, and how many of each tally. */
export interface Counts {
  total: number;
  tally: Record<string, number>;
}

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

export const dayOf = (iso: string) => iso.slice(0, 10);

/** A tail key is written at most this long after the time it carries (functions time out well before). */
const GRACE_MS = 5 * 60_000;
/** A watermark older than this is moved on even when nothing new came, to keep listings short. */
const STALE_MS = 60 * 60_000;
/** A chunk no head names any more is kept this long (longer than any function runs) for readers of an older head. */
const RETIRED_MS = 20 * 60_000;
/** Chunk sizes (bytes of JSON): a chunk may end once it has MIN_BYTES, and always ends at MAX_BYTES. */
const MIN_BYTES = 64 * 1024;
const MAX_BYTES = 512 * 1024;
/** Past MIN_BYTES, a chunk ends after a row whose id hashes to 0 modulo this (about this many rows more). */
const CUT_EVERY = 256;
/** Chunks a warm instance keeps parsed. */
const KEPT_CHUNKS = 400;

/** The time a tail key carries: its 13-digit inverted milliseconds after the day folder. */
export function timeOfTailKey(key: string): number {
  const inverted = key.slice(key.lastIndexOf('/') + 1, key.lastIndexOf('/') + 14);
  return timeOfInverted(inverted);
}
/** Milliseconds of a watermark: an ISO time, or a day (first layout of the index) meaning its start. */
const msOf = (watermark: string) =>
  Date.parse(watermark.length === 10 ? `${watermark}T00:00:00.000Z` : watermark);

/** FNV-1a of a string: where chunks end depends on the rows alone, not on where a change began. */
function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const chunkRefSchema = z.object({
  key: z.string(),
  hash: z.string(),
  count: z.number().int(),
  newest: z.string(),
  oldest: z.string(),
  tally: z.record(z.string(), z.number().int()).optional(),
});
type ChunkRef = z.infer<typeof chunkRefSchema>;

/** The parsed rows of chunks this instance read (chunks never change), oldest read first out. */
const chunkCopies = new Map<string, unknown[]>();
forgetWithParsedCopies(() => chunkCopies.clear());
/** Every row of a head, joined once per parsed head (heads are shared while unchanged, see store.ts). */
const joinedRows = new WeakMap<object, readonly unknown[]>();

export function logIndex<Row>(o: LogIndexOptions<Row>): LogIndex<Row> {
  const headSchema = z.object({
    watermark: z.string(),
    swept: z.boolean().optional(),
    chunks: z.array(chunkRefSchema).optional(),
    retired: z.array(z.object({ key: z.string(), at: z.string() })).optional(),
    // The earlier layout: every row in this one document.
    items: z.array(o.row).optional(),
  });
  type Head = {
    watermark: string;
    swept?: boolean;
    chunks?: ChunkRef[];
    retired?: { key: string; at: string }[];
    items?: Row[];
  };
  const chunkSchema = z.object({ items: z.array(o.row) });
  // Beside the head, not under it: a file-backed store cannot hold a key and keys below it.
  const chunkPrefix = `${o.snapshotKey}-chunks/`;
  const needsSweep = (head: Head) => o.orphans !== undefined && !head.swept;

  /** The head as stored now (a warm function reuses its parsed copy while it is unchanged). */
  const current = async () =>
    (await readJSONShared(o.snapshotStore(), o.snapshotKey, headSchema)) as Head | null;

  async function readChunk(ref: ChunkRef): Promise<readonly Row[]> {
    const known = chunkCopies.get(ref.key);
    if (known) return known as Row[];
    const found = await readJSON(o.snapshotStore(), ref.key, chunkSchema);
    if (!found) throw new StorageError(`A part of the ${o.what} index is missing (${ref.key})`);
    chunkCopies.set(ref.key, found.value.items);
    if (chunkCopies.size > KEPT_CHUNKS) chunkCopies.delete(chunkCopies.keys().next().value!);
    return found.value.items;
  }

  /** The head's chunks, or one stand-in chunk for a head of the earlier layout. */
  const refsOf = (head: Head): (ChunkRef | { items: Row[] })[] =>
    head.chunks ?? [{ items: head.items ?? [] }];
  const rowsOfRef = (ref: ChunkRef | { items: Row[] }) =>
    'key' in ref ? readChunk(ref) : Promise.resolve(ref.items);

  /** Splits rows (newest first) into chunks; reuses the keys of `old` chunks with the same rows. */
  function split(
    rows: Row[],
    old: ChunkRef[],
  ): { refs: ChunkRef[]; fresh: { key: string; items: Row[] }[] } {
    const byHash = new Map(old.map((r) => [r.hash, r]));
    const refs: ChunkRef[] = [];
    const fresh: { key: string; items: Row[] }[] = [];
    let start = 0;
    let bytes = 0;
    const close = (end: number) => {
      const items = rows.slice(start, end);
      start = end;
      bytes = 0;
      const json = JSON.stringify(items);
      const hash = createHash('sha256').update(json).digest('hex').slice(0, 32);
      const reused = byHash.get(hash);
      if (reused) return void refs.push(reused);
      const tally: Record<string, number> = {};
      if (o.tally)
        for (const row of items) {
          const t = o.tally(row);
          if (t !== undefined) tally[t] = (tally[t] ?? 0) + 1;
        }
      const key = `${chunkPrefix}${crypto.randomUUID()}`;
      fresh.push({ key, items });
      refs.push({
        key,
        hash,
        count: items.length,
        newest: o.timeOf(items[0]!),
        oldest: o.timeOf(items[items.length - 1]!),
        ...(o.tally && { tally }),
      });
    };
    for (let i = 0; i < rows.length; i++) {
      bytes += JSON.stringify(rows[i]).length + 1;
      if (
        bytes >= MAX_BYTES ||
        (bytes >= MIN_BYTES && fnv(o.idOf(rows[i]!)) % CUT_EVERY === 0) ||
        i === rows.length - 1
      )
        close(i + 1);
    }
    return { refs, fresh };
  }

  async function writeChunks(fresh: { key: string; items: Row[] }[]): Promise<void> {
    for (const c of fresh) {
      await createJSON(o.snapshotStore(), c.key, chunkSchema, { items: c.items });
      chunkCopies.set(c.key, c.items);
    }
  }
  async function deleteChunks(keys: string[]): Promise<void> {
    for (const key of keys) {
      chunkCopies.delete(key);
      await deleteKey(o.snapshotStore(), key);
    }
  }

  /** Builds the snapshot from a full scan, once, for a store the index has not seen. */
  async function ensure(): Promise<Head> {
    const have = await current();
    if (have) return have;
    // Tail keys written during the scan are stamped after it began, so they stay listed.
    const began = new Date().toISOString();
    const items = (await o.scan()).sort(o.order);
    const { refs, fresh } = split(items, []);
    await writeChunks(fresh);
    const created = await createJSON(o.snapshotStore(), o.snapshotKey, headSchema, {
      watermark: began,
      chunks: refs,
      ...(o.orphans && { swept: true }),
    });
    // Another reader built it first: its chunks are the ones named.
    if (!created) await deleteChunks(fresh.map((c) => c.key));
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

  /** The ids of rows stamped at or after `since` (ISO): from the newest chunks only. */
  async function idsSince(head: Head, since: string): Promise<Set<string>> {
    const ids = new Set<string>();
    for (const ref of refsOf(head)) {
      for (const row of await rowsOfRef(ref)) ids.add(o.idOf(row));
      if ('key' in ref && ref.oldest < since) break;
    }
    return ids;
  }

  /** Rows for tail keys new since the watermark; the new watermark is when the listing began. */
  async function fold(head: Head): Promise<{ added: Row[]; watermark: string; changed: boolean }> {
    const began = Date.now();
    const since = msOf(head.watermark) - GRACE_MS;
    const keys = await tail(since);
    const watermark = new Date(began).toISOString();
    if (keys.length === 0)
      return {
        added: [],
        watermark,
        changed: needsSweep(head) || !head.chunks || began - msOf(head.watermark) > STALE_MS,
      };
    const ids = await idsSince(head, new Date(since).toISOString());
    // One key per id: two signups of one address racing each other can each leave a tail key.
    const fresh = [
      ...new Map(
        keys.filter((k) => !ids.has(o.idOfTailKey(k))).map((k) => [o.idOfTailKey(k), k]),
      ).values(),
    ];
    const added = fresh.length
      ? (await o.rowsOfTailKeys(fresh)).filter((r) => !ids.has(o.idOf(r)))
      : [];
    return {
      added,
      watermark,
      changed:
        added.length > 0 ||
        needsSweep(head) ||
        !head.chunks ||
        began - msOf(head.watermark) > STALE_MS,
    };
  }

  /** The span of times `rows` cover, widened by `window`. */
  const spanOf = (rows: Row[], window: TimeWindow | undefined): TimeWindow | undefined => {
    if (!window) return undefined;
    let { oldest, newest } = window;
    for (const r of rows) {
      const t = o.timeOf(r);
      if (t < oldest) oldest = t;
      if (t > newest) newest = t;
    }
    return { oldest, newest };
  };

  async function update(
    mutate: (rows: Row[]) => Row[] | Promise<Row[]>,
    window?: TimeWindow,
  ): Promise<void> {
    await ensure();
    // Per try of the guarded write: the chunks it wrote, and the retired ones its head lets go.
    const attempts: { written: string[]; due: string[] }[] = [];
    try {
      await updateJSON(
        o.snapshotStore(),
        o.snapshotKey,
        headSchema,
        () => {
          throw new StorageError(`The ${o.what} index disappeared during an update`);
        },
        async (stored) => {
          const head = stored as Head;
          const attempt = { written: [] as string[], due: [] as string[] };
          attempts.push(attempt);
          const { added, watermark } = await fold(head);
          const found = needsSweep(head) ? await o.orphans!(new Set((await all(head)).ids)) : [];
          const span = found.length || !head.chunks ? undefined : spanOf(added, window);
          // The chunks before the span (all newer), in it, and after it (all older).
          const refs = head.chunks ?? [];
          const before = span && refs.filter((r) => r.oldest > span.newest);
          const after = span && refs.filter((r) => r.newest < span.oldest);
          const middle = span
            ? refs.slice(before!.length, refs.length - after!.length)
            : (head.chunks ?? []);
          const rows: Row[] = [];
          for (const ref of head.chunks ? middle : refsOf(head))
            rows.push(...(await rowsOfRef(ref)));
          const known = new Set(rows.map(o.idOf));
          const next = (
            await mutate([...rows, ...added.filter((r) => !known.has(o.idOf(r))), ...found])
          ).sort(o.order);
          // Rows stay between the chunks before and after: a change must keep to its window.
          const upper = before?.at(-1)?.oldest;
          const lower = after?.[0]?.newest;
          if (
            next.some(
              (r) =>
                (upper !== undefined && o.timeOf(r) > upper) ||
                (lower !== undefined && o.timeOf(r) < lower),
            )
          )
            throw new Error(`A change to the ${o.what} index went outside the times it named`);
          const { refs: made, fresh } = split(next, middle);
          await writeChunks(fresh);
          attempt.written = fresh.map((c) => c.key);
          const kept = new Set(made.map((r) => r.key));
          const dropped = middle.filter((r) => !kept.has(r.key)).map((r) => r.key);
          const now = Date.now();
          const retired = [
            ...(head.retired ?? []),
            ...dropped.map((key) => ({ key, at: new Date(now).toISOString() })),
          ];
          attempt.due = retired
            .filter((r) => now - Date.parse(r.at) >= RETIRED_MS)
            .map((r) => r.key);
          return {
            watermark,
            ...(o.orphans && { swept: true }),
            chunks: [...(before ?? []), ...made, ...(after ?? [])],
            retired: retired.filter((r) => now - Date.parse(r.at) < RETIRED_MS),
          };
        },
      );
    } catch (error) {
      await deleteChunks(attempts.flatMap((a) => a.written)).catch(() => {});
      throw error;
    }
    // Chunks of attempts whose head write lost were never named; chunks retired long enough are
    // named by no head a running reader can hold.
    const landed = attempts.pop()!;
    await deleteChunks([...attempts.flatMap((a) => a.written), ...landed.due]);
  }

  forgetWithParsedCopies(() => chunkCopies.clear());
  /** Every row of a head, joined once per parsed head. */
  async function all(head: Head): Promise<{ rows: readonly Row[]; ids: string[] }> {
    let rows = joinedRows.get(head) as readonly Row[] | undefined;
    if (!rows) {
      const parts: Row[] = [];
      for (const ref of refsOf(head)) parts.push(...(await rowsOfRef(ref)));
      joinedRows.set(head, (rows = parts));
    }
    return { rows, ids: rows.map(o.idOf) };
  }

  /** The head, with anything new folded in (written, so later readers skip it). */
  async function fresh(): Promise<Head> {
    const head = await ensure();
    if (!(await fold(head)).changed) return head;
    await update((items) => items, { oldest: head.watermark, newest: head.watermark });
    return (await current()) ?? head;
  }

  async function rows(): Promise<readonly Row[]> {
    return (await all(await fresh())).rows;
  }

  async function* batches(after?: Row): AsyncGenerator<readonly Row[]> {
    for (const ref of refsOf(await fresh())) {
      if (!after) {
        yield await rowsOfRef(ref);
        continue;
      }
      // Newer than `after` throughout (rows of its own time may sort either side of it).
      if ('key' in ref && ref.oldest > o.timeOf(after)) continue;
      yield (await rowsOfRef(ref)).filter((row) => o.order(row, after) > 0);
    }
  }

  async function find(
    keep: (row: Row) => boolean,
    skip: number,
    take: number,
    window?: TimeWindow,
  ): Promise<{ rows: Row[]; counts: Counts }> {
    const head = await fresh();
    const out: Row[] = [];
    let seen = 0;
    for (const ref of refsOf(head)) {
      if (out.length >= take) break;
      if (window && 'key' in ref && (ref.oldest > window.newest || ref.newest < window.oldest))
        continue;
      for (const row of await rowsOfRef(ref)) {
        if (!keep(row)) continue;
        if (seen++ >= skip) out.push(row);
        if (out.length >= take) break;
      }
    }
    return { rows: out, counts: countsOf(head) };
  }

  function countsOf(head: Head): Counts {
    const tally: Record<string, number> = {};
    const add = (t: string | undefined, n = 1) => {
      if (t !== undefined) tally[t] = (tally[t] ?? 0) + n;
    };
    if (!head.chunks) {
      for (const row of head.items ?? []) add(o.tally?.(row));
      return { total: head.items?.length ?? 0, tally };
    }
    let total = 0;
    for (const ref of head.chunks) {
      total += ref.count;
      for (const [t, n] of Object.entries(ref.tally ?? {})) add(t, n);
    }
    return { total, tally };
  }

  const counts = async () => countsOf(await fresh());

  async function dropRetired(): Promise<void> {
    if (!(await current())?.retired?.length) return;
    let keys: string[] = [];
    await updateJSON(
      o.snapshotStore(),
      o.snapshotKey,
      headSchema,
      () => {
        throw new StorageError(`The ${o.what} index disappeared during an update`);
      },
      (head) => {
        keys = (head.retired ?? []).map((r) => r.key);
        return { ...head, retired: [] };
      },
    );
    await deleteChunks(keys);
  }

  return { rows, batches, find, counts, update, dropRetired };
}
