import type { z } from 'zod';
import { forEachLimited } from '../records';
import {
  bytesOf,
  cutBy,
  entryFor,
  FILL_BYTES,
  GROUP_FILL_BYTES,
  GROUP_MAX_BYTES,
  GROUP_MIN_BYTES,
  MAX_BYTES,
  MIN_BYTES,
  newChunkId,
  sumOf,
} from './chunks';
import { inOrder, type IndexContext, type Listing } from './context';
import { knowsHidden, refOf } from './counts';
import { openGroup, readChunk } from './parts';
import { groupSchema, type ChunkRef, type OrderedRow } from './schemas';

/*
 * What a change writes of one listing: the listing built afresh from its rows, or edited by
 * rebuilding only the chunks and groups its rows are in. Nothing is written here: the new parts
 * are gathered in a Work, which the guarded write of the head stores (writes.ts).
 */

/** What a change writes: new chunks and groups, and the ids its head stops naming. */
export interface Work {
  now: number;
  fresh: { key: string; schema: z.ZodType; value: unknown; copy: unknown }[];
  retired: string[];
}
function makeChunk<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  w: Work,
  L: Listing<Row>,
  rows: Row[],
): ChunkRef {
  const id = newChunkId(w.now);
  const copy = { rows, ids: new Set(rows.map((r) => r.id)) };
  w.fresh.push({ key: ix.partKey(id), schema: ix.chunkSchema, value: { rows }, copy });
  return refOf(ix, L, id, rows, w.now);
}
function makeGroup<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  w: Work,
  refs: ChunkRef[],
): ChunkRef {
  const id = newChunkId(w.now);
  w.fresh.push({ key: ix.partKey(id), schema: groupSchema, value: { chunks: refs }, copy: refs });
  return sumOf(id, refs);
}
/** A listing made afresh from rows. */
export function build<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  w: Work,
  L: Listing<Row>,
  rows: readonly Row[],
): ChunkRef[] {
  const chunks = cutBy(rows.filter(L.only).sort(inOrder(L)), FILL_BYTES).map((run) =>
    makeChunk(ix, w, L, run),
  );
  return cutBy(chunks, GROUP_FILL_BYTES).map((run) => makeGroup(ix, w, run));
}

/** Chunk entries that do not count hidden rows yet, counted from their (unchanged) chunks. */
async function completed<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  L: Listing<Row>,
  refs: ChunkRef[],
  now: number,
): Promise<ChunkRef[]> {
  const out: ChunkRef[] = [];
  await forEachLimited(refs, 16, async (ref, n) => {
    out[n] = knowsHidden(ix, ref)
      ? ref
      : refOf(ix, L, ref.id, (await readChunk(ix, ref)).rows, now);
  });
  return out;
}

/**
 * Rebuilt parts (the arrays of their items) among kept ones, in order: each empty one dropped,
 * each under `min` bytes joined to its next neighbour (else its previous) while small, a kept
 * neighbour with the items `itemsOf` gives of it.
 */
async function joinSmall<Kept, Item>(
  parts: (Kept | Item[])[],
  min: number,
  itemsOf: (kept: Kept) => Promise<Item[]>,
): Promise<void> {
  const rebuilt = (part: Kept | Item[]): part is Item[] => Array.isArray(part);
  for (let n = 0; n < parts.length; n++) {
    const part = parts[n]!;
    if (rebuilt(part) && !part.length) {
      parts.splice(n--, 1);
      continue;
    }
    if (!rebuilt(part) || parts.length === 1 || bytesOf(part) >= min) continue;
    const m = n + 1 < parts.length ? n + 1 : n - 1;
    const other = parts[m]!;
    const otherItems = rebuilt(other) ? other : await itemsOf(other);
    parts.splice(Math.min(n, m), 2, m > n ? [...part, ...otherItems] : [...otherItems, ...part]);
    n = Math.min(n, m) - 1;
  }
}

/**
 * A listing's groups after rows are dropped (each found by its key in the listing when given,
 * else searched for) and put: the chunks and groups they touch rebuilt (split or joined as their
 * size asks), the others named as they were. Answers the rows dropped. `regroup` rebuilds
 * every group (a head of the earlier layout, whose one group has no document).
 */
