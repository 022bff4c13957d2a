// GET /api/admin/summary (editor) -> { unreadMessages, pendingTestimonials, subscribers (both null for editors), upcomingEvents, publish }
import { can } from '../../src/schemas/roles';
import { adminSummary } from '../../src/server/workflows/admin-summary';
import { requirePermission } from '../../src/server/auth/guard';
import { json, route } from '../../src/server/http/http';

export default route({
  async GET(req) {
    const user = await requirePermission(req, 'content');
    return json(await adminSummary(can(user.role, 'personal-data'), user.role));
  },
});

export const config = { path: '/api/admin/summary' };
