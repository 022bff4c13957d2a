import { invitationSchema, type Invitation } from '../../schemas/account';
import type { User } from '../../schemas/user';
import { HttpError } from '../http/errors';
import { openStore, readJSON, STORES, updateJSON, writeJSON } from '../storage/store';
import { parseWith } from '../http/http';
import { newPasswordSchema } from '../../schemas/user';
import { linkStillOpen } from './link-epoch';
import { findUser, setPassword, updateUser } from './users';

/** How long an invitation link works. */
export const INVITATION_HOURS = 48;
/** How long a link the user asked for (forgot password) works: whoever reads that mailbox holds the account meanwhile. */
export const FORGOT_HOURS = 1;

// The link carries 256 random bits; only their SHA-256 is stored, so a store reader cannot use a link.
async function keyOf(token: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Buffer.from(bytes).toString('hex');
}

const TOKEN = /^[\w-]{43}$/;
const GONE =
  'This link is not valid: it was already used, has expired or was replaced. Ask an admin for a new one, or use "Forgot your password?" on the sign-in page.';

/**
 * Issues a single-use link token for setting the user's password; answers the token (shown once).
 * `email`: where an invitation is sent; the user's address is pending until the link is used.
 */
export async function createInvitation(
  user: Pick<User, 'id' | 'username' | 'linkEpoch'>,
  kind: Invitation['kind'],
  createdBy: string,
  email?: string,
): Promise<{ token: string; expiresAt: string }> {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  const now = Date.now();
  const invitation: Invitation = {
    userId: user.id,
    username: user.username,
    kind,
    createdBy,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(
      now + (kind === 'forgot' ? FORGOT_HOURS : INVITATION_HOURS) * 3600_000,
    ).toISOString(),
    ...(email ? { email } : {}),
    linkEpoch: user.linkEpoch,
  };
  await writeJSON(openStore(STORES.invitations), await keyOf(token), invitationSchema, invitation);
  // Only the newest link of a user works: a reset replaces the link sent before it. A link the
  // user asked for is counted apart, so a stranger asking for one cannot void an admin's link.
  await updateUser(user.username, (u) =>
    kind === 'forgot'
      ? { ...u, passwordResetAt: invitation.createdAt }
      : {
          ...u,
          invitedAt: invitation.createdAt,
          ...(email ? { pendingEmail: email, emailRequestedAt: invitation.createdAt } : {}),
        },
  );
  return { token, expiresAt: invitation.expiresAt };
}

const usable = (i: Invitation) => !i.usedAt && Date.parse(i.expiresAt) > Date.now();
/**
 * Only a user's newest link of its kind works (a reset or a new invitation replaces the one
 * before), and only while the account is active and nothing has ended its links since.
 */
const current = (i: Invitation, u: User | null) =>
  linkStillOpen(i, u) && (i.kind === 'forgot' ? u.passwordResetAt : u.invitedAt) === i.createdAt;

/**
 * The invitation behind a token while it can still be used; 410 otherwise, including for a link
 * a newer one replaced, or whose account was removed, deactivated, reset or given a new address
 * since (opening it must not name the account).
 */
export async function readInvitation(token: string): Promise<Invitation> {
  if (!TOKEN.test(token)) throw new HttpError(410, GONE);
  const found = await readJSON(openStore(STORES.invitations), await keyOf(token), invitationSchema);
  if (!found || !usable(found.value)) throw new HttpError(410, GONE);
  if (!current(found.value, await findUser(found.value.username))) throw new HttpError(410, GONE);
  return found.value;
}

/**
 * Uses an invitation: marks it used first (etag-guarded, so two simultaneous uses cannot both
 * pass), then sets the password, which also ends any session the account still had.
 */
export async function acceptInvitation(token: string, password: string): Promise<User> {
  // A weak password must not use up the link.
  parseWith(newPasswordSchema, password);
  const invitation = await readInvitation(token);
  const claimed = await updateJSON(
    openStore(STORES.invitations),
    await keyOf(token),
    invitationSchema,
    () => {
      throw new HttpError(410, GONE);
    },
    (current) => {
      if (!usable(current)) throw new HttpError(410, GONE);
      return { ...current, usedAt: new Date().toISOString() };
    },
  );
  const user = await setPassword(claimed.username, password, (u) => current(invitation, u));
  // The invitation reached its reader at this address: it is theirs, unless it was changed since.
  if (invitation.kind === 'invite' && invitation.email && user.pendingEmail === invitation.email) {
    const { adoptEmail } = await import('./user-email');
    // The password is set either way: an address another account verified meanwhile stays
    // pending here (My account shows it) rather than turn this answer into a failure.
    await adoptEmail(user.username, invitation.email).catch((error: unknown) => {
      if (!(error instanceof HttpError && error.status === 409)) throw error;
    });
  }
  return user;
}
