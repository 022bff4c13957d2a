import type { MailMode } from '../../schemas/mail';

/**
 * How this deployment sends mail, from its environment:
 * - `SMTP_URL` (and `EMAIL_FROM`, the sender address): through that provider;
 * - else `MAIL_OUTBOX_DIR` (set by the local platform to DATA_DIR/outbox): one .eml file per message;
 * - else nothing is sent, and the admin says so.
 */
export type MailSetup =
  | { mode: 'smtp'; url: string; from: string; detail: string }
  | { mode: 'outbox'; dir: string; from: string; detail: string }
  | { mode: 'off'; detail: string };

const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

export const NOT_SET_UP = 'Email is not set up: confirmations and notifications are not being sent';

export function mailSetup(): MailSetup {
  const url = process.env.SMTP_URL?.trim();
  const from = process.env.EMAIL_FROM?.trim();
  if (url) {
    if (!from || !ADDRESS.test(from))
      return {
        mode: 'off',
        detail: `${NOT_SET_UP} (SMTP_URL is set, but EMAIL_FROM is not a sender address).`,
      };
    let host: string;
    try {
      host = new URL(url).hostname;
    } catch {
      return { mode: 'off', detail: `${NOT_SET_UP} (SMTP_URL is not a URL).` };
    }
    return { mode: 'smtp', url, from, detail: `Sending through ${host} as ${from}.` };
  }
  const dir = process.env.MAIL_OUTBOX_DIR;
  if (dir)
    return {
      mode: 'outbox',
      dir,
      from: from && ADDRESS.test(from) ? from : 'no-reply@localhost',
      detail: `No provider is set: every message is written to ${dir} as an .eml file.`,
    };
  return { mode: 'off', detail: `${NOT_SET_UP}.` };
}

/** Whether messages are sent (or written) at all. */
export const mailMode = (): MailMode => mailSetup().mode;
