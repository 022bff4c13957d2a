/**
 * The words of the account emails and the team's notification digests as the site settings hold
 * them, with placeholders the sender fills in: `{username}`, `{count}` and the like stand for the
 * facts of one message. Zod-free, so both the settings schema (which refuses a text that lost a
 * required placeholder or names an unknown one) and the mail senders read the same list. The link
 * itself is never a placeholder: each message's button carries it, written by the site, so no
 * wording can drop or change it.
 */
import type { SettingsTextKey } from './site-settings-defaults';

/** One placeholder: what it stands for, as the settings form's help and the 400 say it (plain ASCII, as every error message). */
interface Placeholder {
  name: string;
  means: string;
  required?: true;
}

const username: Placeholder = { name: 'username', means: "the account's username", required: true };
const hours: Placeholder = { name: 'hours', means: 'how long the link works ("1 hour")' };

const count: Placeholder = { name: 'count', means: 'how many ("3")' };
const when: Placeholder = {
  name: 'when',
  means: 'the 15 minutes it is about ("between 09:00 and 09:15 UTC on ...")',
};
const testimonialWords = [
  { name: 'testimonials', means: 'testimonial or testimonials' },
  { name: 'was', means: 'was or were' },
  { name: 'await', means: 'awaits or await' },
] as const satisfies readonly Placeholder[];

const reviewer: Placeholder = { name: 'reviewer', means: 'who decided' };
const proposal: Placeholder = {
  name: 'proposal',
  means: 'which proposal ("Mary Somerville" (bio))',
  required: true,
};
const comment: Placeholder = {
  name: 'comment',
  means: 'the reviewer\'s comment, when they wrote one (They wrote: "...")',
};

/** Each email text with placeholders with placeholders, and the placeholders it may and must hold. */
export const MAIL_PLACEHOLDERS = {
  accountVerifyMailBody: [username, hours],
  accountInviteMailBody: [
    username,
    { name: 'role', means: 'the role given ("Editor")', required: true },
    { name: 'roleScope', means: 'what that role may do' },
    { name: 'invitedBy', means: 'the admin who invited' },
    hours,
  ],
  accountResetMailBody: [username, hours],
  accountAdminResetMailBody: [
    username,
    { name: 'admin', means: 'the admin who reset the password' },
    hours,
  ],
  accountRecoveryMailBody: [
    username,
    { name: 'what', means: 'what was done with the code', required: true },
    { name: 'when', means: 'when, in UTC', required: true },
    { name: 'setupPage', means: 'the address of the setup page' },
  ],
  // A digest counts what happened in one window: the words that follow the count are
  // placeholders too, so one text reads right for 1 and for 1,000.
  notifyContactMailSubject: [count, { name: 'messages', means: 'message or messages' }],
  notifyContactMailBody: [
    { ...count, required: true },
    { name: 'messages', means: 'message or messages' },
    when,
  ],
  notifyTestimonialMailSubject: [count, ...testimonialWords],
  notifyTestimonialMailBody: [{ ...count, required: true }, ...testimonialWords, when],
  notifyBuildFailedMailSubject: [],
  notifyBuildFailedMailBody: [when],
  notifyReleaseMailSubject: [],
  notifyReleaseMailBody: [
    { name: 'warning', means: 'which release is at risk, and why', required: true },
  ],
  // Review: the reviewers' email lists the proposals (written by the site) before its words; an
  // author's email is their notices, one paragraph each.
  notifyReviewMailSubject: [{ name: 'title', means: 'the title of the record' }],
  notifyReviewsMailSubject: [count],
  notifyReviewMailBody: [],
  notifyOutcomesMailSubject: [count],
  notifyApprovedMailBody: [reviewer, proposal],
  notifyRejectedMailBody: [reviewer, proposal, comment],
  notifyChangesMailBody: [reviewer, proposal, comment],
  notifyHeldMailBody: [
    { name: 'release', means: 'the name of the release', required: true },
    { name: 'reasons', means: 'why it waits', required: true },
    { name: 'when', means: 'the time it was moved to, with its zone' },
  ],
} as const satisfies Partial<Record<SettingsTextKey, readonly Placeholder[]>>;

export type MailWordsKey = keyof typeof MAIL_PLACEHOLDERS;
type NameOf<K extends MailWordsKey> = (typeof MAIL_PLACEHOLDERS)[K][number]['name'];
/** The values a sender gives for one text's placeholders. */
export type MailWordsValues<K extends MailWordsKey> = Record<NameOf<K>, string>;

export const isMailWordsKey = (key: string): key is MailWordsKey => key in MAIL_PLACEHOLDERS;

const PLACEHOLDER = /\{(\w+)\}/g;

/** What is wrong with a saved text's placeholders (an unknown one, or a required one missing), or null. */
export function placeholderProblem(key: MailWordsKey, text: string): string | null {
  if (text.trim() === '') return null; // empty: the built-in wording, which has them all
  const known: readonly Placeholder[] = MAIL_PLACEHOLDERS[key];
  const used = new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!));
  const unknown = [...used].filter((name) => !known.some((p) => p.name === name));
  if (unknown.length)
    return known.length
      ? `{${unknown[0]}} is not a placeholder of this email; it can use ${known.map((p) => `{${p.name}}`).join(', ')}`
      : `{${unknown[0]}} is not a placeholder of this email, which has none`;
  const missing = known.find((p) => 'required' in p && !used.has(p.name));
  return missing
    ? `Keep {${missing.name}} in the text: the email puts ${missing.means} there`
    : null;
}

/** What the settings form says under a text: the placeholders it can use. */
export function placeholderHelp(key: MailWordsKey): string | undefined {
  const known: readonly Placeholder[] = MAIL_PLACEHOLDERS[key];
  if (key.endsWith('Subject'))
    return known.length
      ? `Placeholders: ${known.map((p) => `{${p.name}} ${p.means}`).join('; ')}.`
      : undefined;
  if (known.length === 0)
    return 'A blank line starts a new paragraph; what the site knows and the button with the link are added around it.';
  return `Placeholders: ${known.map((p) => `{${p.name}} ${p.means}${'required' in p ? ' (required)' : ''}`).join('; ')}. A blank line starts a new paragraph; the button with the link is added below.`;
}

/** The text with each placeholder filled in (a subject). */
export function fillPlaceholders<K extends MailWordsKey>(
  text: string,
  values: MailWordsValues<K>,
): string {
  // A placeholder filled with nothing (no comment) leaves no double space behind.
  return text
    .replace(PLACEHOLDER, (whole, name: string) =>
      name in values ? (values as Record<string, string>)[name]! : whole,
    )
    .replace(/([^\s]) {2,}(?=[^\s])/g, '$1 ');
}

/** The text's paragraphs (split at blank lines) with each placeholder filled in. */
export function fillMailWords<K extends MailWordsKey>(
  text: string,
  values: MailWordsValues<K>,
): string[] {
  return fillPlaceholders(text, values)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
