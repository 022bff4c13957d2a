// The links a person gets to their own account, and asking for one:
// GET  /api/auth/invitations/:token         (anyone with the link) -> { username, kind, expiresAt }; 410 when used, expired or replaced
// POST /api/auth/invitations/:token/accept  {password} -> { message }: the password is set, the link used up, every session ended; sign in next
// POST /api/auth/forgot-password {login}    (username or email) -> { message }: always the same words; 429 when throttled
// POST /api/auth/verify-email {token}       -> { message, email }: the address is verified; 410 when used, expired, replaced or forged
import {
  acceptInvitationSchema,
  forgotPasswordSchema,
  verifyEmailSchema,
} from '../../src/schemas/account';
import { FORGOT_ANSWER, requestPasswordLink } from '../../src/server/auth/forgot-password';
import { assertSameOrigin } from '../../src/server/auth/guard';
import { byPath, json, readJson, route } from '../../src/server/http/http';
import { acceptInvitation, readInvitation } from '../../src/server/auth/invitations';
import { verifyEmail } from '../../src/server/auth/user-email';

export default byPath({
  '/api/auth/invitations/:token': route({
    async GET(_req, ctx) {
      const { username, kind, expiresAt } = await readInvitation(ctx.params.token ?? '');
      return json({ username, kind, expiresAt });
    },
  }),
  '/api/auth/invitations/:token/accept': route({
    async POST(req, ctx) {
      assertSameOrigin(req);
      const { password } = await readJson(req, acceptInvitationSchema);
      const user = await acceptInvitation(ctx.params.token ?? '', password);
      return json({
        message: `Password set for ${user.username}. You can now sign in.`,
        username: user.username,
      });
    },
  }),
  '/api/auth/forgot-password': route({
    async POST(req, ctx) {
      assertSameOrigin(req);
      const { login } = await readJson(req, forgotPasswordSchema);
      await requestPasswordLink(login, ctx.ip);
      return json({ message: FORGOT_ANSWER });
    },
  }),
  '/api/auth/verify-email': route({
    async POST(req) {
      assertSameOrigin(req);
      const { token } = await readJson(req, verifyEmailSchema);
      const { email } = await verifyEmail(token);
      return json({
        message: `${email} is now the verified email address of your account.`,
        email,
      });
    },
  }),
});

export const config = {
  path: [
    '/api/auth/invitations/:token',
    '/api/auth/invitations/:token/accept',
    '/api/auth/forgot-password',
    '/api/auth/verify-email',
  ],
};
