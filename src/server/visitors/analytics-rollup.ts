/**
 * Folds hit shards into daily aggregates and deletes them (the scheduled `analytics-rollup`).
 *
 * Idempotent: the day document notes the shard ids it has added for each minute (`pending`) in the
 * same write that adds them, and forgets them only after those shards are deleted. A run that dies
 * after adding and before deleting leaves shards the next run finds already noted: they are
 * deleted without being added again. Only finished minutes are folded (a grace minute for writes
 * still in flight); a shard that lands late in a folded minute is simply folded by the next run.
 */
import { analyticsDaySchema, type AnalyticsDay, type Hit } from '../../schemas/analytics';
import { ANALYTICS_KEYS } from '../storage/keys';
import { blobCall, openStore, STORES, updateJSON } from '../storage/store';
import { getSiteSettings } from '../content/site-settings';
import { decodeShardKey, listShardKeys, minuteOf } from './analytics-hits';

/** One aggregate cell's key: the hit's fields joined by tabs (no field may hold one). */
export const cellKey = (hit: Hit): string => [hit.kind, hit.path, hit.host, hit.ref].join('\t');

/** A cell key back to its hit. */
export function cellHit(key: string): Hit {
  const [kind, path, host, ref] = key.split('\t') as [Hit['kind'], string, string, string];
  return { kind, path, host, ref };
}

const GRACE_MS = 60_000;
/**
 * Shards one run folds at most: about 20 s of deletes on the local platform, well inside a
 * scheduled function's 30 s. A bigger backlog is folded over the next runs, oldest first; a minute
 * split between two runs is safe (its ids are noted as they are added).
 */
export const SHARDS_PER_RUN = 20_000;
const DELETES_AT_ONCE = 32;

type Shard = NonNullable<ReturnType<typeof decodeShardKey>> & { key: string };

/** Runs `fn` over items, `width` at a time. */
async function inBatches<T>(items: readonly T[], width: number, fn: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += width)
    await Promise.all(items.slice(i, i + width).map(fn));
}

const emptyDay = (date: string): AnalyticsDay => ({ date, cells: {}, pending: {} });

/** Adds one day's shards to its document, noting their ids; answers nothing. */
async function addToDay(date: string, shards: readonly Shard[]): Promise<void> {
  await updateJSON(
    openStore(STORES.analytics),
    ANALYTICS_KEYS.day(date),
    analyticsDaySchema,
    () => emptyDay(date),
    (day) => {
      for (const s of shards) {
        const noted = (day.pending[s.minute] ??= []);
        if (noted.includes(s.id)) continue;
        noted.push(s.id);
        const cell = cellKey(s.hit);
        day.cells[cell] = (day.cells[cell] ?? 0) + 1;
      }
      return day;
    },
  );
}

/** Forgets the noted ids of minutes whose shards are now deleted. */
async function forgetMinutes(date: string, minutes: ReadonlySet<string>): Promise<void> {
  await updateJSON(
    openStore(STORES.analytics),
    ANALYTICS_KEYS.day(date),
    analyticsDaySchema,
    () => emptyDay(date),
    (day) => {
      for (const m of minutes) delete day.pending[m];
      return day;
    },
  );
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
  await inBatches(old, DELETES_AT_ONCE, (k) => blobCall('delete day', () => store.delete(k)));
  return old.length;
}

/** Folds every finished minute's shards into its day; answers what it did. */
export async function rollUpHits(
  now = Date.now(),
): Promise<{ folded: number; deleted: number; daysDropped: number }> {
  const before = minuteOf(now - GRACE_MS);
  const store = openStore(STORES.analytics);
  const keys = await listShardKeys(ANALYTICS_KEYS.shardPrefix, SHARDS_PER_RUN);
  const shards: Shard[] = [];
  const junk: string[] = [];
  for (const key of keys) {
    const shard = decodeShardKey(key);
    if (!shard) junk.push(key);
    else if (shard.minute < before) shards.push({ ...shard, key });
  }
  const byDay = new Map<string, Shard[]>();
  for (const s of shards) {
    const date = s.minute.slice(0, 10);
    byDay.set(date, [...(byDay.get(date) ?? []), s]);
  }
  for (const [date, dayShards] of byDay) {
    await addToDay(date, dayShards);
    await inBatches(dayShards, DELETES_AT_ONCE, (s) =>
      blobCall('delete hit', () => store.delete(s.key)),
    );
    await forgetMinutes(date, new Set(dayShards.map((s) => s.minute)));
  }
  await inBatches(junk, DELETES_AT_ONCE, (k) => blobCall('delete hit', () => store.delete(k)));
  const daysDropped = await dropOldDays(now);
  return { folded: shards.length, deleted: shards.length + junk.length, daysDropped };
}
