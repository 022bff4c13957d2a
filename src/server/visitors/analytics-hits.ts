/**
 * Writing hits: each hit is added, by an etag-guarded merge, to one of TALLY_SHARDS small tallies
 * of its UTC minute, picked at random. Simultaneous beacons rarely pick the same tally, and when
 * they do the later write is retried on the earlier one's result, so no hit is lost; a tally
 * holds counts per cell, not a list of hits, so the rollup's work follows the minutes and shards,
 * never the number of hits.
 */
import { randomInt } from 'node:crypto';
import { analyticsTallySchema, hitSchema, type Hit, type HitKind } from '../../schemas/analytics';
import { StorageError } from '../http/errors';
import { afterResponse } from '../http/invocation';
import { ANALYTICS_KEYS } from '../storage/keys';
import { blobCall, openStore, STORES, updateJSON } from '../storage/store';
import { countingOn } from '../content/settings-key';

/**
 * Tallies per minute: enough that 50 clients writing at once rarely meet on one, few enough that
 * a minute costs the rollup at most this many reads and deletes however many hits it holds.
 */
export const TALLY_SHARDS = 32;

/** The UTC minute of a time, `YYYY-MM-DDTHH:mm`: the middle of a tally's key. */
export const minuteOf = (ms: number): string => new Date(ms).toISOString().slice(0, 16);

/** One aggregate cell's key: the hit's fields joined by tabs (no field may hold one). */
export const cellKey = (hit: Hit): string => [hit.kind, hit.path, hit.host, hit.ref].join('\t');

/** A cell key back to its hit. */
export function cellHit(key: string): Hit {
  const [kind, path, host, ref] = key.split('\t') as [Hit['kind'], string, string, string];
  return { kind, path, host, ref };
}

/** A tally key's minute and shard; null for a key that is not a tally's. */
export function parseTallyKey(key: string): { minute: string; shard: number } | null {
  const match = /^tallies\/(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})\/(\d{2})$/.exec(key);
  return match ? { minute: match[1]!, shard: Number(match[2]) } : null;
}

/** Thrown inside a merge that found its tally already sealed by the rollup. */
class SealedTally extends Error {}

/**
 * Stores one hit now (the caller has checked it). A tally the rollup has sealed (only a finished
 * minute's, so only a write that was very late) is left alone and another is picked, of the
 * minute it now is.
 */
export async function storeHit(hit: Hit): Promise<void> {
  const cell = cellKey(hitSchema.parse(hit));
  for (let attempt = 0; attempt < TALLY_SHARDS; attempt++) {
    const key = ANALYTICS_KEYS.tally(minuteOf(Date.now()), randomInt(TALLY_SHARDS));
    try {
      await updateJSON(
        openStore(STORES.analytics),
        key,
        analyticsTallySchema,
        () => ({ cells: {} }),
        (tally) => {
          if (tally.sealed) throw new SealedTally();
          tally.cells[cell] = (tally.cells[cell] ?? 0) + 1;
          return tally;
        },
        // A tally is new (its minute has just begun) or was last written by this instance, which
        // holds its version: the hit is written without reading it first.
        { writeFirst: true },
      );
      return;
    } catch (error) {
      if (!(error instanceof SealedTally)) throw error;
    }
  }
  throw new StorageError('Every tally tried was being rolled up; the hit was not counted');
}

/**
 * Counts a server-side event (a preview link opened, a newsletter signup from a page) after the
 * answer has gone: it never slows or fails the request, and a failure is only logged. Nothing is
 * counted while visit counting is turned off in the site settings.
 */
export function countEvent(kind: HitKind, path: string): void {
  afterResponse(`count ${kind}`, async () => {
    if (!(await countingOn())) return;
    await storeHit({ kind, path: path.slice(0, 200) || '/', host: '', ref: '' });
  });
}

/** The keys under a prefix of the analytics store, in key order (oldest minute first), at most `limit`. */
export async function listKeys(prefix: string, limit = Infinity): Promise<string[]> {
  const store = openStore(STORES.analytics);
  const keys: string[] = [];
  await blobCall('list hits', async () => {
    for await (const page of store.list({ prefix, paginate: true })) {
      for (const b of page.blobs) keys.push(b.key);
      if (keys.length >= limit) break;
    }
  });
  return keys.slice(0, limit);
}
