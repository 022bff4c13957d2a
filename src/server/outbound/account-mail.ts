import { SITE } from '../../site.config';
import { formatDateTime } from '../../lib/date-style';
import { ROLE_LABELS, type Role } from '../../schemas/roles';
import { HttpError } from '../http/errors';
import { siteUrl } from '../http/invocation';
import { sendMail } from './mail-queue';
import { mailMode, NOT_SET_UP } from './mail-setup';

/*
 * The messages about a person's own account. Password links open /invite#<token>: the token sits
 * in the address's fragment, which browsers never send to a server or in a Referer.
 */

/** Whether account mail can leave at all (a provider, or the local outbox). */
export const canEmail = () => mailMode() !== 'off';

/** 503 when no mail can leave: a promise to email a link would be false. */
export function assertCanEmail(instead: string): void {
  if (!canEmail()) throw new HttpError(503, `${NOT_SET_UP}. ${instead}`);
}

const IGNORE =
  'If you did not expect this email, you can ignore it: nothing changes until the link is used.';

/** The link that proves an address belongs to the account; it opens a page that asks for one click. */
export async function sendVerificationMail(
  to: string,
  username: string,
  token: string,
): Promise<void> {
  await sendMail({
    kind: 'email-verification',
    to,
    subject: `Confirm your email address for ${SITE.shortName}`,
    paragraphs: [
      `The account ${username} on the ${SITE.name} website asked to use this email address for password resets.`,
      'To confirm that it is yours, open the link below and press the button on that page. The link works for 24 hours, once.',
    ],
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

/** An admin's invitation: the link sets the new user's password (valid 48 hours, once). */
export async function sendInvitationMail(
  to: string,
  { username, role }: { username: string; role: Role },
  invitedBy: string,
  token: string,
): Promise<void> {
  await sendMail({
    kind: 'invitation',
    to,
    subject: `You are invited to manage the ${SITE.shortName} website`,
    paragraphs: [
      `${invitedBy} invited you to help manage the ${SITE.name} website, as ${username}, with the role ${ROLE_LABELS[role]}: ${ROLE_SCOPE[role]}.`,
      'Open the link below to choose your password. The link works for 48 hours, once. Using it also confirms this email address for your account.',
    ],
    action: { label: 'Choose my password', url: siteUrl(`/invite#${token}`) },
    footer: [{ text: IGNORE }],
  });
}

/** A password link: after an admin's reset (48 hours) or one the user asked for at /login (1 hour). */
export async function sendPasswordLinkMail(
  to: string,
  username: string,
  token: string,
  hours: number,
  byAdmin: string | null,
): Promise<void> {
  await sendMail({
    kind: 'password-reset',
    to,
    subject: `Set a new password for ${SITE.shortName}`,
    paragraphs: [
      byAdmin
        ? `${byAdmin} reset the password of your account ${username} on the ${SITE.name} website: the old one no longer works.`
        : `Someone, probably you, asked to set a new password for the account ${username} on the ${SITE.name} website.`,
      `Open the link below to choose a new password. The link works for ${hours === 1 ? '1 hour' : `${hours} hours`}, once. Setting a new password signs the account out everywhere; if it uses two-factor sign-in, you will still be asked for your code.`,
    ],
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
): Promise<void> {
  await sendMail({
    kind: 'account-recovery',
    to,
    subject: `The recovery code was used on ${SITE.shortName}`,
    paragraphs: [
      `Someone used the recovery code at ${siteUrl('/setup')} on ${formatDateTime(Date.now(), 'UTC')}: ${what}. The account ${username} is an admin now.`,
      'If this was not someone on your team, sign in, check Users and History, and change RECOVERY_CODE in the site’s environment variables on Netlify (or remove it to turn recovery off).',
    ],
    action: { label: 'Open History', url: siteUrl('/admin/history') },
    footer: [{ text: 'Every admin with a confirmed email address gets this message.' }],
  });
}
