// GET  /api/setup                                      -> { open: true } while no user exists; 404 once any does
// POST /api/setup {code, username, email, password}    -> { username, message } + session cookie: the first admin, signed in;
//      403 wrong code, 429 after too many, 404 once any user exists
// GET  /api/setup/recover                              -> { open: true } when RECOVERY_CODE is set; 404 otherwise
// POST /api/setup/recover {code, username, password}   -> { username, message } + session cookie: an admin again, signed in
import {
  recoverRequestSchema,
  setupRequestSchema,
  type SetupAnswer,
} from '../../src/schemas/setup';
import { assertSameOrigin } from '../../src/server/auth/guard';
import { issueToken, sessionCookie, signedInHintCookie } from '../../src/server/auth/session';
import { recoveryOpen } from '../../src/server/auth/setup-code';
import { assertSetupOpen, createFirstAdmin, recoverAdmin } from '../../src/server/auth/site-setup';
import { recordSignIn } from '../../src/server/auth/users';
import type { User } from '../../src/schemas/user';
import { HttpError } from '../../src/server/http/errors';
import { byPath, json, readJson, route } from '../../src/server/http/http';

/** Answers signed in: whoever set the site up (or recovered it) goes straight to the admin. */
async function signedIn(req: Request, user: User, message: string): Promise<Response> {
  await recordSignIn(user.username);
  const token = await issueToken(user, Math.max(user.sessionsValidAfter, Date.now()));
  const body: SetupAnswer = { username: user.username, message };
  const res = json(body, { headers: { 'Set-Cookie': sessionCookie(req, token) } });
  res.headers.append('Set-Cookie', signedInHintCookie(req, true));
  return res;
}

const NO_RECOVERY = 'Recovery is not turned on for this site';

export default byPath({
  '/api/setup': route({
    async GET() {
      await assertSetupOpen();
      return json({ open: true });
    },
    async POST(req, ctx) {
      assertSameOrigin(req);
      await assertSetupOpen();
      const input = await readJson(req, setupRequestSchema);
      const { user, message } = await createFirstAdmin(input, ctx.ip);
      return signedIn(req, user, message);
    },
  }),
  '/api/setup/recover': route({
    async GET() {
      if (!recoveryOpen()) throw new HttpError(404, NO_RECOVERY);
      return json({ open: true });
    },
    async POST(req, ctx) {
      assertSameOrigin(req);
      if (!recoveryOpen()) throw new HttpError(404, NO_RECOVERY);
      const input = await readJson(req, recoverRequestSchema);
      const { user, message } = await recoverAdmin(input, ctx.ip);
      return signedIn(req, user, message);
    },
  }),
});

export const config = { path: ['/api/setup', '/api/setup/recover'] };
