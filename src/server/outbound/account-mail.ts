import { formatDateTime } from '../../lib/date-style';
import { fillMailWords } from '../../schemas/mail-words';
import { ROLE_LABELS, type Role } from '../../schemas/roles';
import { HttpError } from '../http/errors';
import { siteUrl } from '../http/invocation';
import { sendMail } from './mail-queue';
import { mailMode, NOT_SET_UP } from './mail-setup';

/*
 * The messages about a person's own account. Password links open /invite#<token>: the token sits
 * in the address's fragment, which browsers never send to a server or in a Referer.
 *
 * Each message's subject and words come from the site settings, which this floor cannot read:
 * the caller (auth/account-mail-words.ts) reads them and passes them in, and this fills in their
 * placeholders. The button with the link and the line under it are written here, so no wording
 * can lose them.
 */

/** A message's subject and words, as the site settings hold them (placeholders unfilled). */
export interface AccountMailWords {
  subject: string;
  body: string;
}

/** Whether account mail can leave at all (a provider, or the local outbox). */
export const canEmail = () => mailMode() !== 'off';

/** 503 when no mail can leave: a promise to email a link would be false. */
export function assertCanEmail(instead: string): void {
  if (!canEmail()) throw new HttpError(503, `${NOT_SET_UP}. ${instead}`);
}

const duration = (hours: number) => (hours === 1 ? '1 hour' : `${hours} hours`);

const IGNORE =
  'If you did not expect this email, you can ignore it: nothing changes until the link is used.';

/** The link that proves an address belongs to the account; it opens a page that asks for one click. */
export async function sendVerificationMail(
  to: string,
  username: string,
  token: string,
  hours: number,
  words: AccountMailWords,
): Promise<void> {
  await sendMail({
    kind: 'email-verification',
    to,
    subject: words.subject,
    paragraphs: fillMailWords<'accountVerifyMailBody'>(words.body, {
      username,
      hours: duration(hours),
    }),
    action: {
      label: 'Confirm my email address',
      url: siteUrl(`/verify-email?token=${encodeURIComponent(token)}`),
    },
    footer: [{ text: IGNORE }],
  });
}

/** What each role may do, as an invitation says it. */
const ROLE_SCOPE: Record<Role, string> = {
  admin:
    'you can change everything, including the team’s accounts, the contact inbox and the subscriber list',
  editor: 'you can change the site’s content and settings, not accounts or personal data',
  contributor:
    'you can propose changes to the site’s content; an editor or admin reviews each before it goes live',
};

/** An admin's invitation: the link sets the new user's password (valid `hours`, once). */
export async function sendInvitationMail(
  to: string,
  { username, role }: { username: string; role: Role },
  invitedBy: string,
  token: string,
  hours: number,
  words: AccountMailWords,
): Promise<void> {
  await sendMail({
    kind: 'invitation',
    to,
    subject: words.subject,
    paragraphs: fillMailWords<'accountInviteMailBody'>(words.body, {
      username,
      role: ROLE_LABELS[role],
      roleScope: ROLE_SCOPE[role],
      invitedBy,
      hours: duration(hours),
    }),
    action: { label: 'Choose my password', url: siteUrl(`/invite#${token}`) },
    footer: [{ text: IGNORE }],
  });
}

/**
 * A password link: after an admin's reset (48 hours) or one the user asked for at /login (1 hour);
 * `words` are the admin-reset or the asked-for wording accordingly.
 */
export async function sendPasswordLinkMail(
  to: string,
  username: string,
  token: string,
  hours: number,
  byAdmin: string | null,
  words: AccountMailWords,
): Promise<void> {
  await sendMail({
    kind: 'password-reset',
    to,
    subject: words.subject,
    paragraphs: fillMailWords<'accountAdminResetMailBody'>(words.body, {
      username,
      admin: byAdmin ?? '',
      hours: duration(hours),
    }),
    action: { label: 'Set a new password', url: siteUrl(`/invite#${token}`) },
    footer: [
      {
        text: byAdmin
          ? 'If you did not expect this, tell your admin.'
          : 'If you did not ask for this, ignore this email: your password stays as it is.',
      },
    ],
  });
}

/**
 * Tells an admin that the recovery code was used: whoever holds it can take over an admin account,
 * so every admin hears of each use, and can rotate RECOVERY_CODE if it was not one of them.
 */
export async function sendRecoveryNoticeMail(
  to: string,
  username: string,
  what: string,
  words: AccountMailWords,
): Promise<void> {
  await sendMail({
    kind: 'account-recovery',
    to,
    subject: words.subject,
    paragraphs: fillMailWords<'accountRecoveryMailBody'>(words.body, {
      username,
      what,
      when: formatDateTime(Date.now(), 'UTC'),
      setupPage: siteUrl('/setup'),
    }),
    action: { label: 'Open History', url: siteUrl('/admin/history') },
    footer: [{ text: 'Every admin with a confirmed email address gets this message.' }],
  });
}
