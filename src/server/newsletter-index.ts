import { z } from 'zod';
import { newsletterSubscriptionSchema, type NewsletterSubscription } from '../schemas/newsletter-subscription';
import { StorageError } from './errors';
import { listKeys, readRecords } from './records';
import { blobCall, createJSON, deleteKey, openStore, readJSON, STORES, updateJSON, writeJSON } from './store';

/*
 * The subscriber index, so that listing, searching and counting never read 50,000 records:
 * - every signup also writes a small marker in the system store, `newsletter-index/<day>/<inverted ms>-<id>`
 *   (day = UTC date of createdAt). A signup writes only its own keys, so signups never contend.
 * - one snapshot document, `newsletter-snapshot`, holds every subscription from the days before its
 *   `watermark` day. A read is the snapshot plus the markers of the days from the watermark on (the
 *   "tail", normally today's), found by one prefix listing per such day.
 * - when the tail holds finished days, the reader folds them into the snapshot (etag-guarded, so a
 *   delete that changes the snapshot meanwhile makes the fold start again on fresh data).
 * A store written by the first layout (records only) has no snapshot: it is built once from a full
 * scan of the records and created only if still absent, so it is idempotent.
 * Why not list keys: a listing is a round trip per 1,000 keys on Netlify, and the local Blobs server
 * reads every file of a listing (20,000 keys take 8 to 20 s there).
 */
const system = () => openStore(STORES.system);
const records = () => openStore(STORES.newsletter);
const SNAPSHOT_KEY = 'newsletter-snapshot';
const MARKERS = 'newsletter-index/';
const snapshotSchema = z.object({ watermark: z.string(), items: z.array(newsletterSubscriptionSchema) });
type Snapshot = z.infer<typeof snapshotSchema>;

const dayOf = (createdAt: string) => createdAt.slice(0, 10);
// Only days before yesterday are folded: a signup stamped just before midnight whose marker lands
// just after it still finds its day in the tail.
const foldBefore = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

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

/** Days that have markers, oldest first (a directory listing: it reads no marker). */
async function markerDays(): Promise<string[]> {
  const { directories } = await blobCall('list days', () => system().list({ prefix: MARKERS, directories: true }));
  return directories.map((d) => d.replace(/\/$/, '').slice(MARKERS.length)).sort();
}

/** The subscriptions whose markers lie in the given days. */
async function markersOf(days: string[]): Promise<NewsletterSubscription[]> {
  const keys = (await Promise.all(days.map((day) => listKeys(system(), `${MARKERS}${day}/`)))).flat();
  return readRecords(system(), keys, newsletterSubscriptionSchema);
}

/** Newest first; ties by address, so the order is total. */
const newestFirst = (a: NewsletterSubscription, b: NewsletterSubscription) => b.createdAt.localeCompare(a.createdAt) || a.email.localeCompare(b.email);

/** Snapshot items plus tail items, one per id (a tail entry replaces a snapshot one). */
function merge(base: NewsletterSubscription[], tail: NewsletterSubscription[]): NewsletterSubscription[] {
  const tailIds = new Set(tail.map((s) => s.id));
  return [...base.filter((s) => !tailIds.has(s.id)), ...tail].sort(newestFirst);
}

/** The snapshot, built once from a full scan for a store the first layout wrote. */
async function snapshot(): Promise<{ value: Snapshot; etag: string | undefined }> {
  const found = await readJSON(system(), SNAPSHOT_KEY, snapshotSchema);
  if (found) return found;
  // Everything the scan finds is in the snapshot; markers written meanwhile are today's tail.
  const items = (await readRecords(records(), await listKeys(records()), newsletterSubscriptionSchema)).sort(newestFirst);
  await createJSON(system(), SNAPSHOT_KEY, snapshotSchema, { watermark: foldBefore(), items });
  const made = await readJSON(system(), SNAPSHOT_KEY, snapshotSchema);
  if (!made) throw new StorageError('The subscriber snapshot disappeared while it was built');
  return made;
}

/** An etag-guarded change to the snapshot, which exists by then (built by `snapshot()`). */
const updateSnapshot = (mutate: (doc: Snapshot) => Snapshot | Promise<Snapshot>) =>
  updateJSON(
    system(),
    SNAPSHOT_KEY,
    snapshotSchema,
    () => {
      throw new StorageError('The subscriber snapshot disappeared during an update');
    },
    mutate,
  );

/** Folds finished days of the tail into the snapshot (etag-guarded: re-listed on a conflict). */
async function compact(): Promise<void> {
  await updateSnapshot(async (doc) => {
    const until = foldBefore();
    const days = (await markerDays()).filter((d) => d >= doc.watermark && d < until);
    if (days.length === 0 && doc.watermark >= until) return doc;
    return { watermark: until > doc.watermark ? until : doc.watermark, items: merge(doc.items, await markersOf(days)) };
  });
}

/**
 * Every subscription, newest first: the snapshot plus the tail. Costs one read, one directory
 * listing, one listing per tail day and one read per tail marker.
 */
export async function indexedSubscriptions(): Promise<NewsletterSubscription[]> {
  let { value } = await snapshot();
  let days = (await markerDays()).filter((d) => d >= value.watermark);
  if (days.some((d) => d < foldBefore())) {
    await compact();
    value = (await snapshot()).value;
    days = days.filter((d) => d >= value.watermark);
  }
  return merge(value.items, await markersOf(days));
}

/**
 * Adds imported subscriptions (record and marker already written) whose day the snapshot has
 * already folded, so they are not missed; later days are found as tail markers.
 */
export async function addFoldedToSnapshot(list: NewsletterSubscription[]): Promise<void> {
  await snapshot();
  await updateSnapshot(async (doc) => {
    const folded = list.filter((s) => dayOf(s.createdAt) < doc.watermark);
    if (folded.length === 0) return doc;
    // Re-read: a subscription deleted since its import must not come back.
    const stillThere = await readRecords(records(), folded.map((s) => s.id), newsletterSubscriptionSchema);
    return { ...doc, items: merge(doc.items, stillThere) };
  });
}

/**
 * Removes a deleted subscription from the snapshot (its record and marker are already gone). It
 * always writes, even when the id is absent: a fold computed from a listing that still held the
 * marker then fails its etag check and is redone without it.
 */
export async function dropFromSnapshot(id: string): Promise<void> {
  await snapshot();
  await updateSnapshot((doc) => ({ ...doc, items: doc.items.filter((s) => s.id !== id) }));
}
