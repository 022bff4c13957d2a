// GET /api/admin/releases (editor) -> { upcoming: scheduled publications and events, soonest first, warning: string | null }
import { requirePermission } from '../../src/server/guard';
import { json, route } from '../../src/server/http';
import { upcomingReleases } from '../../src/server/releases';

export default route({
  async GET(req) {
    await requirePermission(req, 'content');
    return json(await upcomingReleases());
  },
});

export const config = { path: '/api/admin/releases' };
