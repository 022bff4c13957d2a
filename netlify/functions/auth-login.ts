// POST /api/auth/login {username, password} -> current user + session cookie
import { loginRequestSchema } from '../../src/schemas/user';
import { HttpError } from '../../src/server/errors';
import { assertSameOrigin } from '../../src/server/guard';
import { json, readJson, route } from '../../src/server/http';
import { currentUserView, issueToken, sessionCookie, signedInHintCookie } from '../../src/server/session';
import { reserveLoginAttempt } from '../../src/server/throttle';
import { verifyCredentials } from '../../src/server/users';

export default route({
  async POST(req, ctx) {
    assertSameOrigin(req);
    const { username, password } = await readJson(req, loginRequestSchema);
    // Reserved before the password check, so simultaneous guesses cannot all be checked.
    const attempt = await reserveLoginAttempt(username, ctx.ip);
    const user = await verifyCredentials(username, password).catch(async (error: unknown) => {
      await attempt.abandon();
      throw error;
    });
    // A wrong password keeps the reservation: it is the recorded failure.
    if (!user) throw new HttpError(401, 'Invalid username or password');
    await attempt.succeeded();
    const token = await issueToken(user);
    const res = json(currentUserView(user), { headers: { 'Set-Cookie': sessionCookie(req, token) } });
    res.headers.append('Set-Cookie', signedInHintCookie(req, true));
    return res;
  },
});

export const config = { path: '/api/auth/login' };
