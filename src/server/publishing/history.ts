import { historyEntrySchema, type HistoryEntry, type HistoryPage } from '../../schemas/history';
import type { PublishState } from '../../schemas/publish-state';
import type { User } from '../../schemas/user';
import { StorageError } from '../http/errors';
import { newestFirstKey } from '../storage/keys';
import { markHistoryEntry } from '../storage/person-index';
import { noteImageUses } from './media-uses';
import { requestRebuild } from './publish';
import { readRecords } from '../storage/records';
import { blobCall, createJSON, openStore, readJSON, STORES, writeJSON } from '../storage/store';

export type { HistoryEntry };

/** What a caller describes about a change; the entry's id, time and user are added here. */
export type ChangeRecord = Omit<HistoryEntry, 'id' | 'at' | 'user'>;

// Keys are newest-first keys (keys.ts): a plain (lexicographic) listing is newest first.
const ID_PATTERN = /^\d{13}-[0-9a-f]{8}$/;

/**
 * Writes a change's entry. One key per entry, named so that a plain listing sorts newest
 * first (inverted timestamp), so simultaneous changes never contend. Only `commitChange` calls it.
 */
async function recordChange(
  user: Pick<User, 'username'>,
  change: ChangeRecord,
  given?: string,
): Promise<HistoryEntry> {
  const now = Date.now();
  const id = given ?? newEntryId(now);
  // Marked first, so erasing a person finds every entry that holds their data (person-index.ts).
  await markHistoryEntry(change.target, id);
  const store = openStore(STORES.history);
  const value = { ...change, id, at: new Date(now).toISOString(), user: user.username };
  let entry: HistoryEntry;
  if (given === undefined) entry = await writeJSON(store, id, historyEntrySchema, value);
  else if (await createJSON(store, id, historyEntrySchema, value))
    entry = historyEntrySchema.parse(value);
  else {
    // A retry of a change whose entry landed: that entry stands, and is not written twice.
    const found = await readJSON(store, id, historyEntrySchema);
    if (!found) throw new StorageError(`History entry ${id} could not be read back`);
    entry = found.value;
  }
  await recordActivity(entry);
  return entry;
}

/** A new entry's id: a newest-first key (keys.ts), so a plain listing is newest first. */
export const newEntryId = (now = Date.now()) =>
  newestFirstKey(now, crypto.randomUUID().slice(0, 8));

// Each user's changes are also kept under `by-user/<name>/<entry id>` (without before/after), so
// the users page reads one user's recent activity without reading the whole log.
const activityPrefix = (username: string) =>
  `by-user/${encodeURIComponent(username.toLowerCase())}/`;

async function recordActivity(entry: HistoryEntry): Promise<void> {
  const { before: _b, after: _a, ...brief } = entry;
  await writeJSON(
    openStore(STORES.history),
    `${activityPrefix(entry.user)}${entry.id}`,
    historyEntrySchema,
    brief,
  );
}

/** A user's newest `limit` changes, newest first (before/after left out); lists only as far as it needs. */
export async function listUserActivity(username: string, limit = 10): Promise<HistoryEntry[]> {
  const store = openStore(STORES.history);
  const keys: string[] = [];
  await blobCall('list activity', async () => {
    for await (const { blobs } of store.list({
      prefix: activityPrefix(username),
      paginate: true,
    })) {
      keys.push(...blobs.map((b) => b.key));
      if (keys.length >= limit) break;
    }
  });
  return readRecords(store, keys.sort().slice(0, limit), historyEntrySchema);
}

/** How far a change reaches. */
export interface CommitOptions {
  /**
   * Whether the built pages show it, so the site is rebuilt (the default). False for what only
   * admins see (accounts, the inbox, subscribers, preview links), and for one step of a larger
   * change whose own entry asks for the rebuild once, at the end.
   */
  rebuild?: boolean;
  /**
   * The entry's id, decided beforehand (newEntryId) by a change that may be retried after a
   * crash (an approval): its entry is then written once, and a retry answers the one written.
   */
  id?: string;
}

/**
 * The change pipeline: every change an admin (or the scheduled release check) makes is recorded
 * here, in History, and from here asks for the rebuild that brings it to the built pages. No other
 * module writes History entries or calls publish.ts's requestRebuild (eslint.config.js keeps it so), so
 * a change cannot reach the site without its entry, and the callers only say whether visitors see it.
 */
export async function commitChange(
  user: Pick<User, 'username'>,
  change: ChangeRecord,
  { rebuild = true, id }: CommitOptions = {},
): Promise<HistoryEntry> {
  const entry = await recordChange(user, change, id);
  // Every change passes here with its before and after: the one place the image uses are kept.
  await noteImageUses(change);
  if (rebuild) await publish();
  return entry;
}

