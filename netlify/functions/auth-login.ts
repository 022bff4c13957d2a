// POST /api/auth/login {username, password, code?} -> current user + session cookie;
//      401 { message, fields: { code } } when the account has two-factor sign-in and the code is missing or wrong
import { loginRequestSchema } from '../../src/schemas/user';
import { HttpError } from '../../src/server/http/errors';
import { assertSameOrigin, mustSetUpTwoFactor } from '../../src/server/auth/guard';
import { json, readJson, route } from '../../src/server/http/http';
import {
  currentUserView,
  issueToken,
  sessionCookie,
  signedInHintCookie,
} from '../../src/server/auth/session';
import { reserveLoginAttempt, reserveSecondFactorAttempt } from '../../src/server/auth/throttle';
import { checkSecondFactor } from '../../src/server/auth/two-factor';
import { findUser, recordSignIn, verifyCredentials } from '../../src/server/auth/users';

const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app, or a recovery code';

export default route({
  async POST(req, ctx) {
    assertSameOrigin(req);
    const { username, password, code } = await readJson(req, loginRequestSchema);
    // Reserved before the password check, so simultaneous guesses cannot all be checked.
    const attempt = await reserveLoginAttempt(username, ctx.ip);
    // Before the user record is read: any reset or change after this makes the session invalid.
    const verifiedAt = Date.now();
    const user = await verifyCredentials(username, password).catch(async (error: unknown) => {
      await attempt.abandon();
      throw error;
    });
    // A wrong password keeps the reservation: it is the recorded failure.
    if (!user) throw new HttpError(401, 'Invalid username or password');
    if (user.twoFactor) {
      if (!code) {
        // The password was right and no code was tried: this step does not count as a failure.
        await attempt.abandon();
        throw new HttpError(401, CODE_NEEDED, { code: CODE_NEEDED });
      }
      // A wrong code counts like a wrong password, and against the account from every address.
      const factor = await reserveSecondFactorAttempt(user.username);
      if (!(await checkSecondFactor(user, code)))
        throw new HttpError(401, 'That code is not right', { code: 'That code is not right' });
      await factor.succeeded();
    }
    await attempt.succeeded();
    // The password may have been reset or changed while it was being checked: say so now rather
    // than hand out a session that is already refused.
    const now = await findUser(user.username);
    if (
      !now ||
      now.passwordHash !== user.passwordHash ||
      now.sessionsValidAfter > verifiedAt ||
      !now.active
    ) {
      throw new HttpError(
        401,
        'Your password was reset or your sessions were ended while you were signing in. Please sign in again.',
      );
    }
    await recordSignIn(user.username);
    const token = await issueToken(user, verifiedAt);
    const res = json(currentUserView(user, await mustSetUpTwoFactor(user)), {
      headers: { 'Set-Cookie': sessionCookie(req, token) },
    });
    res.headers.append('Set-Cookie', signedInHintCookie(req, true));
    return res;
  },
});

export const config = { path: '/api/auth/login' };
