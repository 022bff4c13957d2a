import { z } from 'zod';
import { indexedSubscriptions } from '../../visitors/newsletter-index';
import { isSuppressed } from '../../visitors/newsletter-suppression';
import { ISSUE_KEYS } from '../../storage/keys';
import { blobCall, openStore, readJSON, STORES, writeJSON } from '../../storage/store';

/*
 * Who an issue goes to: confirmed subscriptions, not on the suppression list, whose topics meet
 * the issue's (either side empty means everything). The audience is fixed when sending starts:
 * written as batch documents of BATCH_SIZE ids, by paging through the subscription keys, so no
 * step holds more than one listing page and one batch of the list in memory.
 */
const records = () => openStore(STORES.newsletter);
const issues = () => openStore(STORES.issues);

/** Recipients per batch document: one batch is read, sent and its lease renewed in one go. */
export const BATCH_SIZE = 500;

/**
 * What the sender reads of a subscription. Its own small schema: `topics` (research-area slugs)
 * is read even before the subscription schema lists it, and nothing else of the record is needed.
 */
export const audienceRecordSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'confirmed', 'unsubscribed']).default('confirmed'),
  unsubscribeSecret: z.string().optional(),
  topics: z.array(z.string()).optional(),
});
export type AudienceRecord = z.infer<typeof audienceRecordSchema>;

export const batchSchema = z.object({ ids: z.array(z.string()) });

/** Whether a subscriber's topics meet an issue's: either side empty means everything. */
export const topicsMeet = (subscriber: readonly string[] | undefined, issue: readonly string[]) =>
  !subscriber?.length || !issue.length || subscriber.some((t) => issue.includes(t));

/** Whether a subscription may receive an issue for `topics` now (suppression is checked apart). */
export const isAudience = (s: AudienceRecord, topics: readonly string[]) =>
  s.status === 'confirmed' && topicsMeet(s.topics, topics);

/** Reads one subscription as the sender sees it; null when it is gone. */
export async function readAudienceRecord(id: string): Promise<AudienceRecord | null> {
  const raw = await blobCall(`read ${id}`, () => records().get(id, { type: 'json' }));
  const parsed = audienceRecordSchema.safeParse(raw);
  // An unreadable record is nobody to send to: skipped, never a reason to stop the whole send.
  return raw !== null && parsed.success ? parsed.data : null;
}

/** Runs `fn` over `items`, `concurrency` at a time, keeping the input order of the answers. */
async function mapPooled<T, R>(items: T[], concurrency: number, fn: (item: T) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return out;
}

/**
 * Fixes the audience of an issue: pages through every subscription key (Blobs lists in key order,
 * at most 1,000 keys a page), keeps those who may receive it, and writes them as numbered batch
 * documents. Run again from the start after a crash: batches are rewritten under the same numbers
 * and the caller records only the final count, so a half-written snapshot is never used.
 */
export async function snapshotAudience(
  issueId: string,
  topics: readonly string[],
): Promise<{ batches: number; recipients: number }> {
  let batch: string[] = [];
  let batches = 0;
  let recipients = 0;
  const flush = async () => {
    if (!batch.length) return;
    await writeJSON(issues(), ISSUE_KEYS.batch(issueId, batches), batchSchema, { ids: batch });
    batches++;
    batch = [];
  };
  await blobCall('list subscriptions', async () => {
    for await (const { blobs } of records().list({ paginate: true })) {
      const keep = await mapPooled(blobs, 16, async ({ key }) => {
        const s = await readAudienceRecord(key);
        return s && isAudience(s, topics) && !(await isSuppressed(s.id)) ? s.id : null;
      });
      for (const id of keep) {
        if (!id) continue;
        batch.push(id);
        recipients++;
        if (batch.length >= BATCH_SIZE) await flush();
      }
    }
  });
  await flush();
  return { batches, recipients };
}

/** One batch of a fixed audience. */
export async function readBatch(issueId: string, n: number): Promise<string[]> {
  return (await readJSON(issues(), ISSUE_KEYS.batch(issueId, n), batchSchema))?.value.ids ?? [];
}

/**
 * How many would receive an issue if it went now, from the subscriber index (one document, no
 * record reads). Subscribers whose topics the index does not carry count as wanting everything,
 * and addresses suppressed after a bounce are still counted: an upper bound the send then fixes.
 */
export async function audienceCount(topics: readonly string[]): Promise<number> {
  const rows = (await indexedSubscriptions()) as readonly (AudienceRecord & object)[];
  return rows.filter((r) => r.status === 'confirmed' && topicsMeet(r.topics, topics)).length;
}
