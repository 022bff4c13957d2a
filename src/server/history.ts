import { z } from 'zod';
import type { User } from '../schemas/user';
import { listJSON, openStore, readJSON, STORES, writeJSON } from './store';

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

/**
 * Records an admin change. One key per entry, named so that a plain listing sorts newest
 * first (inverted timestamp), so simultaneous changes never contend.
 */
export async function recordChange(
  user: Pick<User, 'username'>,
  change: Omit<HistoryEntry, 'id' | 'at' | 'user'>,
): Promise<HistoryEntry> {
  const now = Date.now();
  const id = `${String(9_999_999_999_999 - now).padStart(13, '0')}-${crypto.randomUUID().slice(0, 8)}`;
  return writeJSON(openStore(STORES.history), id, historyEntrySchema, { ...change, id, at: new Date(now).toISOString(), user: user.username });
}

/** The newest `limit` entries, newest first. */
export async function listHistory(limit = 100): Promise<HistoryEntry[]> {
  const entries = await listJSON(openStore(STORES.history), historyEntrySchema);
  return entries.sort((a, b) => a.id.localeCompare(b.id)).slice(0, limit);
}

/** One entry by id. */
export async function getHistoryEntry(id: string): Promise<HistoryEntry | null> {
  return (await readJSON(openStore(STORES.history), id, historyEntrySchema))?.value ?? null;
}
