// GET /api/admin/notifications                (admin) -> { sharedInbox }: where contact message notifications also go ('' for nowhere)
// PUT /api/admin/notifications { sharedInbox } (admin) -> { sharedInbox }
import { sharedInboxSchema } from '../../src/schemas/notifications';
import { requirePermission } from '../../src/server/auth/guard';
import { json, readJson, route } from '../../src/server/http/http';
import { getNotificationSettings, setSharedInbox } from '../../src/server/outbound/notify-settings';

export default route({
  async GET(req) {
    await requirePermission(req, 'personal-data');
    return json({ sharedInbox: (await getNotificationSettings()).sharedInbox });
  },
  async PUT(req) {
    const user = await requirePermission(req, 'personal-data');
    const { sharedInbox } = await readJson(req, sharedInboxSchema);
    return json({ sharedInbox: await setSharedInbox(user, sharedInbox) });
  },
});

export const config = { path: '/api/admin/notifications' };
