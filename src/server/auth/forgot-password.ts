import { assertCanEmail, sendPasswordLinkMail } from '../outbound/account-mail';
import { accountMailWords } from './account-mail-words';
import { afterResponse } from '../http/invocation';
import { createInvitation, FORGOT_HOURS } from './invitations';
import { assertPasswordResetRequestAllowed, passwordLinkAllowed } from './throttle';
import { findUserByEmail } from './user-email';
import { findUser } from './users';

/** The one answer to every forgot-password request, whatever exists. */
export const FORGOT_ANSWER = `If that account has a verified email address, we have emailed it a link to set a new password. The link works for ${FORGOT_HOURS} hour.`;

/**
 * Asks for a password link for a username or a verified address. The account is looked up after
 * the answer (the invocation's waitUntil), so neither the words nor the time taken tell whether
 * it exists. The link goes to the verified address only, and the current password keeps working
 * until the link is used: a stranger asking locks nobody out.
 */
export async function requestPasswordLink(login: string, ip: string): Promise<void> {
  // The same for every account: it says only that this site sends no mail.
  assertCanEmail('No password link can be sent: ask an admin to reset your password.');
  await assertPasswordResetRequestAllowed(login, ip);
  afterResponse('Sending a password link', () => sendPasswordLink(login));
}

async function sendPasswordLink(login: string): Promise<void> {
  const user =
    (await findUser(login)) ??
    (login.includes('@') ? await findUserByEmail(login.toLowerCase()) : null);
  if (!user || !user.active || !user.email) return;
  if (!(await passwordLinkAllowed(user.username))) return;
  const { token } = await createInvitation(user, 'forgot', user.username);
  const words = await accountMailWords('accountResetMailSubject', 'accountResetMailBody');
  await sendPasswordLinkMail(user.email, user.username, token, FORGOT_HOURS, null, words);
}
