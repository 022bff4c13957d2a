import type { Store } from '@netlify/blobs';
import { z } from 'zod';
import { keyBetween } from '../../lib/order-key';
import { StorageError } from '../http/errors';
import { forEachLimited, listKeys } from './records';
import {
  createJSON,
  deleteKey,
  forgetWithParsedCopies,
  readJSON,
  readJSONShared,
  updateJSON,
} from './store';

/*
 * An index of rows kept in order by each row's order key (src/lib/order-key.ts), for a collection
 * that grows (publications, events): one small head document and the rows in chunks.
 *
 * - Each chunk is its own blob, `<head key>-chunks/<time><random>`, holding a run of rows in order,
 *   a few dozen kilobytes at most, and is never changed once written. Chunk n's rows all sort
 *   before chunk n + 1's.
 * - The head names the chunks in order with what each holds: its first order key, how many rows,
 *   how many of each tally (a caller's labels, e.g. scheduled rows) and the times
 *   until which rows count as open (events not ended yet). Counts and the dashboard read the head
 *   alone; a page reads the head and the one or two chunks it falls in.
 * - A change reads the head, writes new chunks for the rows it touches (usually one chunk; two for
 *   a move between chunks), then writes the head, guarded by its etag: the head is the one place a
 *   change lands, so every change is whole or absent, and simultaneous changes are retried on the
 *   fresh head as with one document. A chunk grown past MAX_BYTES is split, one shrunk under
 *   MIN_BYTES joins its neighbour, so the head stays small and a change writes a bounded amount.
 * - The chunks a landed head no longer names are deleted after it landed; chunks written by a try
 *   that lost the etag race, or by one that failed, are deleted too. A process dying in between
 *   only leaves unnamed chunks behind, which nothing reads, and `sweep` (hourly) deletes once
 *   they are old enough that no change in flight can still name them.
 * - A reader that finds a named chunk gone read a head that has since been replaced: it reads the
 *   head again and starts over.
 * - A warm instance keeps the chunks it read (they never change) and the head (asked for with its
 *   etag), so a warm read of every row costs one round trip.
 * - The earlier layout, every row in the head (`{ rows }`), is read as it is, and the first change
 *   splits it into chunks in the same guarded write: no step anyone runs, and a build (which may
 *   only read) reads either layout.
 */

/** What every row of an ordered index has. */
export interface OrderedRow {
  id: string;
  orderKey: string;
}

export interface OrderedIndexOptions<Row extends OrderedRow> {
  /** Named in errors. */
  what: string;
  store: () => Store;
  /** The head's key; chunks live beside it under `<key>-chunks/`. */
  key: string;
  row: z.ZodType<Row, Row>;
  /** The labels a row counts under in its chunk's tally (so counts read no chunk). */
  tally?: (row: Row) => string[];
  /**
   * The time (ms) until which a row counts as open, or NaN for always; rows without such a time
   * are not tracked. Only times still ahead when a chunk is written are kept in the head.
   */
  openUntil?: (row: Row) => number | null;
  /**
   * The time (ms) until which a row is hidden from visitors, NaN for always, null when it is
   * shown. The head keeps, per chunk, how many rows are hidden and until when, so a page of the
   * shown rows reads only the chunks it falls in (see `shown`).
   */
  hiddenUntil?: (row: Row) => number | null;
}

/** A change: rows to put (new, or replacing the row of their id, wherever it was) and ids to drop. */
export type Edit<Row> = { put?: Row[]; drop?: string[] } | { all: Row[] };

/** Chunk sizes (bytes of JSON): split past MAX, joined to a neighbour under MIN, filled to FILL. */
const MAX_BYTES = 40 * 1024;
const MIN_BYTES = 8 * 1024;
const FILL_BYTES = 28 * 1024;
/** Chunks a warm instance keeps parsed (the chunks of both collections at 10,000 rows fit). */
const KEPT_CHUNKS = 1000;

