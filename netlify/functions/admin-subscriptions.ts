// GET    /api/admin/subscriptions?q=&page=1&pageSize=20&status=confirmed|pending|unsubscribed (admin) -> { items (newest first), total, page, pageSize };
//        q = substring of the address; pending = signups waiting for confirmation (unexpired), listed apart;
//        unsubscribed = addresses that left (kept so no import adds them back)
// GET    /api/admin/subscriptions/last-export      (admin) -> { subscribed, unsubscribed }: each { at, count } of the list's last export, or null
//        (the exports themselves: POST /api/admin/exports, admin-exports.ts)
// DELETE /api/admin/subscriptions/:id                    (admin) -> { message }; :id is the record's id (sha256 of the normalised address)
import { z } from 'zod';
import { HttpError } from '../../src/server/http/errors';
import { requirePermission } from '../../src/server/auth/guard';
import { json, parseWith, route } from '../../src/server/http/http';
import { listSubscriptions, removeSubscription } from '../../src/server/visitors/newsletter';
import { lastExport } from '../../src/server/visitors/newsletter-export';
import { keyParam, pageQuerySchema, queryOf } from '../../src/server/storage/records';

const listQuerySchema = pageQuerySchema.extend({
  status: z
    .enum(['confirmed', 'pending', 'unsubscribed'], {
      error: 'status must be confirmed, pending or unsubscribed',
    })
    .default('confirmed'),
});

export default route({
  async GET(req, ctx) {
    await requirePermission(req, 'personal-data');
    if (ctx.params.id === 'last-export') {
      const [subscribed, unsubscribed] = await Promise.all([
        lastExport('subscribed'),
        lastExport('unsubscribed'),
      ]);
      return json({ subscribed, unsubscribed });
    }
    if (ctx.params.id)
      throw new HttpError(405, 'Method GET is not allowed here', undefined, { Allow: 'DELETE' });
    const { status, ...page } = parseWith(listQuerySchema, queryOf(req));
    return json(await listSubscriptions(page, status));
  },
  async DELETE(req, ctx) {
    const user = await requirePermission(req, 'personal-data');
    await removeSubscription(user, keyParam(ctx.params.id, 'Subscription'));
    return json({ message: 'Subscription deleted' });
  },
});

export const config = { path: ['/api/admin/subscriptions', '/api/admin/subscriptions/:id'] };
