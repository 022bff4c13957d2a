import type { IndexContext, Listing } from './context';
import type { ChunkRef, OrderedRow } from './schemas';

/*
 * What an entry (a chunk's in its group, a group's in the head) counts of its rows, so that counts
 * and pages read the head and few chunks: the labels they tally, and how many are open or hidden
 * until when. Made from the rows when a chunk is written, read at any time after.
 */

/** A chunk's entry in a group, from its rows. */
export function refOf<Row extends OrderedRow>(
  { o }: IndexContext<Row>,
  L: Listing<Row>,
  id: string,
  rows: readonly Row[],
  now: number,
): ChunkRef {
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
    first: L.keyOf(rows[0]!),
    count: rows.length,
    ...(Object.keys(tally).length && { tally }),
    ...(o.openUntil && L.open && { until: until.sort((a, b) => a - b), always }),
    ...(o.hiddenUntil && { hidden: hidden.sort((a, b) => a - b), hiddenAlways }),
  };
}

/** Whether an entry says how many of its rows are hidden (entries written before it did not). */
export const knowsHidden = <Row extends OrderedRow>({ o }: IndexContext<Row>, ref: ChunkRef) =>
  !o.hiddenUntil || ref.hiddenAlways !== undefined;
/** How many of an entry's rows are shown at `now`, from the entry alone (knowsHidden). */
export const shownIn = (ref: ChunkRef, now: number) =>
  ref.count - (ref.hiddenAlways ?? 0) - (ref.hidden ?? []).filter((t) => t > now).length;
export const isShown = <Row extends OrderedRow>(
  { o }: IndexContext<Row>,
  row: Row,
  now: number,
) => {
  const at = o.hiddenUntil?.(row);
  return at === null || at === undefined || (Number.isFinite(at) && at <= now);
};
/**
 * How many of an entry's rows are open at `now`, or null when it does not track them, or (a
 * group's entry) one of its rows closed since it was written: its chunks' entries say.
 */
export const openIn = (ref: ChunkRef, now: number): number | null => {
  if (ref.always === undefined) return null;
  if (ref.upcoming === undefined)
    return ref.always + (ref.until ?? []).filter((t) => t >= now).length;
  if (!ref.upcoming || (ref.ends ?? Infinity) >= now) return ref.always + ref.upcoming;
  return null;
};
export const isOpen = <Row extends OrderedRow>({ o }: IndexContext<Row>, row: Row, now: number) => {
  const end = o.openUntil?.(row);
  return end !== null && end !== undefined && (!Number.isFinite(end) || end >= now);
};
