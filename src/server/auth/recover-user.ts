import type { User } from '../../schemas/user';
import { resetTwoFactor } from './two-factor';
import { getUser, setPassword, updateUser } from './users';

/**
 * Account recovery from the command line, for the one case the admin area cannot cover: the
 * only admin lost both password and second factor. Sets a new password, turns the second factor
 * off, makes sure the account can sign in (active) and ends every session it had. Whoever runs it
 * already holds the site's store token, so it grants nothing they could not do anyway.
 */
export async function recoverUser(username: string, password: string): Promise<User> {
  await getUser(username);
  await setPassword(username, password);
  await resetTwoFactor(username);
  return updateUser(username, (user) => ({ ...user, active: true }));
}
