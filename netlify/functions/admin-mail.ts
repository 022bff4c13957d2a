// GET    /api/admin/mail                (admin) -> { status: { mode, detail, failed, failedMore }, failed: { items (newest first), more } }
// POST   /api/admin/mail/:id/retry      (admin) -> { message }: the failed delivery is queued again and tried at once
// DELETE /api/admin/mail/:id            (admin) -> { message }: the failed delivery is forgotten
import { requirePermission } from '../../src/server/auth/guard';
import { byPath, json, route } from '../../src/server/http/http';
import {
  dismissFailedMail,
  listFailedMail,
  mailStatus,
  retryFailedMail,
} from '../../src/server/outbound/mail-queue';

export default byPath({
  '/api/admin/mail': route({
    async GET(req) {
      await requirePermission(req, 'personal-data');
      const [status, failed] = await Promise.all([mailStatus(true), listFailedMail()]);
      return json({ status, failed });
    },
  }),
  '/api/admin/mail/:id/retry': route({
    async POST(req, ctx) {
      await requirePermission(req, 'personal-data');
      await retryFailedMail(ctx.params.id ?? '');
      return json({ message: 'The message is being sent again' });
    },
  }),
  '/api/admin/mail/:id': route({
    async DELETE(req, ctx) {
      await requirePermission(req, 'personal-data');
      await dismissFailedMail(ctx.params.id ?? '');
      return json({ message: 'The failed delivery was dismissed' });
    },
  }),
});

export const config = {
  path: ['/api/admin/mail', '/api/admin/mail/:id', '/api/admin/mail/:id/retry'],
};
