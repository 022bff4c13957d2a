import { timeOfInverted } from '../keys';
import { blobCall } from '../store';
import { refsOf, rowsOfRef } from './chunks';
import { needsSweep, type LogContext } from './context';
import type { Head } from './schemas';

/*
 * The tail of a log index: the day-keyed tail keys written since the head's watermark, listed
 * newest first, and folded into rows the snapshot lacks.
 */

/** A tail key is written at most this long after the time it carries (functions time out well before). */
const GRACE_MS = 5 * 60_000;
/** A watermark older than this is moved on even when nothing new came, to keep listings short. */
const STALE_MS = 60 * 60_000;

export const dayOf = (iso: string) => iso.slice(0, 10);

/** The time a tail key carries: its 13-digit inverted milliseconds after the day folder. */
export function timeOfTailKey(key: string): number {
  const inverted = key.slice(key.lastIndexOf('/') + 1, key.lastIndexOf('/') + 14);
  return timeOfInverted(inverted);
}
/** Milliseconds of a watermark: an ISO time, or a day (first layout of the index) meaning its start. */
const msOf = (watermark: string) =>
  Date.parse(watermark.length === 10 ? `${watermark}T00:00:00.000Z` : watermark);

/** Tail keys stamped at or after `since` (ms), newest day first, each day's listing cut short there. */
async function tail<Row>({ o }: LogContext<Row>, since: number): Promise<string[]> {
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
async function idsSince<Row>(
  ix: LogContext<Row>,
  head: Head<Row>,
  since: string,
): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const ref of refsOf(head)) {
    for (const row of await rowsOfRef(ix, ref)) ids.add(ix.o.idOf(row));
    if ('key' in ref && ref.oldest < since) break;
  }
  return ids;
}

/** Rows for tail keys new since the watermark; the new watermark is when the listing began. */
export async function fold<Row>(
  ix: LogContext<Row>,
  head: Head<Row>,
): Promise<{ added: Row[]; watermark: string; changed: boolean }> {
  const { o } = ix;
  const began = Date.now();
  const since = msOf(head.watermark) - GRACE_MS;
  const keys = await tail(ix, since);
  const watermark = new Date(began).toISOString();
  if (keys.length === 0)
    return {
      added: [],
      watermark,
      changed: needsSweep(ix, head) || !head.chunks || began - msOf(head.watermark) > STALE_MS,
    };
  const ids = await idsSince(ix, head, new Date(since).toISOString());
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
      needsSweep(ix, head) ||
      !head.chunks ||
      began - msOf(head.watermark) > STALE_MS,
  };
}
