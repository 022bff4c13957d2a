/**
 * What admins do to other people's accounts (and to the sign-in rules), each recorded in History
 * through the change pipeline. Accounts are not on the built pages, so none of it rebuilds the site.
 */
import type { z } from 'zod';
import type {
  AuthPolicy,
  inviteRequestSchema,
  userPatchSchema,
  UserSummary,
} from '../../schemas/account';
import type { HistoryEntry } from '../../schemas/history';
import type { User } from '../../schemas/user';
import { canEmail, sendInvitationMail, sendPasswordLinkMail } from '../outbound/account-mail';
import { accountMailWords } from './account-mail-words';
import { getAuthPolicy, setAuthPolicy } from './auth-policy';
import { commitChange, listUserActivity, type ChangeRecord } from '../publishing/history';
import { createInvitation, INVITATION_HOURS } from './invitations';
import { resetTwoFactor } from './two-factor';
import { assertAddressFree } from './user-email';
import { changeUser, clearPassword, createUser, deleteUser, getUser, userSummary } from './users';

type Admin = Pick<User, 'username'>;

/** An invitation's validity and its words from the site settings, as sendInvitationMail takes them. */
const invitationWords = async () =>
  [
    INVITATION_HOURS,
    await accountMailWords('accountInviteMailSubject', 'accountInviteMailBody'),
  ] as const;
type InviteRequest = z.output<typeof inviteRequestSchema>;
type UserPatch = z.output<typeof userPatchSchema>;

const target = (u: Pick<User, 'username'>) => `users/${u.username}`;
const linkTo = (token: string) => `/invite#${token}`;
const record = (admin: Admin, change: ChangeRecord) =>
  commitChange(admin, change, { rebuild: false });

/** A single-use link to set a password, and where it was emailed (null: the admin passes it on). */
export interface PasswordLink {
  invitePath: string;
  expiresAt: string;
  emailedTo: string | null;
}

/** Makes an account and its invitation link, emailed to `email` when given and mail can be sent. */
export async function inviteUser(
  admin: Admin,
  { username, role, email }: InviteRequest,
): Promise<PasswordLink & { user: UserSummary }> {
  if (email) await assertAddressFree(email);
  const created = await createUser({ username, role });
  // Without a way to send mail, nothing is emailed or said to be: the admin passes the link on,
  // and the address is not kept (using the link would not prove it).
  const emailedTo = email && canEmail() ? email : null;
  const { token, expiresAt } = await createInvitation(
    created,
    'invite',
    admin.username,
    emailedTo ?? undefined,
  );
  if (emailedTo)
    await sendInvitationMail(
      emailedTo,
      created,
      admin.username,
      token,
      ...(await invitationWords()),
    );
  const user = await getUser(created.username);
  await record(admin, {
    action: 'create',
    target: target(user),
    summary: `Invited ${user.username} as ${role}`,
    after: userSummary(user),
  });
  return { user: userSummary(user), invitePath: linkTo(token), expiresAt, emailedTo };
}

/** Changes a user's role or whether they may sign in. */
export async function changeUserAsAdmin(
  admin: Admin,
  username: string,
  patch: UserPatch,
): Promise<UserSummary> {
  const before = await getUser(username);
  const after = await changeUser(before.username, patch);
  await record(admin, {
    action: 'update',
    target: target(after),
    summary: `${after.username}: ${Object.keys(patch).join(', ')}`,
    before: userSummary(before),
    after: userSummary(after),
  });
  return userSummary(after);
}

/** Deletes an account; answers it as it was. */
export async function deleteUserAsAdmin(admin: Admin, username: string): Promise<User> {
  const removed = await deleteUser(username);
  await record(admin, {
    action: 'delete',
    target: target(removed),
    summary: `Deleted ${removed.username}`,
    before: userSummary(removed),
  });
  return removed;
}

/** Clears a user's password (their sessions end) and makes a link to set a new one. */
export async function resetPasswordAsAdmin(admin: Admin, username: string): Promise<PasswordLink> {
  const user = await clearPassword(username);
  await record(admin, {
    action: 'update',
    target: target(user),
    summary: `Reset the password of ${user.username}`,
  });
  // Someone who never used their emailed invitation gets a new one, at the same address.
  const invitedAt =
    !user.email && user.emailRequestedAt === user.invitedAt ? user.pendingEmail : undefined;
  if (invitedAt) {
    const { token, expiresAt } = await createInvitation(user, 'invite', admin.username, invitedAt);
    const emailedTo = canEmail() ? invitedAt : null;
    if (emailedTo)
      await sendInvitationMail(
        emailedTo,
        user,
        admin.username,
        token,
        ...(await invitationWords()),
      );
    return { invitePath: linkTo(token), expiresAt, emailedTo };
  }
  const { token, expiresAt } = await createInvitation(user, 'reset', admin.username);
  // Otherwise only a verified address: an unverified one may not be the user's.
  const emailedTo = user.email && canEmail() ? user.email : null;
  if (emailedTo)
    await sendPasswordLinkMail(
      emailedTo,
      user.username,
      token,
      INVITATION_HOURS,
      admin.username,
      await accountMailWords('accountResetMailSubject', 'accountAdminResetMailBody'),
    );
  return { invitePath: linkTo(token), expiresAt, emailedTo };
}

/** Turns a user's two-factor sign-in off (their sessions end); answers their username. */
export async function resetTwoFactorAsAdmin(admin: Admin, username: string): Promise<string> {
  const user = await getUser(username);
  await resetTwoFactor(user.username);
  await record(admin, {
    action: 'update',
    target: target(user),
    summary: `Reset two-factor sign-in of ${user.username}`,
  });
  return user.username;
}

/** Sets the sign-in rules. */
export async function setAuthPolicyAsAdmin(admin: Admin, policy: AuthPolicy): Promise<AuthPolicy> {
  const before = await getAuthPolicy();
  const after = await setAuthPolicy(policy);
  await record(admin, {
    action: 'update',
    target: 'users/policy',
    summary: 'Sign-in rules',
    before,
    after,
  });
  return after;
}

/** A user's newest changes, for the users page. */
export async function activityOf(username: string): Promise<HistoryEntry[]> {
  const user = await getUser(username);
  return listUserActivity(user.username);
}
