/**
 * Folds the tallies of finished minutes into daily aggregates and deletes them (the scheduled
 * `analytics-rollup`). A run reads and deletes at most TALLY_SHARDS documents per minute folded,
 * however many hits they count.
 *
 * Nothing lost: a tally is sealed (an etag-guarded write of a random id) before its counts are
 * read, and a beacon never adds to a sealed tally, so no hit lands between the read and the
 * delete; a beacon that was that late counts in a new tally, folded by the next run.
 * Idempotent: the day document notes each seal it has added, by minute (`pending`), in the same
 * write that adds the counts, and forgets it only after that tally is deleted. A run that dies
 * after sealing adds the tally next time (its seal is not noted); one that dies after adding
 * leaves tallies the next run finds noted: they are deleted without being added again.
 * One run at a time: the day forgets a seal once its tally is deleted, so a second run that read
 * the same sealed tally before that delete would add it again after it. A run takes the lease
 * `rollup-lease` first (Netlify may start the next run while one still works); a run that finds it
 * held folds nothing, and one that died leaves it to lapse.
 */
import { randomUUID } from 'node:crypto';
import {
  analyticsDaySchema,
  analyticsTallySchema,
  type AnalyticsDay,
} from '../../schemas/analytics';
import { ANALYTICS_KEYS } from '../storage/keys';
import { blobCall, openStore, STORES, takeLeaseDocument, updateJSON } from '../storage/store';
import { getSiteSettings } from '../content/site-settings';
import { cellKey, listKeys, minuteOf, parseTallyKey } from './analytics-hits';
import { decodeLegacyShard } from './analytics-legacy-shards';

const GRACE_MS = 60_000;
/**
 * Tallies one run folds at most (32 busy minutes): three round trips each, 32 at a time, inside a
 * scheduled function's 30 s even on a slow store (bench/RESULTS.md). A bigger backlog is folded
 * over the next runs, oldest first; a minute split between two runs is safe (each tally's seal is
 * noted on its own).
 */
export const TALLIES_PER_RUN = 1_024;
/** Per-hit keys of earlier versions one run folds at most (one delete each). */
const LEGACY_PER_RUN = 5_000;
const AT_ONCE = 32;

/** Counts ready to add: a sealed tally, or an earlier version's single hit. */
interface Folding {
  key: string;
  minute: string;
  /** The seal, or the per-hit id: what the day notes as added. */
  id: string;
  cells: Record<string, number>;
}

/** Longer than a run can take (a scheduled function is stopped after 30 s). */
const LEASE_MS = 5 * 60_000;

/** Runs `fn` over items, `width` at a time, answering the results in order. */
async function inBatches<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width)
    results.push(...(await Promise.all(items.slice(i, i + width).map(fn))));
  return results;
}

const emptyDay = (date: string): AnalyticsDay => ({ date, cells: {}, pending: {} });
const updateDay = (date: string, change: (day: AnalyticsDay) => AnalyticsDay) =>
  updateJSON(
    openStore(STORES.analytics),
    ANALYTICS_KEYS.day(date),
    analyticsDaySchema,
    () => emptyDay(date),
    change,
  );

/** Seals one tally (keeping an earlier run's seal) and answers its counts as they are for good. */
async function seal(key: string, minute: string): Promise<Folding> {
  const tally = await updateJSON(
    openStore(STORES.analytics),
    key,
    analyticsTallySchema,
    () => ({ cells: {} }),
    (t) => ({ ...t, sealed: t.sealed ?? randomUUID().replaceAll('-', '') }),
  );
  return { key, minute, id: tally.sealed!, cells: tally.cells };
}

/** Adds a day's foldings to its document, noting their ids; answers the hits newly added. */
async function addToDay(date: string, foldings: readonly Folding[]): Promise<number> {
  let added = 0;
  await updateDay(date, (day) => {
    added = 0;
    for (const f of foldings) {
      const noted = (day.pending[f.minute] ??= []);
      if (noted.includes(f.id)) continue;
      noted.push(f.id);
      for (const [cell, n] of Object.entries(f.cells)) {
        day.cells[cell] = (day.cells[cell] ?? 0) + n;
        added += n;
      }
    }
    return day;
  });
  return added;
}

