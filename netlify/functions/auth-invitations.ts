// GET  /api/auth/invitations/:token         (anyone with the link) -> { username, kind, expiresAt }; 410 when used, expired or replaced
// POST /api/auth/invitations/:token/accept  {password} -> { message }: the password is set, the link used up; sign in next
import { acceptInvitationSchema } from '../../src/schemas/account';
import { byPath } from '../../src/server/collection-routes';
import { assertSameOrigin } from '../../src/server/guard';
import { json, readJson, route } from '../../src/server/http';
import { acceptInvitation, readInvitation } from '../../src/server/invitations';

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
      return json({ message: `Password set for ${user.username}. You can now sign in.`, username: user.username });
    },
  }),
});

export const config = { path: ['/api/auth/invitations/:token', '/api/auth/invitations/:token/accept'] };
