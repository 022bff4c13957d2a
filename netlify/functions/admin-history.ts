// GET  /api/admin/history?limit=N        (admin) -> the newest N changes (default 50, at most 500), newest first
// GET  /api/admin/history?page=P&pageSize=S (admin) -> { items, page, pageSize, hasMore }: page P (from 1) of S
//                                          changes (default 20, at most 100), newest first
// POST /api/admin/history/:id/restore    (admin) -> restores the entry's "before" state and answers the new
//                                          'restore' entry; 404 unknown entry, 409 when it cannot be restored
import { z } from 'zod';
import { assertNoFormBody, byPath } from '../../src/server/collection-routes';
import { requireAdmin } from '../../src/server/guard';
import { listHistory, listHistoryPage } from '../../src/server/history';
import { json, parseWith, route } from '../../src/server/http';
import { pageQuerySchema, queryOf } from '../../src/server/records';
import { restoreEntry } from '../../src/server/restore';

const querySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(500, 'limit must be at most 500').default(50),
});

export default byPath({
  '/api/admin/history': route({
    async GET(req) {
      await requireAdmin(req);
      const query = queryOf(req);
      if (query.page !== undefined) {
        const { page, pageSize } = parseWith(pageQuerySchema, query);
        return json(await listHistoryPage(page, pageSize));
      }
      const { limit } = parseWith(querySchema, { limit: query.limit });
      return json(await listHistory(limit));
    },
  }),
  '/api/admin/history/:id/restore': route({
    async POST(req, ctx) {
      const user = await requireAdmin(req);
      assertNoFormBody(req);
      return json(await restoreEntry(user, ctx.params.id ?? ''));
    },
  }),
});

export const config = { path: ['/api/admin/history', '/api/admin/history/:id/restore'] };
