/**
 * Reading the counts: one day document per day shown, plus, for today, the tallies not yet rolled
 * up (a listing and at most TALLY_SHARDS reads per unfinished minute, about two minutes' worth).
 * What a read costs follows the days shown, never the number of hits stored.
 */
import {
  analyticsDaySchema,
  analyticsTallySchema,
  HIT_KINDS,
  type AnalyticsDay,
  type AnalyticsReport,
  type Hit,
} from '../../schemas/analytics';
import { ANALYTICS_KEYS } from '../storage/keys';
import { openStore, readJSON, STORES } from '../storage/store';
import { cellHit, cellKey, listKeys, parseTallyKey } from './analytics-hits';
import { decodeLegacyShard } from './analytics-legacy-shards';

/** One day's counts: a hit's cell key to how many. */
export type DayCounts = Map<string, number>;

const READS_AT_ONCE = 16;

/** Every UTC day from `from` to `to`, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Today's UTC date. */
export const today = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

const add = (m: Map<string, number>, key: string, n: number) => m.set(key, (m.get(key) ?? 0) + n);

/** Adds a day's tallies and leftover per-hit keys to `counts`, except those the day noted as added. */
async function addUnrolled(date: string, counts: DayCounts, noted: AnalyticsDay['pending']) {
  const store = openStore(STORES.analytics);
  const tallies = (await listKeys(ANALYTICS_KEYS.tallies(date))).filter(parseTallyKey);
  for (let i = 0; i < tallies.length; i += READS_AT_ONCE) {
    const read = await Promise.all(
      tallies.slice(i, i + READS_AT_ONCE).map((key) => readJSON(store, key, analyticsTallySchema)),
    );
    read.forEach((found, j) => {
      const minute = parseTallyKey(tallies[i + j]!)!.minute;
      if (!found || (found.value.sealed && noted[minute]?.includes(found.value.sealed))) return;
      for (const [cell, n] of Object.entries(found.value.cells)) add(counts, cell, n);
    });
  }
  for (const key of await listKeys(ANALYTICS_KEYS.legacyShards(date))) {
    const shard = decodeLegacyShard(key);
    if (shard && !noted[shard.minute]?.includes(shard.id)) add(counts, cellKey(shard.hit), 1);
  }
}

async function readDay(date: string, now: number): Promise<DayCounts> {
  const found = await readJSON(
    openStore(STORES.analytics),
    ANALYTICS_KEYS.day(date),
    analyticsDaySchema,
  );
  const counts: DayCounts = new Map(Object.entries(found?.value.cells ?? {}));
  // Today: add what the rollup has not folded yet.
  if (date === today(now)) await addUnrolled(date, counts, found?.value.pending ?? {});
  return counts;
}

/** The counts of each day from `from` to `to` (days in the future read nothing). */
export async function readDays(
  from: string,
  to: string,
  now = Date.now(),
): Promise<Map<string, DayCounts>> {
  const dates = daysBetween(from, to).filter((d) => d <= today(now));
  const result = new Map<string, DayCounts>();
  for (let i = 0; i < dates.length; i += READS_AT_ONCE) {
    const batch = dates.slice(i, i + READS_AT_ONCE);
    const read = await Promise.all(batch.map((d) => readDay(d, now)));
    batch.forEach((d, j) => result.set(d, read[j]!));
  }
  return result;
}

/** Every hit of the days, with its count. */
export function* hitsOf(days: Iterable<DayCounts>): Generator<[Hit, number]> {
  for (const day of days) for (const [cell, n] of day) yield [cellHit(cell), n];
}

const top = <K extends string>(totals: Map<string, number>, name: K, limit = 20) =>
  [...totals]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([key, views]) => ({ [name]: key, views }) as Record<K, string> & { views: number });

/** The admin's report for a period: views per day, top pages, referrers, newsletter issues, downloads. */
export async function analyticsReport(
  from: string,
  to: string,
  now = Date.now(),
): Promise<AnalyticsReport> {
  const days = await readDays(from, to, now);
  const pages = new Map<string, number>();
  const referrers = new Map<string, number>();
  const newsletter = new Map<string, number>();
  const downloads = new Map<string, number>();
  for (const [hit, n] of hitsOf(days.values())) {
    if (hit.kind === 'view') {
      add(pages, hit.path, n);
      if (hit.host) add(referrers, hit.host, n);
      if (hit.ref) add(newsletter, hit.ref, n);
    } else add(downloads, `${hit.kind}\t${hit.path}`, n);
  }
  const views = (day: DayCounts | undefined) =>
    [...(day ?? [])].reduce((sum, [cell, n]) => (cell.startsWith('view\t') ? sum + n : sum), 0);
  return {
    days: daysBetween(from, to).map((date) => ({ date, views: views(days.get(date)) })),
    pages: top(pages, 'path'),
    referrers: top(referrers, 'host'),
    newsletter: top(newsletter, 'issue'),
    downloads: [...downloads]
      .map(([key, count]) => {
        const [kind, path] = key.split('\t') as [
          AnalyticsReport['downloads'][number]['kind'],
          string,
        ];
        return { kind, path, count };
      })
      .sort(
        (a, b) =>
          HIT_KINDS.indexOf(a.kind) - HIT_KINDS.indexOf(b.kind) ||
          b.count - a.count ||
          a.path.localeCompare(b.path),
      ),
  };
}
