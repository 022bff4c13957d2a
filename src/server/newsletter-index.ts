import { z } from 'zod';
import { newsletterSubscriptionSchema, type NewsletterSubscription } from '../schemas/newsletter-subscription';
import { dayOf, logIndex } from './log-index';
import { listKeys, readRecords } from './records';
import { blobCall, deleteKey, openStore, STORES, writeJSON } from './store';

/*
 * The subscriber index (see log-index.ts), so that listing, searching and counting never read
 * 50,000 records. A signup writes its record (keyed by the address's hash, so signups are unique
 * without a shared list) and then a marker in the system store,
 * `newsletter-index/<day>/<inverted ms>-<id>`, holding a copy of the record. The snapshot
 * `newsletter-snapshot` holds every subscription as a plain row.
 */
const system = () => openStore(STORES.system);
const records = () => openStore(STORES.newsletter);
const MARKERS = 'newsletter-index/';

// The snapshot's rows were validated as records when they were written; re-checking 50,000
// addresses against the email rule on every read would cost more than the rest of the request.
const rowSchema = z.object({ id: z.string(), email: z.string(), createdAt: z.string() });

/** Newest first; ties by address, so the order is total. */
export const newestFirst = (a: NewsletterSubscription, b: NewsletterSubscription) => b.createdAt.localeCompare(a.createdAt) || a.email.localeCompare(b.email);

const idOfTailKey = (key: string) => key.slice(key.lastIndexOf('-') + 1);

const index = logIndex<NewsletterSubscription>({
  what: 'subscriber',
  snapshotStore: system,
  snapshotStoreName: STORES.system,
  snapshotKey: 'newsletter-snapshot',
  row: rowSchema,
  idOf: (s) => s.id,
  order: newestFirst,
  tailStore: system,
  tailPrefix: MARKERS,
  idOfTailKey,
  // The record itself, not the marker's copy: a repeat signup that heals a marker while a delete of
  // the same address runs can leave a marker whose record is gone, and that must not be listed.
  rowsOfTailKeys: (keys) => readRecords(records(), keys.map(idOfTailKey), newsletterSubscriptionSchema),
  scan: async () => readRecords(records(), await listKeys(records()), newsletterSubscriptionSchema),
});

/** The marker key of a subscription: its day, then an inverted time so a day lists newest first. */
export function markerKey(s: Pick<NewsletterSubscription, 'id' | 'createdAt'>): string {
  const inverted = String(9_999_999_999_999 - Date.parse(s.createdAt)).padStart(13, '0');
  return `${MARKERS}${dayOf(s.createdAt)}/${inverted}-${s.id}`;
}

/** Writes a subscription's marker (idempotent: the key and value follow from the record). */
export async function writeMarker(s: NewsletterSubscription): Promise<void> {
  await writeJSON(system(), markerKey(s), newsletterSubscriptionSchema, s);
}

/** True when the subscription's marker exists (a signup that failed half-way is healed by its repeat). */
export async function hasMarker(s: NewsletterSubscription): Promise<boolean> {
  return (await blobCall(`read ${markerKey(s)}`, () => system().getMetadata(markerKey(s)))) !== null;
}

export async function deleteMarker(s: NewsletterSubscription): Promise<void> {
  await deleteKey(system(), markerKey(s));
}

/** Every subscription, newest first (a shared, read-only array). */
export const indexedSubscriptions = (): Promise<readonly NewsletterSubscription[]> => index.rows();

/** The indexed subscription with this id, if any. */
export async function indexedSubscription(id: string): Promise<NewsletterSubscription | undefined> {
  return (await index.rows()).find((s) => s.id === id);
}

/**
 * Adds imported subscriptions (record and marker already written): those of days the snapshot has
 * already folded would otherwise be missed. Imports are an offline tool (seeding, benchmarks), so
 * no delete of the same address is expected to race them.
 */
export async function addToSnapshot(list: NewsletterSubscription[]): Promise<void> {
  if (list.length === 0) return;
  await index.update((items) => {
    const have = new Set(items.map((s) => s.id));
    return [...items, ...list.filter((s) => !have.has(s.id))];
  });
}

/**
 * Removes a deleted subscription from the snapshot (its record and marker are already gone). It
 * always writes, even when the id is absent, so a concurrent fold redoes its listing.
 */
export async function dropFromSnapshot(id: string): Promise<void> {
  await index.update((items) => items.filter((s) => s.id !== id));
}
