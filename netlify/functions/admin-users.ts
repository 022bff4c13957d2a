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
import type { User } from '../../src/schemas/user';
import { getAuthPolicy, setAuthPolicy } from '../../src/server/auth-policy';
import { assertNoFormBody, byPath } from '../../src/server/collection-routes';
import { requirePermission } from '../../src/server/guard';
import { listUserActivity, recordChange } from '../../src/server/history';
import { json, readJson, route } from '../../src/server/http';
import { canEmail, sendInvitationMail, sendPasswordLinkMail } from '../../src/server/account-mail';
import { createInvitation, INVITATION_HOURS } from '../../src/server/invitations';
import { resetTwoFactor } from '../../src/server/two-factor';
import { assertAddressFree } from '../../src/server/user-email';
import { changeUser, clearPassword, createUser, deleteUser, getUser, listUsers, userSummary } from '../../src/server/users';

const target = (u: Pick<User, 'username'>) => `users/${u.username}`;
const linkTo = (token: string) => `/invite#${token}`;

export default byPath({
  '/api/admin/users': route({
    async GET(req) {
      await requirePermission(req, 'users');
      const [users, policy] = await Promise.all([listUsers(), getAuthPolicy()]);
      return json({ users: users.map(userSummary), policy });
    },
    async POST(req) {
      const admin = await requirePermission(req, 'users');
      const { username, role, email } = await readJson(req, inviteRequestSchema);
      if (email) await assertAddressFree(email);
      const created = await createUser({ username, role });
      // Without a way to send mail, nothing is emailed or said to be: the admin passes the link on,
      // and the address is not kept (using the link would not prove it).
      const emailedTo = email && canEmail() ? email : null;
      const { token, expiresAt } = await createInvitation(created, 'invite', admin.username, emailedTo ?? undefined);
      if (emailedTo) await sendInvitationMail(emailedTo, created.username, admin.username, token);
      const user = await getUser(created.username);
      await recordChange(admin, { action: 'create', target: target(user), summary: `Invited ${user.username} as ${role}`, after: userSummary(user) });
      return json({ user: userSummary(user), invitePath: linkTo(token), expiresAt, emailedTo }, { status: 201 });
    },
  }),
  '/api/admin/users/:username': route({
    async PATCH(req, ctx) {
      const admin = await requirePermission(req, 'users');
      const patch = await readJson(req, userPatchSchema);
      const before = await getUser(ctx.params.username ?? '');
      const after = await changeUser(before.username, patch);
      await recordChange(admin, { action: 'update', target: target(after), summary: `${after.username}: ${Object.keys(patch).join(', ')}`, before: userSummary(before), after: userSummary(after) });
      return json(userSummary(after));
    },
    async DELETE(req, ctx) {
      const admin = await requirePermission(req, 'users');
      const removed = await deleteUser(ctx.params.username ?? '');
      await recordChange(admin, { action: 'delete', target: target(removed), summary: `Deleted ${removed.username}`, before: userSummary(removed) });
      return json({ message: `${removed.username} was deleted` });
    },
  }),
  '/api/admin/users/:username/reset-password': route({
    async POST(req, ctx) {
      const admin = await requirePermission(req, 'users');
      assertNoFormBody(req);
      const user = await clearPassword(ctx.params.username ?? '');
      await recordChange(admin, { action: 'update', target: target(user), summary: `Reset the password of ${user.username}` });
      // Someone who never used their emailed invitation gets a new one, at the same address.
      const invitedAt = !user.email && user.emailRequestedAt === user.invitedAt ? user.pendingEmail : undefined;
      if (invitedAt) {
        const { token, expiresAt } = await createInvitation(user, 'invite', admin.username, invitedAt);
        const emailedTo = canEmail() ? invitedAt : null;
        if (emailedTo) await sendInvitationMail(emailedTo, user.username, admin.username, token);
        return json({ invitePath: linkTo(token), expiresAt, emailedTo });
      }
      const { token, expiresAt } = await createInvitation(user, 'reset', admin.username);
      // Otherwise only a verified address: an unverified one may not be the user's.
      const emailedTo = user.email && canEmail() ? user.email : null;
      if (emailedTo) await sendPasswordLinkMail(emailedTo, user.username, token, INVITATION_HOURS, admin.username);
      return json({ invitePath: linkTo(token), expiresAt, emailedTo });
    },
  }),
  '/api/admin/users/:username/reset-two-factor': route({
    async POST(req, ctx) {
      const admin = await requirePermission(req, 'users');
      assertNoFormBody(req);
      const user = await getUser(ctx.params.username ?? '');
      await resetTwoFactor(user.username);
      await recordChange(admin, { action: 'update', target: target(user), summary: `Reset two-factor sign-in of ${user.username}` });
      return json({ message: `Two-factor sign-in of ${user.username} was reset; they were signed out` });
    },
  }),
  '/api/admin/users/:username/activity': route({
    async GET(req, ctx) {
      await requirePermission(req, 'users');
      const user = await getUser(ctx.params.username ?? '');
      return json(await listUserActivity(user.username));
    },
  }),
  '/api/admin/auth-policy': route({
    async PUT(req) {
      const admin = await requirePermission(req, 'users');
      const policy = await readJson(req, authPolicySchema);
      const before = await getAuthPolicy();
      const after = await setAuthPolicy(policy);
      await recordChange(admin, { action: 'update', target: 'users/policy', summary: 'Sign-in rules', before, after });
      return json(after);
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
