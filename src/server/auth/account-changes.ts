/**
 * What signed-in people change about their own account, each recorded in History through the
 * change pipeline. Accounts are not on the built pages, so none of it rebuilds the site.
 */
import type { User } from '../../schemas/user';
import { HttpError } from '../http/errors';
import { commitChange } from '../publishing/history';
import { confirmEnrolment } from './two-factor';
import { requestEmailChange } from './user-email';
import { setPassword } from './users';

const record = (user: Pick<User, 'username'>, summary: string) =>
  commitChange(
    user,
    { action: 'update', target: `users/${user.username}`, summary },
    { rebuild: false },
  );

/**
 * Sets a new password (every session ends); answers the user as stored now. `user` is the record
 * the session and the current password were checked against.
 */
export async function changeOwnPassword(user: User, newPassword: string): Promise<User> {
  const updated = await setPassword(user.username, newPassword, (u) => {
    // An admin's reset, a sign-out everywhere or another new password that landed while this one
    // was being checked ended this session: the change must not undo it and hand out a new one.
    if (u.passwordHash !== user.passwordHash || u.sessionsValidAfter !== user.sessionsValidAfter)
      throw new HttpError(
        401,
        'Your password was reset or your sessions were ended while you were changing it. Please sign in again.',
      );
    return true;
  });
  await record(user, 'Changed their password');
  return updated;
}

/** Turns two-factor sign-in on with a code from the app; answers the recovery codes (shown once). */
export async function confirmOwnTwoFactor(
  user: Pick<User, 'username'>,
  code: string,
): Promise<string[]> {
  const recoveryCodes = await confirmEnrolment(user.username, code);
  await record(user, 'Turned on two-factor sign-in');
  return recoveryCodes;
}

/** Emails a verification link to a new address. */
export async function requestOwnEmailChange(user: User, email: string): Promise<void> {
  await requestEmailChange(user, email);
  await record(user, 'Asked to verify a new email address');
}
