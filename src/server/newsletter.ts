import { createHash } from 'node:crypto';
import { newsletterSubscriptionSchema, normaliseEmail, type NewsletterSubscription } from '../schemas/newsletter';
import { HttpError } from './errors';
import { listKeys, paginate, readRecords, type Page, type PageQuery } from './records';
import { createJSON, deleteKey, openStore, readJSON, STORES } from './store';

const store = () => openStore(STORES.newsletter);

/**
 * The subscription's key and id: a SHA-256 of the normalised address. Same address (any case or
 * surrounding spaces) means same key, so `onlyIfNew` makes signups unique without a shared list;
 * the hash is always a valid Blobs key whatever characters the address holds.
 */
export const subscriptionId = (email: string) => createHash('sha256').update(normaliseEmail(email)).digest('hex');

/** Subscribes an address once; a repeat signup reports `created: false` and writes nothing. */
export async function subscribe(email: string): Promise<{ created: boolean; subscription: NewsletterSubscription }> {
  const id = subscriptionId(email);
  const record = newsletterSubscriptionSchema.parse({ id, email: normaliseEmail(email), createdAt: new Date().toISOString() });
  const created = await createJSON(store(), id, newsletterSubscriptionSchema, record);
  if (created) return { created, subscription: record };
  const existing = await readJSON(store(), id, newsletterSubscriptionSchema);
  return { created, subscription: existing?.value ?? record };
}

/** Every subscription, newest first. */
export async function allSubscriptions(): Promise<NewsletterSubscription[]> {
  const all = await readRecords(store(), await listKeys(store()), newsletterSubscriptionSchema);
  return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.email.localeCompare(b.email));
}

/** One page of subscriptions whose address contains `q` (case-insensitive), newest first. */
export async function listSubscriptions(query: PageQuery): Promise<Page<NewsletterSubscription>> {
  const needle = query.q.toLowerCase();
  const all = await allSubscriptions();
  return paginate(needle ? all.filter((s) => s.email.includes(needle)) : all, query);
}

/** Removes a subscription by id; 404 when it does not exist. */
export async function deleteSubscription(id: string): Promise<NewsletterSubscription> {
  const found = await readJSON(store(), id, newsletterSubscriptionSchema);
  if (!found) throw new HttpError(404, 'Subscription not found');
  await deleteKey(store(), id);
  return found.value;
}