const chunkRefSchema = z.object({
  id: z.string(),
  first: z.string(),
  count: z.number().int().min(1),
  tally: z.record(z.string(), z.number().int()).optional(),
  /** Open-until times (ms) still ahead when the chunk was written. */
  until: z.array(z.number()).optional(),
  /** Rows open for ever (no end time). */
  always: z.number().int().optional(),
  /** Hidden-until times (ms) still ahead when the chunk was written (hiddenUntil). */
  hidden: z.array(z.number()).optional(),
  /** Rows hidden for ever (drafts). */
  hiddenAlways: z.number().int().optional(),
});
export type ChunkRef = z.infer<typeof chunkRefSchema>;

/** Thrown when a head names a chunk that is gone: that head was replaced meanwhile. */
class StaleHead {}
/** Thrown inside a guarded write when there is nothing to change, so nothing is written. */
class Unchanged {}

/** Parsed chunks by key (they never change), oldest read first out. */
const chunkCopies = new Map<string, { rows: readonly OrderedRow[]; ids: Set<string> }>();
forgetWithParsedCopies(() => chunkCopies.clear());
/** Every row of a head, joined once per parsed head (heads are shared while unchanged). */
const joined = new WeakMap<object, readonly OrderedRow[]>();

const bytesOf = (rows: readonly unknown[]) => JSON.stringify(rows).length;
/**
 * A chunk id: when it was written (milliseconds, 9 base-36 digits, so the sweep can tell an
 * abandoned chunk from one a change is about to name) and 8 random hex digits.
 */
const newChunkId = (now = Date.now()) =>
  `${now.toString(36).padStart(9, '0')}${crypto.randomUUID().slice(0, 8)}`;
const timeOfChunkId = (id: string) => parseInt(id.slice(0, 9), 36);
/**
 * An unnamed chunk older than this was written by a change that failed or died: no change takes
 * this long between writing its chunks and its head (a function runs 15 minutes at most).
 */
const ABANDONED_MS = 30 * 60_000;