/** Forgets the noted ids of deleted documents (only those: a minute may be split between runs). */
async function forget(date: string, foldings: readonly Folding[]): Promise<void> {
  const gone = new Set(foldings.map((f) => f.id));
  await updateDay(date, (day) => {
    for (const minute of new Set(foldings.map((f) => f.minute))) {
      const left = (day.pending[minute] ?? []).filter((id) => !gone.has(id));
      if (left.length) day.pending[minute] = left;
      else delete day.pending[minute];
    }
    return day;
  });
}

/** Deletes day documents older than the retention setting (25 months unless changed). */
async function dropOldDays(now: number): Promise<number> {
  const months = (await getSiteSettings()).retainAnalyticsMonths;
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const oldest = ANALYTICS_KEYS.day(cutoff.toISOString().slice(0, 10));
  const store = openStore(STORES.analytics);
  const { blobs } = await blobCall('list days', () =>
    store.list({ prefix: ANALYTICS_KEYS.dayPrefix }),
  );
  const old = blobs.map((b) => b.key).filter((k) => k < oldest);
  await inBatches(old, AT_ONCE, (k) => blobCall('delete day', () => store.delete(k)));
  return old.length;
}

/** The finished minutes' tallies (sealed) and leftover per-hit keys, and the keys that are neither. */
async function collect(before: string): Promise<{ foldings: Folding[]; junk: string[] }> {
  const junk: string[] = [];
  const tallies: { key: string; minute: string }[] = [];
  for (const key of await listKeys(ANALYTICS_KEYS.tallies(), TALLIES_PER_RUN)) {
    const tally = parseTallyKey(key);
    if (!tally) junk.push(key);
    else if (tally.minute < before) tallies.push({ key, minute: tally.minute });
  }
  const foldings = await inBatches(tallies, AT_ONCE, (t) => seal(t.key, t.minute));
  for (const key of await listKeys(ANALYTICS_KEYS.legacyShards(), LEGACY_PER_RUN)) {
    const shard = decodeLegacyShard(key);
    if (!shard) junk.push(key);
    else if (shard.minute < before)
      foldings.push({
        key,
        minute: shard.minute,
        id: shard.id,
        cells: { [cellKey(shard.hit)]: 1 },
      });
  }
  return { foldings, junk };
}

/** Folds every finished minute into its day; answers what it did. */
export async function rollUpHits(now = Date.now()): Promise<{
  /** Hits newly added to the days. */
  folded: number;
  /** Tallies and per-hit keys folded (and deleted). */
  documents: number;
  deleted: number;
  daysDropped: number;
}> {
  const lease = await takeLeaseDocument(
    openStore(STORES.analytics),
    ANALYTICS_KEYS.lease,
    LEASE_MS,
  );
  if (!lease) return { folded: 0, documents: 0, deleted: 0, daysDropped: 0 };
  try {
    return await foldAll(now);
  } finally {
    await lease.release();
  }
}

/** rollUpHits's work, under its lease. */
async function foldAll(now: number) {
  const store = openStore(STORES.analytics);
  const { foldings, junk } = await collect(minuteOf(now - GRACE_MS));
  const byDay = new Map<string, Folding[]>();
  for (const f of foldings) {
    const date = f.minute.slice(0, 10);
    if (!byDay.has(date)) byDay.set(date, []);
    byDay.get(date)!.push(f);
  }
  let folded = 0;
  for (const [date, dayFoldings] of byDay) {
    folded += await addToDay(date, dayFoldings);
    await inBatches(dayFoldings, AT_ONCE, (f) =>
      blobCall('delete a tally', () => store.delete(f.key)),
    );
    await forget(date, dayFoldings);
  }
  await inBatches(junk, AT_ONCE, (k) => blobCall('delete a stray key', () => store.delete(k)));
  const daysDropped = await dropOldDays(now);
  return {
    folded,
    documents: foldings.length,
    deleted: foldings.length + junk.length,
    daysDropped,
  };
}
