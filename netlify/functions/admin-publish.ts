// GET  /api/admin/publish (editor) -> publish state: queued | building | live | failed, last build time
// POST /api/admin/publish (editor) -> forces a rebuild now (202) and answers the new state
import { assertNoFormBody } from '../../src/server/collection-routes';
import { requirePermission } from '../../src/server/guard';
import { json, route } from '../../src/server/http';
import { getPublishState, requestRebuild } from '../../src/server/publish';

export default route({
  async GET(req) {
    await requirePermission(req, 'content');
    return json(await getPublishState());
  },
  async POST(req) {
    await requirePermission(req, 'content');
    assertNoFormBody(req);
    return json(await requestRebuild(true), { status: 202 });
  },
});

export const config = { path: '/api/admin/publish' };
