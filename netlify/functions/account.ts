// POST /api/account/password {currentPassword, newPassword} (signed in) -> { message }; every other session ends, this one is renewed
// POST /api/account/sign-out-everywhere                    (signed in) -> { message }; every session ends, this one too
// POST /api/account/two-factor/setup                       (signed in) -> { secret, otpauthUrl, qrCode }: scan, then confirm
// POST /api/account/two-factor/confirm {code}              (signed in) -> { recoveryCodes }: shown once; two-factor is on
// GET  /api/account/email                                  (signed in) -> { email, pendingEmail }: verified and waiting addresses
// POST /api/account/email {email}                          (signed in) -> { message, email, pendingEmail }: a verification link is emailed there
import {
  changePasswordSchema,
  emailChangeSchema,
  twoFactorCodeSchema,
} from '../../src/schemas/account';
import {
  changeOwnPassword,
  confirmOwnTwoFactor,
  requestOwnEmailChange,
} from '../../src/server/auth/account-changes';
import { HttpError } from '../../src/server/http/errors';
import { requireUser } from '../../src/server/auth/guard';
import { assertNoFormBody, byPath, json, readJson, route } from '../../src/server/http/http';
import {
  clearedSessionCookie,
  issueToken,
  sessionCookie,
  signedInHintCookie,
} from '../../src/server/auth/session';
import { assertPublicPostAllowed, reserveLoginAttempt } from '../../src/server/auth/throttle';
import { startEnrolment } from '../../src/server/auth/two-factor';
import { emailState } from '../../src/server/auth/user-email';
import { getUser, revokeSessions, verifyCredentials } from '../../src/server/auth/users';

export default byPath({
  '/api/account/password': route({
    async POST(req, ctx) {
      const user = await requireUser(req);
      const { currentPassword, newPassword } = await readJson(req, changePasswordSchema);
      // Guesses at the current password are throttled like sign-in attempts.
      const attempt = await reserveLoginAttempt(user.username, ctx.ip);
      if (!(await verifyCredentials(user.username, currentPassword))) {
        throw new HttpError(400, 'Your current password is not right', {
          currentPassword: 'Your current password is not right',
        });
      }
      await attempt.succeeded();
      const updated = await changeOwnPassword(user, newPassword);
      return json(
        { message: 'Password changed. Other sessions have been signed out.' },
        {
          headers: {
            'Set-Cookie': sessionCookie(req, await issueToken(updated, updated.sessionsValidAfter)),
          },
        },
      );
    },
  }),
  '/api/account/sign-out-everywhere': route({
    async POST(req) {
      const user = await requireUser(req);
      assertNoFormBody(req);
      await revokeSessions(user.username);
      const res = json(
        { message: 'Signed out everywhere' },
        { headers: { 'Set-Cookie': clearedSessionCookie(req) } },
      );
      res.headers.append('Set-Cookie', signedInHintCookie(req, false));
      return res;
    },
  }),
  '/api/account/two-factor/setup': route({
    async POST(req) {
      const user = await requireUser(req);
      assertNoFormBody(req);
      return json(await startEnrolment(user.username));
    },
  }),
  '/api/account/two-factor/confirm': route({
    async POST(req) {
      const user = await requireUser(req);
      const { code } = await readJson(req, twoFactorCodeSchema);
      return json({ recoveryCodes: await confirmOwnTwoFactor(user, code) });
    },
  }),
  '/api/account/email': route({
    async GET(req) {
      return json(emailState(await requireUser(req)));
    },
    async POST(req, ctx) {
      const user = await requireUser(req);
      const { email } = await readJson(req, emailChangeSchema);
      // Each request emails an address the user typed: limited like public forms, so an account cannot be a mail cannon.
      await assertPublicPostAllowed('account-email', `${user.username}|${ctx.ip}`);
      await requestOwnEmailChange(user, email);
      const message = `We emailed a link to ${email}. Open it to confirm the address; until then, password resets go ${user.email ? `to ${user.email}` : 'nowhere'}.`;
      return json({ message, ...emailState(await getUser(user.username)) });
    },
  }),
});

export const config = {
  path: [
    '/api/account/password',
    '/api/account/sign-out-everywhere',
    '/api/account/two-factor/setup',
    '/api/account/two-factor/confirm',
    '/api/account/email',
  ],
};
