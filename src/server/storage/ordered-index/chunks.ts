import type { ChunkRef } from './schemas';

/*
 * Chunks and groups as they are cut and named: their sizes, their ids, and the entries that say
 * what each holds.
 */

/** Chunk sizes (bytes of JSON): split past MAX, joined to a neighbour under MIN, filled to FILL. */
export const MAX_BYTES = 40 * 1024;
export const MIN_BYTES = 8 * 1024;
export const FILL_BYTES = 28 * 1024;
/** Group sizes (bytes of JSON), likewise: a save writes one group, so a group stays small. */
export const GROUP_MAX_BYTES = 8 * 1024;
export const GROUP_MIN_BYTES = 2 * 1024;
export const GROUP_FILL_BYTES = 6 * 1024;

export const bytesOf = (items: readonly unknown[]) => JSON.stringify(items).length;
/**
 * A chunk or group id: when it was written (milliseconds, 9 base-36 digits, so the sweep can tell
 * an abandoned one from one a change is about to name) and 8 random hex digits.
 */
export const newChunkId = (now = Date.now()) =>
  `${now.toString(36).padStart(9, '0')}${crypto.randomUUID().slice(0, 8)}`;
export const timeOfChunkId = (id: string) => parseInt(id.slice(0, 9), 36);
/**
 * An unnamed chunk older than this was written by a change that failed or died: no change takes
 * this long between writing its chunks and its head (a function runs 15 minutes at most).
 */
export const ABANDONED_MS = 30 * 60_000;

/** Where a row with this key belongs among entries: the last starting at or before it. */
export function entryFor(refs: readonly ChunkRef[], key: string): number {
  let at = 0;
  for (let n = 1; n < refs.length; n++) if (refs[n]!.first <= key) at = n;
  return at;
}

/** Items cut into runs of about `fill` bytes of JSON, in order. */
export function cutBy<T>(items: readonly T[], fill: number): T[][] {
  const out: T[][] = [];
  let run: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = JSON.stringify(item).length + 1;
    if (run.length && bytes + size > fill) {
      out.push(run);
      run = [];
      bytes = 0;
    }
    run.push(item);
    bytes += size;
  }
  if (run.length) out.push(run);
  return out;
}

/** A group's entry in the head: the sums of its chunks' entries. */
export function sumOf(id: string, refs: readonly ChunkRef[]): ChunkRef {
  const tally: Record<string, number> = {};
  for (const ref of refs)
    for (const [label, n] of Object.entries(ref.tally ?? {}))
      tally[label] = (tally[label] ?? 0) + n;
  const merged = (pick: (r: ChunkRef) => number[] | undefined) =>
    refs.flatMap((r) => pick(r) ?? []).sort((a, b) => a - b);
  const sum = (pick: (r: ChunkRef) => number | undefined) =>
    refs.reduce((s, r) => s + (pick(r) ?? 0), 0);
  const tracksOpen = refs.some((r) => r.always !== undefined);
  // Hidden rows are summed only when every chunk counted them (see knowsHidden).
  const tracksHidden = refs.every((r) => r.hiddenAlways !== undefined);
  return {
    id,
    first: refs[0]!.first,
    count: sum((r) => r.count),
    ...(Object.keys(tally).length && { tally }),
    ...(tracksOpen && {
      upcoming: sum((r) => r.until?.length),
      ...(merged((r) => r.until).length && { ends: merged((r) => r.until)[0] }),
      always: sum((r) => r.always),
    }),
    ...(tracksHidden && {
      hidden: merged((r) => r.hidden),
      hiddenAlways: sum((r) => r.hiddenAlways),
    }),
  };
}
