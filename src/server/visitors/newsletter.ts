import { createHash } from 'node:crypto';
import { normaliseEmail } from '../../schemas/newsletter';
import { PENDING_DAYS } from '../../schemas/newsletter-consent';
import {
  newsletterSubscriptionSchema,
  toRow,
  type NewsletterSubscription,
  type SubscriberRow,
} from '../../schemas/newsletter-subscription';
import type { User } from '../../schemas/user';
import { HttpError } from '../http/errors';
import { commitChange } from '../publishing/history';
import { assertNotSuppressed, isSuppressed } from './newsletter-suppression';
import {
  deleteMarker,
  hasMarker,
  indexedSubscription,
  countByStatus,
  findSubscriptions,
  indexedSubscriptions,
  listAsStored,
  markerKey,
  newestFirst,
  updateRow,
  writeMarker,
} from './newsletter-index';
import { listKeys, readRecords, type Page, type PageQuery } from '../storage/records';
import { createJSON, deleteKey, openStore, readJSON, STORES, updateJSON } from '../storage/store';

// Records live one per key in the newsletter store; lists, search and counts go through the
// index (newsletter-index.ts) so they never read every record.
const store = () => openStore(STORES.newsletter);

/**
 * The subscription's key and id: a SHA-256 of the normalised address. Same address (any case or
 * surrounding spaces) means same key, so `onlyIfNew` makes signups unique without a shared list;
 * the hash is always a valid Blobs key whatever characters the address holds.
 */
export const subscriptionId = (email: string) =>
  createHash('sha256').update(normaliseEmail(email)).digest('hex');

const DAY_MS = 86_400_000;

/** True for a signup whose link has run out: it is no longer listed, and is deleted by the hourly sweep. */
export const isExpired = (
  s: Pick<SubscriberRow, 'status' | 'requestedAt' | 'createdAt'>,
  now = Date.now(),
) =>
  s.status === 'pending' && Date.parse(s.requestedAt ?? s.createdAt) + PENDING_DAYS * DAY_MS <= now;

/**
 * Adds one address whose consent is already confirmed (imports, the benchmark, tests) once, and
 * never an address that unsubscribed (409). Not a visitor's signup (signUp in
 * newsletter-signup.ts), which waits for the confirmation link. Marker, then record (see
 * newsletter-index.ts for why that order). A repeat reports `created: false` and writes nothing,
 * unless the stored record has no marker (an earlier layout wrote record first): then it is
 * healed and listed, however old it is.
 */
export async function importConfirmedSubscriber(
  email: string,
): Promise<{ created: boolean; subscription: NewsletterSubscription }> {
  await assertNotSuppressed(subscriptionId(email));
  const now = new Date().toISOString();
  const record = newsletterSubscriptionSchema.parse({
    id: subscriptionId(email),
    email: normaliseEmail(email),
    createdAt: now,
    confirmedAt: now,
    form: 'import',
  });
  return createOnce(record);
}

/** Stores a new subscription unless its address is stored already; the stored one is healed and returned. */
export async function createOnce(
  record: NewsletterSubscription,
): Promise<{ created: boolean; subscription: NewsletterSubscription }> {
  const stored = (await readJSON(store(), record.id, newsletterSubscriptionSchema))?.value;
  if (stored) return { created: false, subscription: await heal(stored) };
  const { created, stored: winner } = await create(record);
  return { created, subscription: winner && !created ? await heal(winner) : record };
}

/**
 * Writes a new subscription, marker then record. When the address is already stored (a signup or
 * import of it got there first), that record and its marker stand and ours is removed as spare.
 */
async function create(
  record: NewsletterSubscription,
): Promise<{ created: boolean; stored: NewsletterSubscription | null }> {
  await writeMarker(record);
  if (await createJSON(store(), record.id, newsletterSubscriptionSchema, record))
    return { created: true, stored: record };
  const stored = (await readJSON(store(), record.id, newsletterSubscriptionSchema))?.value ?? null;
  if (!stored || markerKey(stored) !== markerKey(record)) await deleteMarker(record);
  return { created: false, stored };
}

async function heal(stored: NewsletterSubscription): Promise<NewsletterSubscription> {
  if (await hasMarker(stored)) return stored;
  await writeMarker(stored);
  await listAsStored([stored.id]);
  return stored;
}

/** Every confirmed record, read one by one: the tests' reference for what the index must show. */
export async function scanSubscriptions(): Promise<SubscriberRow[]> {
  const all = await readRecords(store(), await listKeys(store()), newsletterSubscriptionSchema);
  return all
    .filter((s) => s.status === 'confirmed')
    .map(toRow)
    .sort(newestFirst);
}

export type ListedStatus = 'confirmed' | 'pending' | 'unsubscribed';

/**
 * One page of confirmed subscriptions (or of signups still waiting for confirmation, or of
 * addresses that unsubscribed) whose address contains `q`, newest first.
 */
export async function listSubscriptions(
  query: PageQuery,
  status: ListedStatus = 'confirmed',
): Promise<Page<SubscriberRow>> {
  const needle = query.q.toLowerCase();
  const now = Date.now();
  const keep = (s: SubscriberRow) =>
    s.status === status && !isExpired(s, now) && (!needle || s.email.includes(needle));
  const { page, pageSize } = query;
  // A plain page of confirmed or unsubscribed addresses reads the index only as far as it shows,
  // and its total from the index's head; a search, or signups that expire as time passes, count
  // every row.
  if (!needle && status !== 'pending') {
    const found = await findSubscriptions(keep, (page - 1) * pageSize, pageSize);
    return { items: found.rows, total: found.byStatus[status], page, pageSize };
  }
  const matches = (await indexedSubscriptions()).filter(keep);
  return {
    items: matches.slice((page - 1) * pageSize, page * pageSize),
    total: matches.length,
    page,
    pageSize,
  };
}

