import { z } from 'zod';
import type { RecoverRequest, SetupRequest } from '../../schemas/setup';
import type { User } from '../../schemas/user';
import { HttpError } from '../http/errors';
import { canEmail, sendRecoveryNoticeMail } from '../outbound/account-mail';
import { accountMailWords } from './account-mail-words';
import { commitChange } from '../publishing/history';
import { deleteKey, openStore, STORES, takeLease } from '../storage/store';
import { recoverUser } from './recover-user';
import { recoveryCodeMatches, setupCodeMatches } from './setup-code';
import { reserveSetupAttempt } from './throttle';
import { requestEmailChange } from './user-email';
import { anyUserExists, createUser, findUser, listUsers, updateUser } from './users';

/*
 * /setup, the site's first-run door and its lock-out recovery, with no terminal: the first admin
 * is made with the setup code while no user exists, and an admin is re-created (or an account's
 * password reset) with RECOVERY_CODE whenever it is set. Both are recorded in History.
 */

const GONE = 'This site is set up already: sign in at /login';
const WRONG = 'That code is not right. Check it and try again.';
const CLAIM = 'setup-claim';
const claimSchema = z.object({ at: z.string() });

/** 404 once any user exists: the first-run setup never reopens. */
export async function assertSetupOpen(): Promise<void> {
  if (await anyUserExists()) throw new HttpError(404, GONE);
}

/** Counts the guess against the address, then checks it: 403 for a wrong code, 429 after too many. */
async function checkCode(ip: string, matches: () => boolean | Promise<boolean>): Promise<void> {
  const attempt = await reserveSetupAttempt(ip);
  const right = await Promise.resolve()
    .then(matches)
    .catch(async (error: unknown) => {
      // Nothing was compared (no code to compare with): the attempt does not count.
      await attempt.succeeded();
      throw error;
    });
  // A wrong code keeps its slot: it is the recorded failure.
  if (!right) throw new HttpError(403, WRONG, { code: WRONG });
  await attempt.succeeded();
}

/**
 * Makes the first admin and asks them to confirm their address (a link, as on My account). Two
 * people setting up at once: one claim (created only if new) lets one through, the other is told.
 */
export async function createFirstAdmin(
  input: SetupRequest,
  ip: string,
): Promise<{ user: User; message: string }> {
  await assertSetupOpen();
  await checkCode(ip, () => setupCodeMatches(input.code));
  const system = openStore(STORES.system);
  if (!(await claim(system))) {
    await assertSetupOpen();
    throw new HttpError(409, 'Someone is setting up this site right now. Try again in a minute.');
  }
  try {
    await assertSetupOpen();
    const user = await createUser({
      username: input.username,
      password: input.password,
      role: 'admin',
    });
    await commitChange(
      user,
      {
        action: 'create',
        target: `users/${user.username}`,
        summary: 'Set up the site: the first admin',
      },
      { rebuild: false },
    );
    return { user, message: await askToConfirm(user, input.email) };
  } finally {
    // Whatever happened, the claim goes: with an admin the door is shut anyway, without one it must open again.
    await deleteKey(system, CLAIM);
  }
}

/** A claim older than this was left by a setup that never finished (a function cut off mid-way). */
const CLAIM_STALE_MS = 2 * 60_000;

/**
 * Takes the one setup claim (a lease that keeps when it was taken, `at`); a stale one is taken
 * over, so a crash cannot shut the door for good. Taken over only while it is still the stale
 * claim read (etag-guarded), never deleted and made anew: two setups that both found it stale
 * would each delete the claim the other had just taken, and both go on to make an admin.
 */
async function claim(system: ReturnType<typeof openStore>): Promise<boolean> {
  const taken = await takeLease(
    system,
    CLAIM,
    claimSchema,
    {
      until: (held) => Date.parse(held.at) + CLAIM_STALE_MS,
      hold: (_held, until) => ({ at: new Date(until - CLAIM_STALE_MS).toISOString() }),
    },
    { ms: CLAIM_STALE_MS, initial: () => ({ at: new Date(0).toISOString() }) },
  );
  return taken !== null;
}

/** Emails the verification link; the admin exists either way, so a failure here is told, not thrown. */
async function askToConfirm(user: User, email: string): Promise<string> {
  if (!canEmail())
    return `Email is not set up on this site yet, so ${email} could not be confirmed. Once SMTP_URL and EMAIL_FROM are set, add it again on My account.`;
  try {
    await requestEmailChange(user, email);
  } catch (error) {
    console.error('The first admin’s address could not be sent its link', error);
    return `No link could be sent to ${email} just now: add the address again on My account.`;
  }
  return `We emailed a link to ${email}: open it to confirm the address. Until then, nobody is told about new messages.`;
}

/**
 * Recovery with RECOVERY_CODE: an existing account gets the new password, two-factor sign-in off,
 * is active and an admin; a new name becomes a new admin. Recorded in History and emailed to every
 * admin with a confirmed address.
 */
export async function recoverAdmin(
  input: RecoverRequest,
  ip: string,
): Promise<{ user: User; message: string }> {
  await checkCode(ip, () => recoveryCodeMatches(input.code));
  const existing = await findUser(input.username);
  let user: User;
  let what: string;
  if (existing) {
    await recoverUser(existing.username, input.password);
    user = await updateUser(existing.username, (u) => ({ ...u, role: 'admin' }));
    what = `the password of ${user.username} was reset and two-factor sign-in turned off`;
  } else {
    user = await createUser({ username: input.username, password: input.password, role: 'admin' });
    what = `a new admin account ${user.username} was created`;
  }
  await commitChange(
    user,
    {
      action: existing ? 'update' : 'create',
      target: `users/${user.username}`,
      summary: `Used the recovery code: ${what}`,
    },
    { rebuild: false },
  );
  await tellAdmins(user.username, what);
  return {
    user,
    message: `Recovered: ${what}. Every admin with a confirmed email address was told. Turn two-factor sign-in back on under My account.`,
  };
}

async function tellAdmins(username: string, what: string): Promise<void> {
  if (!canEmail()) return;
  const admins = (await listUsers()).filter((u) => u.role === 'admin' && u.active && u.email);
  const words = await accountMailWords('accountRecoveryMailSubject', 'accountRecoveryMailBody');
  await Promise.all(admins.map((u) => sendRecoveryNoticeMail(u.email!, username, what, words)));
}
