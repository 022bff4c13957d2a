// GET /api/auth/me -> current user view { id, username, isAdmin, role, isAuthenticated, twoFactorEnabled, mustSetUpTwoFactor }, or 401 when signed out
import { mustSetUpTwoFactor, requireUser } from '../../src/server/auth/guard';
import { json, route } from '../../src/server/http/http';
import { currentUserView } from '../../src/server/auth/session';

export default route({
  async GET(req) {
    const user = await requireUser(req);
    return json(currentUserView(user, await mustSetUpTwoFactor(user)));
  },
});

export const config = { path: '/api/auth/me' };
