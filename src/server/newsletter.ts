import { createHash } from 'node:crypto';
import { normaliseEmail } from '../schemas/newsletter';
import { newsletterSubscriptionSchema, type NewsletterSubscription } from '../schemas/newsletter-subscription';
import { HttpError } from './errors';
import { addIfStored, addToSnapshot, deleteMarker, dropFromSnapshot, hasMarker, indexedSubscription, indexedSubscriptions, markerKey, newestFirst, writeMarker } from './newsletter-index';
import { listKeys, readRecords, type Page, type PageQuery } from './records';
import { createJSON, deleteKey, openStore, readJSON, STORES } from './store';

// Records live one per key in the newsletter store; lists, search and counts go through the
// index (newsletter-index.ts) so they never read every record.
const store = () => openStore(STORES.newsletter);

/**
 * The subscription's key and id: a SHA-256 of the normalised address. Same address (any case or
 * surrounding spaces) means same key, so `onlyIfNew` makes signups unique without a shared list;
 * the hash is always a valid Blobs key whatever characters the address holds.
 */
export const subscriptionId = (email: string) => createHash('sha256').update(normaliseEmail(email)).digest('hex');

/**
 * Subscribes an address once: marker, then record (see newsletter-index.ts for why that order). A
 * repeat signup reports `created: false` and writes nothing, unless the stored record has no marker
 * (an earlier layout wrote record first): then it is healed and listed, however old it is.
 */
export async function subscribe(email: string): Promise<{ created: boolean; subscription: NewsletterSubscription }> {
  const id = subscriptionId(email);
  const stored = (await readJSON(store(), id, newsletterSubscriptionSchema))?.value;
  if (stored) return { created: false, subscription: await heal(stored) };
  const record = newsletterSubscriptionSchema.parse({ id, email: normaliseEmail(email), createdAt: new Date().toISOString() });
  const { created, stored: winner } = await create(record);
  return { created, subscription: winner && !created ? await heal(winner) : record };
}

/**
 * Writes a new subscription, marker then record. When the address is already stored (a signup or
 * import of it got there first), that record and its marker stand and ours is removed as spare.
 */
async function create(record: NewsletterSubscription): Promise<{ created: boolean; stored: NewsletterSubscription | null }> {
  await writeMarker(record);
  if (await createJSON(store(), record.id, newsletterSubscriptionSchema, record)) return { created: true, stored: record };
  const stored = (await readJSON(store(), record.id, newsletterSubscriptionSchema))?.value ?? null;
  if (!stored || markerKey(stored) !== markerKey(record)) await deleteMarker(record);
  return { created: false, stored };
}

async function heal(stored: NewsletterSubscription): Promise<NewsletterSubscription> {
  if (await hasMarker(stored)) return stored;
  await writeMarker(stored);
  await addIfStored(stored.id);
  return stored;
}

/** Every subscription, newest first, in batches (for the streamed CSV export; no record is read). */
export async function* subscriptionBatches(batchSize = 1000): AsyncGenerator<NewsletterSubscription[]> {
  const all = await indexedSubscriptions();
  for (let i = 0; i < all.length; i += batchSize) yield all.slice(i, i + batchSize);
}

/** Every stored record, read one by one: the tests' reference for what the index must show. */
export async function scanSubscriptions(): Promise<NewsletterSubscription[]> {
  const all = await readRecords(store(), await listKeys(store()), newsletterSubscriptionSchema);
  return all.sort(newestFirst);
}

/** One page of subscriptions whose address contains `q` (case-insensitive), newest first. */
export async function listSubscriptions(query: PageQuery): Promise<Page<NewsletterSubscription>> {
  const needle = query.q.toLowerCase();
  const all = await indexedSubscriptions();
  const matches = needle ? all.filter((s) => s.email.includes(needle)) : all;
  return { items: matches.slice((query.page - 1) * query.pageSize, query.page * query.pageSize), total: matches.length, page: query.page, pageSize: query.pageSize };
}

/** The number of subscribers (from the index). */
export async function countSubscriptions(): Promise<number> {
  return (await indexedSubscriptions()).length;
}

/** The subscription of an address, or null. */
export async function findSubscription(email: string): Promise<NewsletterSubscription | null> {
  return (await readJSON(store(), subscriptionId(email), newsletterSubscriptionSchema))?.value ?? null;
}

/**
 * Removes a subscription by id: record, then marker, then its index row; 404 when none exists.
 * A delete that failed after the record went is finished by repeating it (the row is still listed).
 */
export async function deleteSubscription(id: string): Promise<NewsletterSubscription> {
  const found = (await readJSON(store(), id, newsletterSubscriptionSchema))?.value ?? (await indexedSubscription(id));
  if (!found) throw new HttpError(404, 'Subscription not found');
  await deleteKey(store(), id);
  await deleteMarker(found);
  await dropFromSnapshot(id);
  return found;
}

/**
 * Stores existing subscriptions (with their own dates) in the current layout, marker then record,
 * a few at a time: for imports, the scale benchmark and tests. Addresses already present are skipped.
 */
export async function importSubscriptions(list: Pick<NewsletterSubscription, 'email' | 'createdAt'>[], concurrency = 16): Promise<number> {
  let next = 0;
  const created: NewsletterSubscription[] = [];
  const worker = async () => {
    while (next < list.length) {
      const { email, createdAt } = list[next++]!;
      const record = newsletterSubscriptionSchema.parse({ id: subscriptionId(email), email: normaliseEmail(email), createdAt });
      if ((await create(record)).created) created.push(record);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await addToSnapshot(created);
  return created.length;
}
