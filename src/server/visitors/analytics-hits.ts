/**
 * Writing hits: one key per hit under its UTC minute, the hit itself inside the key, so any number
 * of simultaneous hits never touch a shared document and the rollup reads them with listings alone.
 */
import { hitSchema, type Hit, type HitKind } from '../../schemas/analytics';
import { afterResponse } from '../http/invocation';
import { ANALYTICS_KEYS } from '../storage/keys';
import { blobCall, landedWrite, openStore, STORES } from '../storage/store';
import { countingOn } from '../content/settings-key';

/** The UTC minute of a time, `YYYY-MM-DDTHH:mm`: the first part of a shard key. */
export const minuteOf = (ms: number): string => new Date(ms).toISOString().slice(0, 16);

const encode = (hit: Hit): string =>
  Buffer.from(JSON.stringify([hit.kind, hit.path, hit.host, hit.ref])).toString('base64url');

/** A shard key's minute, id and hit; null for a key that is not a valid shard. */
export function decodeShardKey(key: string): { minute: string; id: string; hit: Hit } | null {
  const match = /^shards\/(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})\/([A-Za-z0-9]+)\.([A-Za-z0-9_-]+)$/.exec(
    key,
  );
  if (!match) return null;
  try {
    const [kind, path, host, ref] = JSON.parse(
      Buffer.from(match[3]!, 'base64url').toString('utf8'),
    ) as unknown[];
    const hit = hitSchema.safeParse({ kind, path, host, ref });
    return hit.success ? { minute: match[1]!, id: match[2]!, hit: hit.data } : null;
  } catch {
    return null;
  }
}

/** Stores one hit now (the caller has checked it): one write of an empty value, never a read. */
export async function storeHit(hit: Hit, now = Date.now()): Promise<void> {
  const id = crypto.randomUUID().replaceAll('-', '').slice(0, 16);
  const key = ANALYTICS_KEYS.shard(minuteOf(now), id, encode(hitSchema.parse(hit)));
  // The schema's caps keep a key under Blobs' 600 bytes; should they ever not, count nothing.
  if (Buffer.byteLength(key) > 600) return console.error('A hit too long to count was dropped');
  await landedWrite('count a hit', () => openStore(STORES.analytics).set(key, ''));
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

/** The shard keys under a prefix, in key order (oldest minute first), at most `limit`. */
export async function listShardKeys(prefix: string, limit = Infinity): Promise<string[]> {
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
