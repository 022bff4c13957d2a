// GET /api/auth/me -> current user view, or 401 when signed out
import { requireUser } from '../../src/server/guard';
import { json, route } from '../../src/server/http';
import { currentUserView } from '../../src/server/session';

export default route({
  async GET(req) {
    return json(currentUserView(await requireUser(req)));
  },
});

export const config = { path: '/api/auth/me' };
