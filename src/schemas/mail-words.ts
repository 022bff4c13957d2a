/**
 * The words of the account emails as the site settings hold them, with placeholders the sender
 * fills in: `{username}` and the like stand for the facts of one message. Zod-free, so both the
 * settings schema (which refuses a text that lost a required placeholder) and the mail senders
 * read the same list. The link itself is never a placeholder: each message's button carries it,
 * written by the site, so no wording can drop or change it.
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

/** Each account email text with placeholders, and the placeholders it may and must hold. */
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
    return `{${unknown[0]}} is not a placeholder of this email; it can use ${known.map((p) => `{${p.name}}`).join(', ')}`;
  const missing = known.find((p) => 'required' in p && !used.has(p.name));
  return missing
    ? `Keep {${missing.name}} in the text: the email puts ${missing.means} there`
    : null;
}

/** What the settings form says under a text: the placeholders it can use. */
export function placeholderHelp(key: MailWordsKey): string {
  const known: readonly Placeholder[] = MAIL_PLACEHOLDERS[key];
  return `Placeholders: ${known.map((p) => `{${p.name}} ${p.means}${'required' in p ? ' (required)' : ''}`).join('; ')}. A blank line starts a new paragraph; the button with the link is added below.`;
}

/** The text's paragraphs (split at blank lines) with each placeholder filled in. */
export function fillMailWords<K extends MailWordsKey>(
  text: string,
  values: MailWordsValues<K>,
): string[] {
  const filled = text.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? (values as Record<string, string>)[name]! : whole,
  );
  return filled
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
