import { z } from 'zod';
import type { User } from '../../schemas/user';
import { newestFirstKey } from '../storage/keys';
import { readRecords } from '../storage/records';
import { blobCall, openStore, STORES, writeJSON } from '../storage/store';

/*
 * The record of every erasure and export of personal data: who, when, what kind and how many,
 * never the data itself. One key per entry (`a/<newest-first key>`) in the privacy store, so
 * simultaneous exports never contend and a plain listing is newest first.
 */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  user: z.string(),
  action: z.enum(['erase', 'export', 'retention']),
  /** What kind of data: 'contact-forms', 'subscriptions', 'person', ... */
  what: z.string(),
  /** How many records it covered, where known before the data goes out. */
  count: z.number().int().min(0).optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const PREFIX = 'a/';
const store = () => openStore(STORES.privacy);

/** Records an erasure or export (`user` is the admin, or 'system' for the retention schedule). */
export async function recordAudit(
  user: Pick<User, 'username'> | 'system',
  entry: Pick<AuditEntry, 'action' | 'what' | 'count'>,
): Promise<AuditEntry> {
  const id = newestFirstKey();
  return writeJSON(store(), `${PREFIX}${id}`, auditEntrySchema, {
    ...entry,
    id,
    at: new Date().toISOString(),
    user: user === 'system' ? 'system' : user.username,
  });
}

/** The newest `limit` entries, newest first; only those are read. */
export async function listAudit(limit = 100): Promise<AuditEntry[]> {
  const keys: string[] = [];
  await blobCall('list audit log', async () => {
    for await (const { blobs } of store().list({ prefix: PREFIX, paginate: true })) {
      keys.push(...blobs.map((b) => b.key));
      if (keys.length >= limit) break;
    }
  });
  return readRecords(store(), keys.sort().slice(0, limit), auditEntrySchema);
}
