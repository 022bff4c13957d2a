// GET /api/admin/summary (admin) -> { unreadMessages, pendingTestimonials, subscribers, upcomingEvents, publish }
import { adminSummary } from '../../src/server/admin-summary';
import { requireAdmin } from '../../src/server/guard';
import { json, route } from '../../src/server/http';

export default route({
  async GET(req) {
    await requireAdmin(req);
    return json(await adminSummary());
  },
});

export const config = { path: '/api/admin/summary' };
