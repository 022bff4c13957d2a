// GET /api/admin/releases (admin) -> { upcoming: scheduled publications and events, soonest first, warning: string | null }
import { requireAdmin } from '../../src/server/guard';
import { json, route } from '../../src/server/http';
import { upcomingReleases } from '../../src/server/releases';

export default route({
  async GET(req) {
    await requireAdmin(req);
    return json(await upcomingReleases());
  },
});

export const config = { path: '/api/admin/releases' };
