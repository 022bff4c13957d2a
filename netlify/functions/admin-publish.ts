// GET  /api/admin/publish (editor) -> publish state: queued | building | live | failed, last build time
// POST /api/admin/publish (editor) -> forces a rebuild now (202) and answers the new state
import { requirePermission } from '../../src/server/auth/guard';
import { assertNoFormBody, json, route } from '../../src/server/http/http';
import { publish } from '../../src/server/publishing/history';
import { publishState } from '../../src/server/publishing/site-changes';

export default route({
  async GET(req) {
    await requirePermission(req, 'content');
    return json(await publishState());
  },
  async POST(req) {
    await requirePermission(req, 'content');
    assertNoFormBody(req);
    return json(await publish({ force: true }), { status: 202 });
  },
});

export const config = { path: '/api/admin/publish' };
