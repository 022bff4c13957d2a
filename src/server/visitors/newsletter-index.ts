import { z } from 'zod';
import {
  newsletterSubscriptionSchema,
  toRow,
  type NewsletterSubscription,
  type SubscriberRow,
} from '../../schemas/newsletter-subscription';
import { newestFirstKey } from '../storage/keys';
import { dayOf, logIndex, type Counts, type RowPosition } from '../storage/log-index';
import { listKeys, readRecords } from '../storage/records';
import { blobCall, createJSON, deleteKey, openStore, STORES, writeJSON } from '../storage/store';

/*
 * The subscriber index (see storage/log-index/), so that listing, searching and counting never
 * read 50,000 records. A signup writes a marker in the system store,
 * `newsletter-index/<day>/<inverted ms>-<id>`, holding only the id, and then its record (keyed by
 * the address's hash, so signups are unique without a shared list). In that order a signup that
 * fails half-way leaves at most a marker without a record, which the index skips, never a record
 * the index cannot see. The snapshot `newsletter-snapshot` holds every subscription as a plain row.
 */
const system = () => openStore(STORES.system);
const records = () => openStore(STORES.newsletter);
const MARKERS = 'newsletter-index/';

// The snapshot's rows were validated as records when they were written; re-checking 50,000
// addresses against the email rule on every read would cost more than the rest of the request.
// A marker names its record and nothing more, so an address lives only in the record: a marker left
// by a signup that failed holds no personal data. (Markers of the earlier layout hold a copy.)
const markerSchema = z.object({ id: z.string() });
// Rows written before double opt-in have no status: they read as confirmed.
const rowSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  status: z.enum(['pending', 'confirmed', 'unsubscribed']).default('confirmed'),
  requestedAt: z.string().optional(),
  confirmedAt: z.string().optional(),
  unsubscribedAt: z.string().optional(),
  source: z.string().optional(),
  form: z.enum(['inline', 'popup', 'import', 'unknown']).optional(),
  consent: z.string().optional(),
  topics: z.array(z.string()).optional(),
  topicsChangedAt: z.string().optional(),
});

/** Newest first; ties by address, so the order is total. */
export const newestFirst = (a: SubscriberRow, b: SubscriberRow) =>
  b.createdAt.localeCompare(a.createdAt) || a.email.localeCompare(b.email);

const idOfTailKey = (key: string) => key.slice(key.lastIndexOf('-') + 1);

const index = logIndex<SubscriberRow>({
  what: 'subscriber',
  snapshotStore: system,
  snapshotKey: 'newsletter-snapshot',
  row: rowSchema,
  idOf: (s) => s.id,
  timeOf: (s) => s.createdAt,
  order: newestFirst,
  tally: (s) => s.status,
  tailStore: system,
  tailPrefix: MARKERS,
  idOfTailKey,
  // The record itself, not the marker's copy: a repeat signup that heals a marker while a delete of
  // the same address runs can leave a marker whose record is gone, and that must not be listed.
  rowsOfTailKeys: async (keys) =>
    (await readRecords(records(), keys.map(idOfTailKey), newsletterSubscriptionSchema)).map(toRow),
  scan: async () =>
    (await readRecords(records(), await listKeys(records()), newsletterSubscriptionSchema)).map(
      toRow,
    ),
  orphans: async (ids) =>
    (
      await readRecords(
        records(),
        (await listKeys(records())).filter((id) => !ids.has(id)),
        newsletterSubscriptionSchema,
      )
    ).map(toRow),
});

/** The marker key of a subscription: its day, then an inverted time so a day lists newest first. */
export function markerKey(s: Pick<NewsletterSubscription, 'id' | 'createdAt'>): string {
  return `${MARKERS}${dayOf(s.createdAt)}/${newestFirstKey(Date.parse(s.createdAt), s.id)}`;
}

/** Writes a subscription's marker (idempotent: the key and value follow from the record). */
export async function writeMarker(
  s: Pick<NewsletterSubscription, 'id' | 'createdAt'>,
): Promise<void> {
  await writeJSON(system(), markerKey(s), markerSchema, { id: s.id });
}

/**
 * Writes a subscription's marker unless it is there; answers whether it was missing. A signup
 * makes this one conditional write whether its address is new or known, so neither takes longer.
 */
export async function createMarker(
  s: Pick<NewsletterSubscription, 'id' | 'createdAt'>,
): Promise<boolean> {
  return createJSON(system(), markerKey(s), markerSchema, { id: s.id });
}

/** True when the subscription's marker exists (a record without one is healed by its repeat signup). */
export async function hasMarker(
  s: Pick<NewsletterSubscription, 'id' | 'createdAt'>,
): Promise<boolean> {
  return (
    (await blobCall(`read ${markerKey(s)}`, () => system().getMetadata(markerKey(s)))) !== null
  );
}