export function orderedIndex<Row extends OrderedRow>(o: OrderedIndexOptions<Row>) {
  const headSchema = z.object({
    chunks: z.array(chunkRefSchema).optional(),
    // The earlier layout: every row in the head.
    rows: z.array(o.row).optional(),
  });
  type Head = { chunks?: ChunkRef[]; rows?: Row[] };
  const chunkSchema = z.object({ rows: z.array(o.row) });
  const chunkKey = (id: string) => `${o.key}-chunks/${id}`;

  async function readChunk(ref: ChunkRef): Promise<{ rows: readonly Row[]; ids: Set<string> }> {
    const key = chunkKey(ref.id);
    const known = chunkCopies.get(key);
    if (known) return known as { rows: readonly Row[]; ids: Set<string> };
    const found = await readJSON(o.store(), key, chunkSchema);
    if (!found) throw new StaleHead();
    const copy = { rows: found.value.rows, ids: new Set(found.value.rows.map((r) => r.id)) };
    remember(key, copy);
    return copy;
  }
  function remember(key: string, copy: { rows: readonly Row[]; ids: Set<string> }) {
    chunkCopies.set(key, copy);
    if (chunkCopies.size > KEPT_CHUNKS) chunkCopies.delete(chunkCopies.keys().next().value!);
  }

  /** Every row of a head, in order (reads the chunks not yet kept, a few at a time). */
  async function rowsOf(head: Head): Promise<readonly Row[]> {
    if (!head.chunks) return head.rows ?? [];
    const known = joined.get(head);
    if (known) return known as readonly Row[];
    const parts: (readonly Row[])[] = [];
    await forEachLimited(head.chunks, 16, async (ref, n) => {
      parts[n] = (await readChunk(ref)).rows;
    });
    const rows = parts.flat();
    joined.set(head, rows);
    return rows;
  }

  /** The head as stored now, or null when there is none (a warm instance reuses its parsed copy). */
  const current = async () => (await readJSONShared(o.store(), o.key, headSchema)) as Head | null;

  /** Runs `read` on the current head, again on a fresh head while it finds a chunk gone. */
  async function onHead<T>(read: (head: Head | null) => Promise<T>): Promise<T> {
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        return await read(await current());
      } catch (error) {
        if (!(error instanceof StaleHead)) throw error;
      }
    }
    throw new StorageError(`The ${o.what} index keeps changing under its readers; try again`);
  }

  /** A chunk's entry in the head, from its rows. */
  function refOf(id: string, rows: readonly Row[], now: number): ChunkRef {
    const tally: Record<string, number> = {};
    const until: number[] = [];
    let always = 0;
    const hidden: number[] = [];
    let hiddenAlways = 0;
    for (const row of rows) {
      for (const label of o.tally?.(row) ?? []) tally[label] = (tally[label] ?? 0) + 1;
      const end = o.openUntil?.(row);
      if (end !== null && end !== undefined) {
        if (!Number.isFinite(end)) always++;
        else if (end >= now) until.push(end);
      }
      const shownAt = o.hiddenUntil?.(row);
      if (shownAt !== null && shownAt !== undefined) {
        if (!Number.isFinite(shownAt)) hiddenAlways++;
        else if (shownAt > now) hidden.push(shownAt);
      }
    }
    return {
      id,
      first: rows[0]!.orderKey,
      count: rows.length,
      ...(Object.keys(tally).length && { tally }),
      ...(o.openUntil && { until: until.sort((a, b) => a - b), always }),
      ...(o.hiddenUntil && { hidden: hidden.sort((a, b) => a - b), hiddenAlways }),
    };
  }

  /** Whether a chunk's entry says how many of its rows are hidden (entries written before it did not). */
  const knowsHidden = (ref: ChunkRef) => !o.hiddenUntil || ref.hiddenAlways !== undefined;
  /** How many of a chunk's rows are shown at `now`, from its entry alone (knowsHidden). */
  const shownIn = (ref: ChunkRef, now: number) =>
    ref.count - (ref.hiddenAlways ?? 0) - (ref.hidden ?? []).filter((t) => t > now).length;
  const isShown = (row: Row, now: number) => {
    const at = o.hiddenUntil?.(row);
    return at === null || at === undefined || (Number.isFinite(at) && at <= now);
  };

  /** Rows (in order) cut into runs of about FILL_BYTES. */
  function cut(rows: readonly Row[], fill = FILL_BYTES): Row[][] {
    const out: Row[][] = [];
    let run: Row[] = [];
    let bytes = 0;
    for (const row of rows) {
      const size = JSON.stringify(row).length + 1;
      if (run.length && bytes + size > fill) {
        out.push(run);
        run = [];
        bytes = 0;
      }
      run.push(row);
      bytes += size;
    }
    if (run.length) out.push(run);
    return out;
  }

  /** Where a row with this order key belongs: the last chunk starting at or before it. */
  function chunkFor(refs: readonly ChunkRef[], orderKey: string): number {
    let at = 0;
    for (let n = 1; n < refs.length; n++) if (refs[n]!.first <= orderKey) at = n;
    return at;
  }

  /**
   * The head after an edit: the chunks it touches rebuilt (split or joined as their size asks),
   * the others named as they were. `fresh` collects the chunks to write.
   */
  async function edited(
    head: Head,
    edit: Edit<Row>,
    fresh: { key: string; rows: Row[] }[],
    /** Chunks already known to hold (or, -1, known not to hold) an id: those are not searched. */
    known: ReadonlyMap<string, number> = new Map(),
  ): Promise<ChunkRef[]> {
    const now = Date.now();
    const make = (rows: Row[]) => {
      const id = newChunkId();
      fresh.push({ key: chunkKey(id), rows });
      return refOf(id, rows, now);
    };
    if ('all' in edit || !head.chunks) {
      const all = 'all' in edit ? [...edit.all].sort(byKey) : applied(await rowsOf(head), edit);
      return cut(all).map(make);
    }
    const refs = head.chunks;
    // The rows of each chunk the edit touches, changed.
    const touched = new Map<number, Row[]>();
    const rowsAt = async (n: number) => touched.get(n) ?? [...(await readChunk(refs[n]!)).rows];
    const put = edit.put ?? [];
    const gone = new Set([...(edit.drop ?? []), ...put.map((r) => r.id)]);
    // The ids still to find: each is in one chunk at most, so the search stops once all are found.
    const sought = new Set([...gone].filter((id) => !known.has(id)));
    const holding = new Set([...known.values()].filter((n) => n >= 0));
    for (let n = 0; n < refs.length; n++) {
      if (!holding.has(n)) {
        if (!sought.size) continue;
        const { ids } = await readChunk(refs[n]!);
        const here = [...sought].filter((id) => ids.has(id));
        if (!here.length) continue;
        for (const id of here) sought.delete(id);
      }
      touched.set(
        n,
        (await rowsAt(n)).filter((r) => !gone.has(r.id)),
      );
    }
    for (const row of put) {
      const n = refs.length ? chunkFor(refs, row.orderKey) : -1;
      if (n < 0) return cut(put.slice().sort(byKey)).map(make);
      touched.set(n, [...(await rowsAt(n)), row].sort(byKey));
    }
    // Rebuilt chunks, each joined to its next neighbour (else its previous) while it is small.
    const parts: (ChunkRef | Row[])[] = refs.map((ref, n) => touched.get(n) ?? ref);
    for (let n = 0; n < parts.length; n++) {
      const part = parts[n]!;
      if (Array.isArray(part) && !part.length) {
        parts.splice(n--, 1);
        continue;
      }
      if (!Array.isArray(part) || parts.length === 1 || bytesOf(part) >= MIN_BYTES) continue;
      const m = n + 1 < parts.length ? n + 1 : n - 1;
      const other = parts[m]!;
      const otherRows = Array.isArray(other) ? other : [...(await readChunk(other)).rows];
      const both = m > n ? [...part, ...otherRows] : [...otherRows, ...part];
      parts.splice(Math.min(n, m), 2, both);
      n = Math.min(n, m) - 1;
    }
    return parts.flatMap((part) => {
      if (!Array.isArray(part)) return [part];
      return bytesOf(part) > MAX_BYTES ? cut(part).map(make) : [make(part)];
    });
  }

  /**
   * Changes the index in one etag-guarded write of its head. `plan` gets the head as stored and
   * answers the edit (null: nothing to change), with the chunks it already knows hold (or do not
   * hold) the ids it touches; it may throw to refuse, and is called again on a fresh head when
   * another change landed first. Chunk entries written before the head counted hidden rows are
   * completed in the same write, so that one change brings an older head up to date.
   */
  async function guarded(
    plan: (head: Head) => Promise<{ edit: Edit<Row>; known?: Map<string, number> } | null>,
  ): Promise<void> {
    for (let attempt = 0; attempt < 10; attempt++) {
      // Per try of the guarded write: the chunks it wrote and those its head stops naming.
      const tries: { written: string[]; dropped: string[] }[] = [];
      try {
        await updateJSON(
          o.store(),
          o.key,
          headSchema,
          () => ({ chunks: [] }),
          async (stored) => {
            const head = stored as Head;
            const tried = { written: [] as string[], dropped: [] as string[] };
            tries.push(tried);
            const planned = await plan(head);
            if (!planned) throw new Unchanged();
            const fresh: { key: string; rows: Row[] }[] = [];
            const chunks = await completed(await edited(head, planned.edit, fresh, planned.known));
            for (const c of fresh) {
              tried.written.push(c.key);
              if (!(await createJSON(o.store(), c.key, chunkSchema, { rows: c.rows })))
                throw new StorageError(`A new part of the ${o.what} index was already taken`);
              remember(c.key, { rows: c.rows, ids: new Set(c.rows.map((r) => r.id)) });
            }
            const kept = new Set(chunks.map((c) => c.id));
            tried.dropped = (head.chunks ?? []).filter((c) => !kept.has(c.id)).map((c) => c.id);
            return { chunks };
          },
        );
      } catch (error) {
        await dropChunks(tries.flatMap((t) => t.written)).catch(() => {});
        if (error instanceof Unchanged) return;
        if (error instanceof StaleHead) continue;
        throw error;
      }
      // The landed try's chunks are named; the others' never were, and its dropped ones no more.
      const landed = tries.pop()!;
      await dropChunks([...tries.flatMap((t) => t.written), ...landed.dropped.map(chunkKey)]);
      return;
    }
    throw new StorageError(`The ${o.what} index keeps changing under its writers; try again`);
  }

  /** Chunk entries that do not count hidden rows yet, counted from their (unchanged) chunks. */
  async function completed(chunks: ChunkRef[]): Promise<ChunkRef[]> {
    const now = Date.now();
    const out: ChunkRef[] = [];
    await forEachLimited(chunks, 16, async (ref, n) => {
      out[n] = knowsHidden(ref) ? ref : refOf(ref.id, (await readChunk(ref)).rows, now);
    });
    return out;
  }

  /**
   * Changes the index in one etag-guarded write of its head. `decide` gets every row in order
   * and answers the edit (null: nothing to change); it may throw to refuse, and may be called
   * again on fresh rows when another change landed first. Reads every chunk: for changes of
   * the whole order; one row's change is `changeOne`.
   */
  const change = (
    decide: (rows: readonly Row[]) => Edit<Row> | null | Promise<Edit<Row> | null>,
  ): Promise<void> =>
    guarded(async (head) => {
      const edit = await decide(await rowsOf(head));
      return edit && { edit };
    });

  /** Where the row of `id` is in a head: its chunk (-1 in the earlier layout), place and row. */
  async function locate(
    head: Head,
    id: string,
    near: string | null | 'new',
  ): Promise<{ n: number; position: number; row: Row } | null> {
    if (!head.chunks) {
      const rows = head.rows ?? [];
      const at = rows.findIndex((r) => r.id === id);
      return at < 0 ? null : { n: -1, position: at, row: rows[at]! };
    }
    if (near === 'new') return null;
    const refs = head.chunks;
    const startOf = (n: number) => refs.slice(0, n).reduce((sum, r) => sum + r.count, 0);
    if (near !== null && refs.length) {
      const n = chunkFor(refs, near);
      const rows = (await readChunk(refs[n]!)).rows;
      const at = rows.findIndex((r) => r.id === id);
      if (at >= 0) return { n, position: startOf(n) + at, row: rows[at]! };
    }
    // Not where it was last seen (moved since, or never seen): every chunk, once.
    const all = await rowsOf(head);
    const position = all.findIndex((r) => r.id === id);
    if (position < 0) return null;
    let n = 0;
    for (let start = 0; start + refs[n]!.count <= position; n++) start += refs[n]!.count;
    return { n, position, row: all[position]! };
  }

  /** Rows `skip` to `skip + take` of a head, in order: reads only their chunks. */
  async function rowsFrom(head: Head, skip: number, take: number): Promise<Row[]> {
    if (!head.chunks) return (head.rows ?? []).slice(skip, skip + take);
    const out: Row[] = [];
    let start = 0;
    for (const ref of head.chunks) {
      const end = start + ref.count;
      if (end > skip && start < skip + take && out.length < take) {
        const rows = (await readChunk(ref)).rows;
        out.push(...rows.slice(Math.max(0, skip - start), skip + take - start));
      }
      start = end;
    }
    return out;
  }
  const totalOf = (head: Head) =>
    head.chunks ? head.chunks.reduce((sum, r) => sum + r.count, 0) : (head.rows ?? []).length;

  /** What a one-row change may ask of the head it is decided on. */
  interface View {
    /** How many rows there are. */
    total: number;
    /** An order key for a new row at `position` (0: first), between its would-be neighbours. */
    keyAt(position: number): Promise<string>;
  }

  /**
   * Changes one row in one etag-guarded write of the head, reading the head and the chunk the row
   * is in, whatever the index holds. `near` is the order key the row was last seen at: its chunk
   * is searched first, and every chunk only when it is not there (moved since); 'new' says the row
   * cannot exist yet (its record was just created). `decide` gets the row (undefined when there is
   * none) and answers the row to put, 'drop', or null for no change; it may be called again.
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
      const known = new Map([[id, found ? found.n : -1]]);
      return { edit: result === 'drop' ? { drop: [id] } : { put: [result] }, known };
    });

  async function dropChunks(keys: string[]): Promise<void> {
    await forEachLimited(keys, 8, async (key) => {
      chunkCopies.delete(key);
      await deleteKey(o.store(), key);
    });
  }

  return {
    /** Whether the index exists (a store never written to has none). */
    exists: async (): Promise<boolean> => (await current()) !== null,
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
     * The rows shown at `now` (hiddenUntil), `skip` to `skip + take` of them in order, each with
     * its place among all rows; how many are shown; and the next time a hidden row is shown (or
     * null). Reads the head and the chunks the page falls in (and any chunk whose entry predates
     * the hidden counts).
     */
    shown: (
      skip: number,
      take: number,
      now: number,
    ): Promise<{
      rows: { row: Row; position: number }[];
      total: number;
      next: number | null;
    } | null> =>
      onHead(async (head) => {
        if (!head) return null;
        const refs: { rows?: readonly Row[]; ref?: ChunkRef }[] = head.chunks
          ? head.chunks.map((ref) => ({ ref }))
          : [{ rows: head.rows ?? [] }];
        const out: { row: Row; position: number }[] = [];
        let total = 0;
        let position = 0;
        let next: number | null = null;
        const later = (t: number) => {
          if (t > now && (next === null || t < next)) next = t;
        };
        for (const part of refs) {
          let rows = part.rows ?? null;
          const known = part.ref && knowsHidden(part.ref);
          if (!known) rows ??= (await readChunk(part.ref!)).rows;
          const count = known
            ? shownIn(part.ref!, now)
            : rows!.filter((r) => isShown(r, now)).length;
          if (known) for (const t of part.ref!.hidden ?? []) later(t);
          else
            for (const row of rows!) {
              const at = o.hiddenUntil?.(row);
              if (at !== null && at !== undefined && Number.isFinite(at)) later(at);
            }
          if (count > 0 && total + count > skip && out.length < take) {
            rows ??= (await readChunk(part.ref!)).rows;
            let seen = total;
            rows.forEach((row, n) => {
              if (!isShown(row, now)) return;
              if (seen >= skip && out.length < take) out.push({ row, position: position + n });
              seen++;
            });
          }
          total += count;
          position += part.ref?.count ?? rows!.length;
        }
        return { rows: out, total, next };
      }),
    /** The rows that count under `label` (reads only the chunks that tally it). */
    counted: (label: string): Promise<Row[]> =>
      onHead(async (head) => {
        if (!head) return [];
        if (!head.chunks) return (head.rows ?? []).filter((r) => o.tally?.(r).includes(label));
        const out: Row[] = [];
        for (const ref of head.chunks)
          if (ref.tally?.[label])
            for (const row of (await readChunk(ref)).rows)
              if (o.tally?.(row).includes(label)) out.push(row);
        return out;
      }),
    /** How many rows are open at `now` (see openUntil), from the head alone. */
    openAt: (now: number): Promise<number> =>
      onHead(async (head) => {
        if (!head) return 0;
        if (!head.chunks)
          return (head.rows ?? []).filter((r) => {
            const end = o.openUntil?.(r);
            return end !== null && end !== undefined && (!Number.isFinite(end) || end >= now);
          }).length;
        let open = 0;
        for (const ref of head.chunks)
          open += (ref.always ?? 0) + (ref.until ?? []).filter((t) => t >= now).length;
        return open;
      }),
    /**
     * Creates the index with these rows (in order) if there is none yet; false when one exists
     * (another writer's, which stands: ours is removed).
     */
    async create(rows: Row[]): Promise<boolean> {
      const now = Date.now();
      const made = cut(rows).map((part) => {
        const id = newChunkId();
        return { key: chunkKey(id), rows: part, ref: refOf(id, part, now) };
      });
      await forEachLimited(made, 8, (c) =>
        createJSON(o.store(), c.key, chunkSchema, { rows: c.rows }),
      );
      const created = await createJSON(o.store(), o.key, headSchema, {
        chunks: made.map((c) => c.ref),
      });
      if (!created) await dropChunks(made.map((c) => c.key));
      return created;
    },
    change,
    changeOne,
    /**
     * Deletes the chunks no head names that were written long enough ago (ABANDONED_MS) that no
     * change still running can name them: what a process dying mid-change left. A chunk the
     * head stops naming is never named again, so one the head did not name when this read it
     * stays unnamed. Answers how many it deleted.
     */
    async sweep(now = Date.now()): Promise<number> {
      const head = await current();
      const named = new Set((head?.chunks ?? []).map((c) => c.id));
      const prefix = chunkKey('');
      const stale = (await listKeys(o.store(), prefix)).filter((key) => {
        const id = key.slice(prefix.length);
        return !named.has(id) && now - timeOfChunkId(id) > ABANDONED_MS;
      });
      await dropChunks(stale);
      return stale.length;
    },
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