/** The number of confirmed subscribers (from the index's head). */
export async function countSubscriptions(): Promise<number> {
  return (await countByStatus()).confirmed;
}

/** The subscription of an address, or null. */
export async function findSubscription(email: string): Promise<NewsletterSubscription | null> {
  return (
    (await readJSON(store(), subscriptionId(email), newsletterSubscriptionSchema))?.value ?? null
  );
}

/**
 * Removes a subscription by id: record, then marker, then its index row; 404 when none exists.
 * A delete that failed after the record went is finished by repeating it (the row is still listed).
 */
export async function deleteSubscription(id: string): Promise<SubscriberRow> {
  const found =
    (await readJSON(store(), id, newsletterSubscriptionSchema))?.value ??
    (await indexedSubscription(id));
  if (!found) throw new HttpError(404, 'Subscription not found');
  await deleteKey(store(), id);
  await deleteMarker(found);
  await listAsStored([id]);
  return toRow(found);
}

/** An admin deletes a subscription; in History (restorable), no rebuild. */
export async function removeSubscription(
  user: Pick<User, 'username'>,
  id: string,
): Promise<SubscriberRow> {
  const removed = await deleteSubscription(id);
  await commitChange(
    user,
    {
      action: 'delete',
      target: `subscriptions/${removed.id}`,
      summary: removed.email,
      before: removed,
    },
    { rebuild: false },
  );
  return removed;
}

/**
 * Deletes signups whose confirmation link ran out (re-checked on the record), or returns those of
 * addresses that had unsubscribed to the unsubscribed list; answers how many went.
 */
export async function forgetExpiredSignups(): Promise<number> {
  const now = Date.now();
  let forgotten = 0;
  for (const row of (await indexedSubscriptions()).filter((s) => isExpired(s, now))) {
    const record = (await readJSON(store(), row.id, newsletterSubscriptionSchema))?.value;
    if (record && !isExpired(record, now)) continue; // asked again meanwhile
    // A signup of an address that had unsubscribed, left unconfirmed: it is unsubscribed again.
    if (record?.unsubscribedAt) {
      await backToUnsubscribed(row.id, now);
      forgotten++;
      continue;
    }
    await deleteSubscription(row.id).catch((error: unknown) => {
      if (!(error instanceof HttpError && error.status === 404)) throw error;
    });
    forgotten++;
  }
  return forgotten;
}

/** Returns an expired signup of an address that unsubscribed before to the unsubscribed list. */
async function backToUnsubscribed(id: string, now: number): Promise<void> {
  const updated = await updateJSON(store(), id, newsletterSubscriptionSchema, gone, (current) => {
    if (!isExpired(current, now)) return current;
    const { confirmTokenHash: _t, confirmSentAt: _s, ...rest } = current;
    return { ...rest, status: 'unsubscribed' as const };
  }).catch((error: unknown) => {
    if (error instanceof Gone) return null;
    throw error;
  });
  if (updated) await updateRow(updated);
}

class Gone extends Error {}
const gone = (): never => {
  throw new Gone('The signup was deleted meanwhile');
};

/**
 * Stores existing, confirmed subscriptions (with their own dates) in the current layout, marker
 * then record, a few at a time: for imports, the scale benchmark and tests. Addresses already
 * present, and addresses that unsubscribed (the suppression list, one read each), are skipped.
 */
export async function importSubscriptions(
  list: Pick<NewsletterSubscription, 'email' | 'createdAt'>[],
  concurrency = 16,
): Promise<number> {
  let next = 0;
  const created: NewsletterSubscription[] = [];
  const worker = async () => {
    while (next < list.length) {
      const { email, createdAt } = list[next++]!;
      const record = newsletterSubscriptionSchema.parse({
        id: subscriptionId(email),
        email: normaliseEmail(email),
        createdAt,
        form: 'import',
      });
      if (await isSuppressed(record.id)) continue;
      if ((await create(record)).created) created.push(record);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await listAsStored(created.map((s) => s.id));
  return created.length;
}

/**
 * Re-creates a deleted subscription from its history entry (a restore), as it was. Never for an
 * address that unsubscribed since: only its owner's new, confirmed signup brings that back.
 */
export async function reinsertSubscription(before: { id: string }): Promise<SubscriberRow> {
  const record = newsletterSubscriptionSchema.parse(before);
  if (record.id !== subscriptionId(record.email))
    throw new HttpError(400, 'the old version does not match its address');
  await assertNotSuppressed(record.id);
  const { created, stored } = await create(record);
  // This very record back already: a restore cut off before the index took it in, which no list,
  // count or send would see. Listed now (a row replaced by itself if it was listed).
  if (!created && stored && markerKey(stored) === markerKey(record))
    await listAsStored([record.id]);
  if (!created)
    throw new HttpError(
      409,
      'This address is on the list again already, so the deleted subscription cannot be re-created',
    );
  await listAsStored([record.id]);
  return toRow(record);
}
