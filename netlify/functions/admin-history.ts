// GET  /api/admin/history?limit=N        (editor) -> the newest N changes (editors: without personal data) (default 50, at most 500), newest first;
//                                          an entry that has no restore says why in `notRestorable`
// GET  /api/admin/history?page=P&pageSize=S (editor) -> { items, page, pageSize, hasMore }: page P (from 1) of S
//                                          changes (default 20, at most 100), newest first (editors: without personal data)
// POST /api/admin/history/:id/restore    (editor) -> restores the entry's "before" state and answers the new
//                                          'restore' entry; 404 unknown entry, 409 when it cannot be restored
import { z } from 'zod';
import { requirePermission } from '../../src/server/auth/guard';
import { assertNoFormBody, byPath, json, parseWith, route } from '../../src/server/http/http';
import { pageQuerySchema, queryOf } from '../../src/server/storage/records';
import { historyFor, historyPageFor } from '../../src/server/publishing/site-changes';
import type { HistoryEntry, ListedHistoryEntry } from '../../src/schemas/history';
import { restoreEntry } from '../../src/server/workflows/restore';
import { whyNotRestorable } from '../../src/server/workflows/restorable';

const querySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(500, 'limit must be at most 500')
    .default(50),
});

/** Says of each entry that has no restore why not, so the admin offers Restore only where it works. */
const listed = (entries: HistoryEntry[]): ListedHistoryEntry[] =>
  entries.map((entry) => {
    const why = whyNotRestorable(entry);
    return why ? { ...entry, notRestorable: why } : entry;
  });

export default byPath({
  '/api/admin/history': route({
    async GET(req) {
      const user = await requirePermission(req, 'content');
      const query = queryOf(req);
      if (query.page !== undefined) {
        const { page, pageSize } = parseWith(pageQuerySchema, query);
        const found = await historyPageFor(user, page, pageSize);
        return json({ ...found, items: listed(found.items) });
      }
      const { limit } = parseWith(querySchema, { limit: query.limit });
      return json(listed(await historyFor(user, limit)));
    },
  }),
  '/api/admin/history/:id/restore': route({
    async POST(req, ctx) {
      const user = await requirePermission(req, 'content');
      assertNoFormBody(req);
      return json(await restoreEntry(user, ctx.params.id ?? ''));
    },
  }),
});

export const config = { path: ['/api/admin/history', '/api/admin/history/:id/restore'] };
