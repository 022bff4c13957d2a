import { StorageError } from '../../http/errors';
import { forEachLimited, listKeys } from '../records';
import { deleteKey, forgetWithParsedCopies, readJSON, readJSONShared } from '../store';
import { ABANDONED_MS, sumOf, timeOfChunkId } from './chunks';
import { inOrder, type IndexContext, type Listing } from './context';
import { groupSchema, type ChunkRef, type Head, type OrderedRow } from './schemas';

/*
 * The head, groups and chunks of an index as stored: read (and kept by a warm instance, as they
 * never change), followed from the head to every row, swept when nothing names them.
 */

/** Chunks and groups a warm instance keeps parsed (those of both collections at 10,000 rows fit). */
const KEPT_PARTS = 1500;

/** Thrown when a head names a chunk or group that is gone: that head was replaced meanwhile. */
export class StaleHead {}

/** Parsed chunks and groups by key (they never change), oldest read first out. */
const partCopies = new Map<string, unknown>();
forgetWithParsedCopies(() => partCopies.clear());
export function remember(key: string, value: unknown) {
  partCopies.set(key, value);
  if (partCopies.size > KEPT_PARTS) partCopies.delete(partCopies.keys().next().value!);
}
/** Every row of a listing of a head, joined once per parsed head (heads are shared while unchanged). */
const joined = new WeakMap<object, Map<string, readonly OrderedRow[]>>();
/** The one group the chunks of a head of the earlier layout (`{ chunks }`) make, per parsed head. */
const inlineGroups = new WeakMap<object, ChunkRef>();
const inlineChunks = new WeakMap<ChunkRef, ChunkRef[]>();

/** A chunk as kept: its rows in order, and their ids. */
export type Chunk<Row> = { rows: readonly Row[]; ids: Set<string> };

export async function readChunk<Row extends OrderedRow>(
  { o, partKey, chunkSchema }: IndexContext<Row>,
  ref: ChunkRef,
): Promise<Chunk<Row>> {
  const key = partKey(ref.id);
  const known = partCopies.get(key);
  if (known) return known as Chunk<Row>;
  const found = await readJSON(o.store(), key, chunkSchema);
  if (!found) throw new StaleHead();
  const copy = { rows: found.value.rows, ids: new Set(found.value.rows.map((r) => r.id)) };
  remember(key, copy);
  return copy;
}
/** The chunk entries a group names, in order. */
export async function openGroup<Row extends OrderedRow>(
  { o, partKey }: IndexContext<Row>,
  ref: ChunkRef,
): Promise<ChunkRef[]> {
  const inline = inlineChunks.get(ref);
  if (inline) return inline;
  const key = partKey(ref.id);
  const known = partCopies.get(key);
  if (known) return known as ChunkRef[];
  const found = await readJSON(o.store(), key, groupSchema);
  if (!found) throw new StaleHead();
  remember(key, found.value.chunks);
  return found.value.chunks;
}

/**
 * A listing's groups in a head, or null when it has none: every row in the head, or a listing
 * not made yet. The chunks a head of the earlier layout names are one group without a document.
 */
export function groupsOf<Row>(head: Head<Row>, L: Listing<Row>): ChunkRef[] | null {
  if (L.name) return head.sorted?.[L.name] ?? null;
  if (head.groups) return head.groups;
  if (!head.chunks) return null;
  if (!head.chunks.length) return [];
  let inline = inlineGroups.get(head);
  if (!inline) {
    inline = sumOf('', head.chunks);
    inlineChunks.set(inline, head.chunks);
    inlineGroups.set(head, inline);
  }
  return [inline];
}
/** Whether a head is of an earlier layout, or lacks a listing: `upgrade` brings it up to date. */
export const isOutdated = <Row extends OrderedRow>(
  { listings }: IndexContext<Row>,
  head: Head<Row>,
) => !head.groups || listings.some((L) => !head.sorted?.[L.name]);

/** Every chunk entry of these groups, in order. */
async function chunkRefsOf<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  groups: readonly ChunkRef[],
): Promise<ChunkRef[]> {
  const parts: ChunkRef[][] = [];
  await forEachLimited(groups, 8, async (g, n) => {
    parts[n] = await openGroup(ix, g);
  });
  return parts.flat();
}

/** Every row of a listing, in order (reads the groups and chunks not yet kept, a few at a time). */
export async function rowsOf<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  head: Head<Row>,
  L: Listing<Row> = ix.main,
): Promise<readonly Row[]> {
  const groups = groupsOf(head, L);
  if (!groups) {
    if (L === ix.main) return head.rows ?? [];
    return (await rowsOf(ix, head)).filter(L.only).sort(inOrder(L));
  }
  let kept = joined.get(head);
  if (!kept) joined.set(head, (kept = new Map()));
  const known = kept.get(L.name);
  if (known) return known as readonly Row[];
  const refs = await chunkRefsOf(ix, groups);
  const parts: (readonly Row[])[] = [];
  await forEachLimited(refs, 16, async (ref, n) => {
    parts[n] = (await readChunk(ix, ref)).rows;
  });
  const rows = parts.flat();
  kept.set(L.name, rows);
  return rows;
}

/** The id of every chunk and group a head names. */
export async function namedIn<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  head: Head<Row>,
): Promise<string[]> {
  const ids: string[] = [];
  for (const L of [ix.main, ...ix.listings]) {
    const groups = groupsOf(head, L) ?? [];
    ids.push(...groups.map((g) => g.id).filter(Boolean));
    ids.push(...(await chunkRefsOf(ix, groups)).map((c) => c.id));
  }
  return ids;
}

/** The head as stored now, or null when there is none (a warm instance reuses its parsed copy). */
export const current = <Row extends OrderedRow>({ o, headSchema }: IndexContext<Row>) =>
  readJSONShared(o.store(), o.key, headSchema);

/** Runs `read` on the current head, again on a fresh head while it finds a chunk gone. */
export async function onHead<Row extends OrderedRow, T>(
  ix: IndexContext<Row>,
  read: (head: Head<Row> | null) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      return await read(await current(ix));
    } catch (error) {
      if (!(error instanceof StaleHead)) throw error;
    }
  }
  throw new StorageError(`The ${ix.o.what} index keeps changing under its readers; try again`);
}

export async function dropParts<Row extends OrderedRow>(
  { o }: IndexContext<Row>,
  keys: string[],
): Promise<void> {
  await forEachLimited(keys, 8, async (key) => {
    partCopies.delete(key);
    await deleteKey(o.store(), key);
  });
}

/**
 * Deletes the parts under the head's key that no head names and that were written more than
 * ABANDONED_MS ago (orderedIndex's `sweep` says why that is safe); answers how many.
 */
export async function sweep<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  now: number,
): Promise<number> {
  const named = new Set(await onHead(ix, async (head) => (head ? namedIn(ix, head) : [])));
  const prefix = ix.partKey('');
  const stale = (await listKeys(ix.o.store(), prefix)).filter((key) => {
    const id = key.slice(prefix.length);
    return !named.has(id) && now - timeOfChunkId(id) > ABANDONED_MS;
  });
  await dropParts(ix, stale);
  return stale.length;
}
