// GET    /api/admin/users                              (admin) -> { users: [{ username, role, active, hasPassword, createdAt, lastLoginAt, twoFactorEnabled }], policy }
// POST   /api/admin/users {username, role, email?}     (admin) -> 201 { user, invitePath, expiresAt, emailedTo }: a single-use link, valid 48 hours,
//                                                          emailed to `email` when given (and shown to the admin either way)
// PATCH  /api/admin/users/:username {role?, active?}   (admin) -> the user; 409 when it would leave no active admin
// DELETE /api/admin/users/:username                    (admin) -> { message }; 409 for the last active admin
// POST   /api/admin/users/:username/reset-password     (admin) -> { invitePath, expiresAt, emailedTo }: the old password stops working, sessions end;
//                                                          the link is emailed to the user's verified address, if any (an invitee who never
//                                                          used their emailed invitation gets a new one there); 409 for the last active admin
// POST   /api/admin/users/:username/reset-two-factor   (admin) -> { message }: two-factor off, sessions end
// GET    /api/admin/users/:username/activity           (admin) -> the user's 10 newest changes
// PUT    /api/admin/auth-policy {requireTwoFactorForAdmins} (admin) -> the policy
import { authPolicySchema, inviteRequestSchema, userPatchSchema } from '../../src/schemas/account';
import { getAuthPolicy } from '../../src/server/auth/auth-policy';
import { requirePermission } from '../../src/server/auth/guard';
import { assertNoFormBody, byPath, json, readJson, route } from '../../src/server/http/http';
import {
  activityOf,
  changeUserAsAdmin,
  deleteUserAsAdmin,
  inviteUser,
  resetPasswordAsAdmin,
  resetTwoFactorAsAdmin,
  setAuthPolicyAsAdmin,
} from '../../src/server/auth/user-admin';
import { listUsers, userSummary } from '../../src/server/auth/users';
import { answerOnce } from '../../src/server/workflows/answer-once';

export default byPath({
  '/api/admin/users': route({
    async GET(req) {
      await requirePermission(req, 'users');
      const [users, policy] = await Promise.all([listUsers(), getAuthPolicy()]);
      return json({ users: users.map(userSummary), policy });
    },
    POST: answerOnce(
      async (req) => {
        const admin = await requirePermission(req, 'users');
        return json(await inviteUser(admin, await readJson(req, inviteRequestSchema)), {
          status: 201,
        });
      },
      { signedIn: true },
    ),
  }),
  '/api/admin/users/:username': route({
    async PATCH(req, ctx) {
      const admin = await requirePermission(req, 'users');
      const patch = await readJson(req, userPatchSchema);
      return json(await changeUserAsAdmin(admin, ctx.params.username ?? '', patch));
    },
    async DELETE(req, ctx) {
      const admin = await requirePermission(req, 'users');
      const removed = await deleteUserAsAdmin(admin, ctx.params.username ?? '');
      return json({ message: `${removed.username} was deleted` });
    },
  }),
  '/api/admin/users/:username/reset-password': route({
    // A retry of a reset that landed gets its link, which works, rather than ending it with another.
    POST: answerOnce(
      async (req, ctx) => {
        const admin = await requirePermission(req, 'users');
        assertNoFormBody(req);
        return json(await resetPasswordAsAdmin(admin, ctx.params.username ?? ''));
      },
      { signedIn: true },
    ),
  }),
  '/api/admin/users/:username/reset-two-factor': route({
    async POST(req, ctx) {
      const admin = await requirePermission(req, 'users');
      assertNoFormBody(req);
      const username = await resetTwoFactorAsAdmin(admin, ctx.params.username ?? '');
      return json({ message: `Two-factor sign-in of ${username} was reset; they were signed out` });
    },
  }),
  '/api/admin/users/:username/activity': route({
    async GET(req, ctx) {
      await requirePermission(req, 'users');
      return json(await activityOf(ctx.params.username ?? ''));
    },
  }),
  '/api/admin/auth-policy': route({
    async PUT(req) {
      const admin = await requirePermission(req, 'users');
      return json(await setAuthPolicyAsAdmin(admin, await readJson(req, authPolicySchema)));
    },
  }),
});

export const config = {
  path: [
    '/api/admin/users',
    '/api/admin/users/:username',
    '/api/admin/users/:username/reset-password',
    '/api/admin/users/:username/reset-two-factor',
    '/api/admin/users/:username/activity',
    '/api/admin/auth-policy',
  ],
};
