// POST /api/auth/logout -> clears the cookie and revokes the user's sessions
import { assertSameOrigin } from '../../src/server/auth/guard';
import { json, route } from '../../src/server/http/http';
import {
  clearedSessionCookie,
  sessionUser,
  signedInHintCookie,
} from '../../src/server/auth/session';
import { revokeSessions } from '../../src/server/auth/users';

export default route({
  async POST(req) {
    assertSameOrigin(req);
    const user = await sessionUser(req);
    if (user) await revokeSessions(user.username);
    const res = json(
      { message: 'Logged out' },
      { headers: { 'Set-Cookie': clearedSessionCookie(req) } },
    );
    res.headers.append('Set-Cookie', signedInHintCookie(req, false));
    return res;
  },
});

export const config = { path: '/api/auth/logout' };
