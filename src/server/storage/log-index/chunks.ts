import { createHash } from 'node:crypto';
import { StorageError } from '../../http/errors';
import { createJSON, deleteKey, forgetWithParsedCopies, readJSON } from '../store';
import type { LogContext } from './context';
import type { ChunkRef, Head } from './schemas';

/*
 * The chunks of a log index: cut where the rows say, written once, read (and kept by a warm
 * instance, as they never change), deleted, and joined into every row of a head.
 */

/** Chunk sizes (bytes of JSON): a chunk may end once it has MIN_BYTES, and always ends at MAX_BYTES. */
const MIN_BYTES = 64 * 1024;
const MAX_BYTES = 512 * 1024;
/** Past MIN_BYTES, a chunk ends after a row whose id hashes to 0 modulo this (about this many rows more). */
const CUT_EVERY = 256;
/** Chunks a warm instance keeps parsed. */
const KEPT_CHUNKS = 400;

/** FNV-1a of a string: where chunks end depends on the rows alone, not on where a change began. */
function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The parsed rows of chunks this instance read (chunks never change), oldest read first out. */
const chunkCopies = new Map<string, unknown[]>();
forgetWithParsedCopies(() => chunkCopies.clear());
/** Every row of a head, joined once per parsed head (heads are shared while unchanged, see store/parsed-copies.ts). */
const joinedRows = new WeakMap<object, readonly unknown[]>();

async function readChunk<Row>(
  { o, chunkSchema }: LogContext<Row>,
  ref: ChunkRef,
): Promise<readonly Row[]> {
  const known = chunkCopies.get(ref.key);
  if (known) return known as Row[];
  const found = await readJSON(o.snapshotStore(), ref.key, chunkSchema);
  if (!found) throw new StorageError(`A part of the ${o.what} index is missing (${ref.key})`);
  chunkCopies.set(ref.key, found.value.items);
  if (chunkCopies.size > KEPT_CHUNKS) chunkCopies.delete(chunkCopies.keys().next().value!);
  return found.value.items;
}

/** The head's chunks, or one stand-in chunk for a head of the earlier layout. */
export const refsOf = <Row>(head: Head<Row>): (ChunkRef | { items: Row[] })[] =>
  head.chunks ?? [{ items: head.items ?? [] }];
export const rowsOfRef = <Row>(ix: LogContext<Row>, ref: ChunkRef | { items: Row[] }) =>
  'key' in ref ? readChunk(ix, ref) : Promise.resolve(ref.items);

/** Splits rows (newest first) into chunks; reuses the keys of `old` chunks with the same rows. */
export function split<Row>(
  { o, chunkPrefix }: LogContext<Row>,
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

export async function writeChunks<Row>(
  { o, chunkSchema }: LogContext<Row>,
  fresh: { key: string; items: Row[] }[],
): Promise<void> {
  for (const c of fresh) {
    await createJSON(o.snapshotStore(), c.key, chunkSchema, { items: c.items });
    chunkCopies.set(c.key, c.items);
  }
}
export async function deleteChunks<Row>({ o }: LogContext<Row>, keys: string[]): Promise<void> {
  for (const key of keys) {
    chunkCopies.delete(key);
    await deleteKey(o.snapshotStore(), key);
  }
}

/** Every row of a head, joined once per parsed head. */
export async function all<Row>(
  ix: LogContext<Row>,
  head: Head<Row>,
): Promise<{ rows: readonly Row[]; ids: string[] }> {
  let rows = joinedRows.get(head) as readonly Row[] | undefined;
  if (!rows) {
    const parts: Row[] = [];
    for (const ref of refsOf(head)) parts.push(...(await rowsOfRef(ix, ref)));
    joinedRows.set(head, (rows = parts));
  }
  return { rows, ids: rows.map(ix.o.idOf) };
}
