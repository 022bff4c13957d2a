import { z } from 'zod';
import type { User } from '../schemas/user';
import { requestRebuild } from './publish';
import { listKeys, readRecords } from './records';
import { openStore, readJSON, STORES, writeJSON } from './store';

/** One recorded admin change: who, when, what, and the record before and after. */
export const historyEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  user: z.string(),
  /** e.g. 'update', 'create', 'delete', 'reorder', 'restore'. */
  action: z.string(),
  /** What was changed, e.g. 'site-settings', 'events/<id>', 'contact-forms/<id>'. */
  target: z.string(),
  /** Short human summary, e.g. 'heroTitle' or 'Responsible AI Workshop'. */
  summary: z.string().default(''),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  /** For a restore: the entry it restored. */
  restoredFrom: z.string().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

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
  const entry = await writeJSON(openStore(STORES.history), id, historyEntrySchema, { ...change, id, at: new Date(now).toISOString(), user: user.username });
  await recordActivity(entry);
  return entry;
}

// Each user's changes are also kept under `by-user/<name>/<entry id>` (without before/after), so
// the users page reads one user's recent activity without reading the whole log.
const activityPrefix = (username: string) => `by-user/${encodeURIComponent(username.toLowerCase())}/`;

async function recordActivity(entry: HistoryEntry): Promise<void> {
  const { before: _b, after: _a, ...brief } = entry;
  await writeJSON(openStore(STORES.history), `${activityPrefix(entry.user)}${entry.id}`, historyEntrySchema, brief);
}

/** A user's newest `limit` changes, newest first (before/after left out). */
export async function listUserActivity(username: string, limit = 10): Promise<HistoryEntry[]> {
  const store = openStore(STORES.history);
  const keys = (await listKeys(store, activityPrefix(username))).sort().slice(0, limit);
  return readRecords(store, keys, historyEntrySchema);
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