export async function editListing<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  w: Work,
  L: Listing<Row>,
  groups: readonly ChunkRef[],
  drops: { id: string; key?: string }[],
  puts: readonly Row[],
  regroup: boolean,
): Promise<{ groups: ChunkRef[]; removed: Row[] }> {
  if (!groups.length) return { groups: build(ix, w, L, puts), removed: [] };
  const opened = new Map<number, ChunkRef[]>();
  const open = async (g: number) => {
    let refs = opened.get(g);
    if (!refs) opened.set(g, (refs = await openGroup(ix, groups[g]!)));
    return refs;
  };
  // The rows of each chunk the edit touches, changed, by group and chunk.
  const touched = new Map<number, Map<number, Row[]>>();
  const changed = (g: number, n: number) => touched.get(g)?.get(n);
  const rowsAt = async (g: number, n: number) =>
    changed(g, n) ?? [...(await readChunk(ix, (await open(g))[n]!)).rows];
  const set = (g: number, n: number, rows: Row[]) => {
    if (!touched.has(g)) touched.set(g, new Map());
    touched.get(g)!.set(n, rows);
  };
  const holds = async (g: number, n: number, id: string) =>
    changed(g, n)?.some((r) => r.id === id) ??
    (await readChunk(ix, (await open(g))[n]!)).ids.has(id);
  /** Where the row of `id` is: where its key belongs, else (not there) in any chunk. */
  const where = async (id: string, key?: string): Promise<[number, number] | null> => {
    if (key !== undefined) {
      const g = entryFor(groups, key);
      const n = entryFor(await open(g), key);
      if (await holds(g, n, id)) return [g, n];
    }
    for (let g = 0; g < groups.length; g++)
      for (let n = 0; n < (await open(g)).length; n++) if (await holds(g, n, id)) return [g, n];
    return null;
  };
  const removed: Row[] = [];
  for (const { id, key } of drops) {
    const at = await where(id, key);
    if (!at) continue;
    const rows = await rowsAt(...at);
    removed.push(...rows.filter((r) => r.id === id));
    set(
      ...at,
      rows.filter((r) => r.id !== id),
    );
  }
  for (const row of puts) {
    const key = L.keyOf(row);
    const g = entryFor(groups, key);
    const n = entryFor(await open(g), key);
    set(g, n, [...(await rowsAt(g, n)), row].sort(inOrder(L)));
  }
  if (regroup) for (let g = 0; g < groups.length; g++) touched.set(g, touched.get(g) ?? new Map());

  // What the touched groups named: what the new ones do not name any more is retired.
  const before = new Set<string>();
  const retire = (group: ChunkRef, refs: readonly ChunkRef[]) => {
    if (group.id) before.add(group.id);
    for (const ref of refs) before.add(ref.id);
  };
  const parts: (ChunkRef | ChunkRef[])[] = [];
  for (let g = 0; g < groups.length; g++) {
    const rewritten = touched.get(g);
    if (!rewritten) {
      parts.push(groups[g]!);
      continue;
    }
    const refs = await open(g);
    retire(groups[g]!, refs);
    // Rebuilt chunks, each joined to its next neighbour in the group (else its previous) while small.
    const chunkParts: (ChunkRef | Row[])[] = refs.map((ref, n) => rewritten.get(n) ?? ref);
    await joinSmall(chunkParts, MIN_BYTES, async (ref) => [...(await readChunk(ix, ref)).rows]);
    const rebuilt = chunkParts.flatMap((part) => {
      if (!Array.isArray(part)) return [part];
      const runs = bytesOf(part) > MAX_BYTES ? cutBy(part, FILL_BYTES) : [part];
      return runs.map((run) => makeChunk(ix, w, L, run));
    });
    parts.push(await completed(ix, L, rebuilt, w.now));
  }
  // Rebuilt groups, joined to a neighbour while small, as chunks are.
  await joinSmall(parts, GROUP_MIN_BYTES, async (group) => {
    const refs = await openGroup(ix, group);
    retire(group, refs);
    return refs;
  });
  const after = new Set<string>();
  const out = parts.flatMap((part) => {
    if (!Array.isArray(part)) return [part];
    for (const ref of part) after.add(ref.id);
    const runs = bytesOf(part) > GROUP_MAX_BYTES ? cutBy(part, GROUP_FILL_BYTES) : [part];
    return runs.map((run) => makeGroup(ix, w, run));
  });
  w.retired.push(...[...before].filter((id) => !after.has(id)));
  return { groups: out, removed };
}
