import { historyEntrySchema, type HistoryEntry } from '../schemas/history';
import type { User } from '../schemas/user';
import { requestRebuild } from './publish';
import { listKeys, readRecords } from './records';
import { openStore, readJSON, STORES, writeJSON } from './store';

export type { HistoryEntry };

/** What a caller describes about a change; the entry's id, time and user are added here. */
export type ChangeRecord = Omit<HistoryEntry, 'id' | 'at' | 'user'>;

// Keys are the inverted timestamp, so a plain (lexicographic) listing is newest first.
const ID_PATTERN = /^\d{13}-[0-9a-f]{8}$/;

/**
 * Records an admin change. One key per entry, named so that a plain listing sorts newest
 * first (inverted timestamp), so simultaneous changes never contend.
 */
export async function recordChange(user: Pick<User, 'username'>, change: ChangeRecord): Promise<HistoryEntry> {
  const now = Date.now();
  const id = `${String(9_999_999_999_999 - now).padStart(13, '0')}-${crypto.randomUUID().slice(0, 8)}`;
  return writeJSON(openStore(STORES.history), id, historyEntrySchema, { ...change, id, at: new Date(now).toISOString(), user: user.username });
}

/** Records an admin content change, then asks for a rebuild (debounced and coalesced there). */
export async function commitChange(user: Pick<User, 'username'>, change: ChangeRecord): Promise<HistoryEntry> {
  const entry = await recordChange(user, change);
  await requestRebuild();
  return entry;
}

/** The newest `limit` entries, newest first. Only those entries are read, not the whole log. */
export async function listHistory(limit = 100): Promise<HistoryEntry[]> {
  const store = openStore(STORES.history);
  const keys = (await listKeys(store)).filter((k) => ID_PATTERN.test(k)).sort().slice(0, limit);
  return readRecords(store, keys, historyEntrySchema);
}

/** One entry by id, or null (also for ids that cannot be history keys). */
export async function getHistoryEntry(id: string): Promise<HistoryEntry | null> {
  if (!ID_PATTERN.test(id)) return null;
  return (await readJSON(openStore(STORES.history), id, historyEntrySchema))?.value ?? null;
}