/**
 * The one way to publish with no change to record: the Publish button (`force`, a build even when
 * one is queued), a release time coming due (its entries follow), an erasure (kept in the audit
 * log, not in History). Debounced and coalesced in publish.ts.
 */
export async function publish({ force = false } = {}): Promise<PublishState> {
  return requestRebuild(force);
}

/** A reorder of the same list by the same person this soon after their last one joins that entry. */
const MERGE_REORDERS_MS = 10 * 60_000;

/**
 * Records a reorder, then asks for a rebuild. Dragging one card five places is several moves, and
 * each is saved: when the log's newest entry is this person's reorder of the same list a few
 * minutes ago, that entry takes the new order as its "after" (keeping its "before"), so History
 * reads one change and restoring it undoes the whole sequence.
 */
export async function commitReorder(
  user: Pick<User, 'username'>,
  change: ChangeRecord,
): Promise<HistoryEntry> {
  const [last] = await listHistory(1);
  const joins =
    last &&
    last.action === 'reorder' &&
    last.target === change.target &&
    last.user === user.username &&
    Date.now() - Date.parse(last.at) < MERGE_REORDERS_MS;
  if (!joins) return commitChange(user, change);
  const merged = await writeJSON(openStore(STORES.history), last.id, historyEntrySchema, {
    ...last,
    after: change.after,
    at: new Date().toISOString(),
  });
  await recordActivity(merged);
  await publish();
  return merged;
}

/**
 * Entries `offset` to `offset + count` of the log, newest first, and whether more follow. A listing
 * comes in key order a page of 1,000 keys at a time, and the keys sort newest first, so only the
 * listing pages up to the wanted entries are fetched, and only the wanted entries are read.
 */
async function slice(
  offset: number,
  count: number,
): Promise<{ items: HistoryEntry[]; hasMore: boolean }> {
  const store = openStore(STORES.history);
  const keys: string[] = [];
  await blobCall('list history', async () => {
    for await (const { blobs } of store.list({ paginate: true })) {
      for (const { key } of blobs) if (ID_PATTERN.test(key)) keys.push(key);
      if (keys.length > offset + count) break;
    }
  });
  keys.sort();
  return {
    items: await readRecords(store, keys.slice(offset, offset + count), historyEntrySchema),
    hasMore: keys.length > offset + count,
  };
}

/** The newest `limit` entries, newest first. Only those entries are read, not the whole log. */
export async function listHistory(limit = 100): Promise<HistoryEntry[]> {
  return (await slice(0, limit)).items;
}

/** Page `page` (from 1) of the log, `pageSize` entries, newest first. */
export async function listHistoryPage(page: number, pageSize: number): Promise<HistoryPage> {
  return { ...(await slice((page - 1) * pageSize, pageSize)), page, pageSize };
}

/** One entry by id, or null (also for ids that cannot be history keys). */
export async function getHistoryEntry(id: string): Promise<HistoryEntry | null> {
  if (!ID_PATTERN.test(id)) return null;
  return (await readJSON(openStore(STORES.history), id, historyEntrySchema))?.value ?? null;
}

/**
 * Erases the personal data an entry holds (its before/after records and its summary, which names
 * the person), in the log and in its author's activity copy. What stays says who changed what kind
 * of record when; the entry can no longer be restored. Returns the entry as it was, or null.
 */
export async function eraseHistoryEntry(id: string): Promise<HistoryEntry | null> {
  const entry = await getHistoryEntry(id);
  if (!entry) return null;
  const { before: _b, after: _a, restoredFrom: _r, ...kept } = entry;
  const erased = { ...kept, summary: 'Personal data erased', erased: true as const };
  const store = openStore(STORES.history);
  await writeJSON(store, id, historyEntrySchema, erased);
  await writeJSON(store, `${activityPrefix(entry.user)}${id}`, historyEntrySchema, erased);
  return entry;
}

/** Every entry's id and target, read one by one: only for marking entries written before person-index.ts. */
export async function scanHistoryTargets(): Promise<{ id: string; target: string }[]> {
  const store = openStore(STORES.history);
  const keys: string[] = [];
  await blobCall('list history', async () => {
    for await (const { blobs } of store.list({ paginate: true }))
      for (const { key } of blobs) if (ID_PATTERN.test(key)) keys.push(key);
  });
  return (await readRecords(store, keys, historyEntrySchema)).map((e) => ({
    id: e.id,
    target: e.target,
  }));
}