export async function deleteMarker(
  s: Pick<NewsletterSubscription, 'id' | 'createdAt'>,
): Promise<void> {
  await deleteKey(system(), markerKey(s));
}

/** Every subscription, newest first (a shared, read-only array). */
export const indexedSubscriptions = (): Promise<readonly SubscriberRow[]> => index.rows();

/** Every subscription, newest first, a chunk of the index at a time (for exports). */
export const subscriptionBatches = (
  after?: RowPosition,
): AsyncGenerator<readonly SubscriberRow[]> =>
  // `newestFirst` reads only the time and the address: a row holding just those is where to carry on.
  index.batches(after && { id: '', email: after.key, createdAt: after.time, status: 'confirmed' });

/** Where an export that wrote this subscription carries on from. */
export const positionOfSubscription = (s: SubscriberRow): RowPosition => ({
  time: s.createdAt,
  key: s.email,
});

/** Subscriptions `skip` to `skip + take` of those `keep` accepts, newest first: reads only as far as that. */
export async function findSubscriptions(
  keep: (s: SubscriberRow) => boolean,
  skip: number,
  take: number,
): Promise<{ rows: SubscriberRow[]; byStatus: Record<SubscriberRow['status'], number> }> {
  const { rows, counts } = await index.find(keep, skip, take);
  return { rows, byStatus: byStatus(counts) };
}

const byStatus = ({ tally }: Counts): Record<SubscriberRow['status'], number> => ({
  pending: tally.pending ?? 0,
  confirmed: tally.confirmed ?? 0,
  unsubscribed: tally.unsubscribed ?? 0,
});

/** How many subscriptions are stored in each status (from the index's head alone). */
export const countByStatus = async () => byStatus(await index.counts());

/** Deletes the index's copies of subscriptions already deleted, kept a while for readers (erasure). */
export const forgetDeletedSubscriptions = (): Promise<void> => index.dropRetired();

/** The indexed subscription with this id, if any. */
export async function indexedSubscription(id: string): Promise<SubscriberRow | undefined> {
  return (await index.rows()).find((s) => s.id === id);
}

/**
 * Adds subscriptions written straight to the store (records and markers already there) to the
 * snapshot in one write, trusting that none was deleted meanwhile: for the benchmark's seeding of
 * tens of thousands, where nothing else runs. Anything that can race a delete uses listAsStored.
 */
export async function addToSnapshot(list: NewsletterSubscription[]): Promise<void> {
  if (list.length === 0) return;
  await index.update((items) => {
    const have = new Set(items.map((s) => s.id));
    return [...items, ...list.filter((s) => !have.has(s.id)).map(toRow)];
  });
}

/**
 * Makes the snapshot's rows of these subscriptions what the store holds now: a row for each record
 * that exists, none for one that is gone. The records are read inside the guarded write, so of a
 * signup, import or restore and a delete of the same address racing each other, the step that
 * lands last lists what the store holds after both. Signups, imports and restores need it because
 * their markers may lie on days the fold has moved past (a healed marker carries the record's
 * original time, an import's its own date), so the fold would never add their rows; a delete, so
 * that a record stored again meanwhile keeps its row. It always writes, even when nothing changes,
 * so a concurrent fold redoes its listing.
 */
export async function listAsStored(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const these = new Set(ids);
  await index.update(async (items) => [
    ...items.filter((s) => !these.has(s.id)),
    ...(await readRecords(records(), ids, newsletterSubscriptionSchema)).map(toRow),
  ]);
}

/**
 * Replaces a subscription's row after its record changed (confirmed, asked again, new topics): the
 * fold adds only rows it has not seen. A row no longer in the snapshot (deleted meanwhile) stays
 * out. The row is made from the record as stored when the index is written, not from the caller's
 * copy: two changes of one subscription (a reader saving topics twice, or unsubscribing while a
 * save is under way) can reach here in the other order than they landed on the record. Read inside
 * the guarded update, as listAsStored reads, a change landing meanwhile makes this write retry.
 */
export async function updateRow(s: NewsletterSubscription): Promise<void> {
  let found = false;
  const replace = async (items: SubscriberRow[]) => {
    if (!items.some((r) => r.id === s.id)) return items;
    found = true;
    const stored = (await readRecords(records(), [s.id], newsletterSubscriptionSchema))[0];
    // Deleted meanwhile: its delete takes the row out.
    if (!stored) return items;
    return items.map((r) => (r.id === s.id ? toRow(stored) : r));
  };
  // A record keeps its createdAt, so its row is where that time is; else it is looked for everywhere.
  await index.update(replace, { oldest: s.createdAt, newest: s.createdAt });
  if (!found) await index.update(replace);
}
