import { createHash, randomBytes } from 'node:crypto';
import {
  emailOwnerSchema,
  emailVerificationSchema,
  type EmailVerification,
} from '../../schemas/account';
import type { User } from '../../schemas/user';
import { HttpError } from '../http/errors';
import { assertCanEmail, sendVerificationMail } from '../outbound/account-mail';
import { accountMailWords } from './account-mail-words';
import {
  createJSON,
  deleteKey,
  openStore,
  readJSON,
  STORES,
  updateJSON,
  writeJSON,
} from '../storage/store';
import { endLinks, linkStillOpen } from './link-epoch';
import { findUser, updateUser } from './users';

/*
 * A user's email address: pending until a link sent to it is used, then verified, and only then
 * used for password resets. An index (one small record per verified address) finds the account
 * behind an address without reading every user, and keeps one address to one account.
 */

/** How long a verification link works. */
export const VERIFY_HOURS = 24;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const TOKEN = /^[\w-]{43}$/;
const GONE =
  'This verification link is not valid: it was already used, has expired or was replaced by a newer one. Ask for a new one under My account.';
const TAKEN = 'This address is already verified for another account';

const tokens = () => openStore(STORES.invitations);
const tokenKey = (token: string) => `email/${sha256(token)}`;
const system = () => openStore(STORES.system);
const ownerKey = (email: string) => `user-email/${sha256(email.toLowerCase())}`;

/** The account whose verified address this is, or null. */
export async function findUserByEmail(email: string): Promise<User | null> {
  const found = await readJSON(system(), ownerKey(email), emailOwnerSchema);
  if (!found) return null;
  const user = await findUser(found.value.username);
  // The index may outlive a change or a deleted account: the user record has the last word.
  return user?.email === email.toLowerCase() ? user : null;
}

/** Records that `username` holds `email`; 409 when another account still holds it. */
async function claimAddress(username: string, email: string): Promise<void> {
  const holder = await findUserByEmail(email);
  if (holder && holder.username.toLowerCase() !== username.toLowerCase())
    throw new HttpError(409, TAKEN, { email: TAKEN });
  await writeJSON(system(), ownerKey(email), emailOwnerSchema, { username });
}

/**
 * Makes `email` the user's verified address (a link sent to it was used) and lets go of the
 * address it replaces. A new mailbox ends every link still out: they went to the old one. Checked again after the write, so two accounts verifying the same address
 * at once cannot both keep it. `stillValid` (the link's own check) refuses it with 410.
 */
export async function adoptEmail(
  username: string,
  email: string,
  stillValid: (user: User) => boolean = () => true,
): Promise<User> {
  await claimAddress(username, email);
  let previous: string | undefined;
  const user = await updateUser(username, (u) => {
    // Checked on the stored user in the same write: a link checked before a newer address was
    // asked for, or before its links ended, must not land (the index left naming this account
    // is harmless: findUserByEmail asks the user record).
    if (!stillValid(u)) throw new HttpError(410, GONE);
    previous = u.email;
    const adopted = {
      ...u,
      email,
      emailVerifiedAt: new Date().toISOString(),
      ...(u.pendingEmail === email ? { pendingEmail: undefined, emailRequestedAt: undefined } : {}),
    };
    return u.email === email ? adopted : endLinks(adopted);
  });
  const owner = await readJSON(system(), ownerKey(email), emailOwnerSchema);
  if (owner?.value.username !== username) {
    await updateUser(username, (u) =>
      u.email === email
        ? { ...u, email: previous, emailVerifiedAt: previous ? u.emailVerifiedAt : undefined }
        : u,
    );
    throw new HttpError(409, TAKEN, { email: TAKEN });
  }
  if (previous && previous !== email) await releaseAddress(username, previous);
  return user;
}

async function releaseAddress(username: string, email: string): Promise<void> {
  const owner = await readJSON(system(), ownerKey(email), emailOwnerSchema);
  if (owner?.value.username === username) await deleteKey(system(), ownerKey(email));
}

/** 409 when another account has verified this address (an invitation must not be sent there). */
export async function assertAddressFree(email: string): Promise<void> {
  if (await findUserByEmail(email)) throw new HttpError(409, TAKEN, { email: TAKEN });
}

/**
 * Sets an address waiting for verification and emails it a single-use link; the verified address,
 * if any, stays in use until the link is. 409 when another account already verified the address.
 */
export async function requestEmailChange(user: User, email: string): Promise<void> {
  assertCanEmail('No verification link can be sent, so the address cannot be confirmed.');
  if (user.email === email)
    throw new HttpError(409, 'This address is already verified for your account', {
      email: 'This address is already verified for your account',
    });
  const holder = await findUserByEmail(email);
  if (holder && holder.id !== user.id) throw new HttpError(409, TAKEN, { email: TAKEN });
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const record: EmailVerification = {
    userId: user.id,
    username: user.username,
    email,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + VERIFY_HOURS * 3600_000).toISOString(),
    linkEpoch: user.linkEpoch,
  };
  await createJSON(tokens(), tokenKey(token), emailVerificationSchema, record);
  // Only the newest link works: asking again, or for another address, replaces the one before.
  await updateUser(user.username, (u) => ({
    ...u,
    pendingEmail: email,
    emailRequestedAt: record.createdAt,
  }));
  const words = await accountMailWords('accountVerifyMailSubject', 'accountVerifyMailBody');
  await sendVerificationMail(email, user.username, token, VERIFY_HOURS, words);
}

const usable = (v: EmailVerification) => !v.usedAt && Date.parse(v.expiresAt) > Date.now();
const current = (v: EmailVerification, u: User | null) =>
  linkStillOpen(v, u) && u.emailRequestedAt === v.createdAt && u.pendingEmail === v.email;

/** Uses a verification link: the address becomes the user's verified one. 410 for a used, expired, replaced or forged link. */
export async function verifyEmail(token: string): Promise<{ username: string; email: string }> {
  if (!TOKEN.test(token)) throw new HttpError(410, GONE);
  const found = await readJSON(tokens(), tokenKey(token), emailVerificationSchema);
  if (!found || !usable(found.value) || !current(found.value, await findUser(found.value.username)))
    throw new HttpError(410, GONE);
  // Marked used first (etag-guarded): two simultaneous uses cannot both pass.
  await updateJSON(
    tokens(),
    tokenKey(token),
    emailVerificationSchema,
    () => {
      throw new HttpError(410, GONE);
    },
    (v) => {
      if (!usable(v)) throw new HttpError(410, GONE);
      return { ...v, usedAt: new Date().toISOString() };
    },
  );
  const { username, email } = found.value;
  await adoptEmail(username, email, (u) => current(found.value, u));
  return { username, email };
}

/** What My account shows of the user's address. */
export const emailState = (u: User) => ({
  email: u.email ?? null,
  pendingEmail: u.pendingEmail ?? null,
});
