import { z } from 'zod';
import { contactFormSchema, type ContactForm } from '../../../schemas/contact-message';
import { HttpError } from '../../http/errors';
import { dayOf } from '../../storage/log-index';
import { timeOfInverted } from '../../storage/keys';
import { openStore, STORES } from '../../storage/store';

/*
 * One key per message, `m/<day>/<id>`, written by the visitor's request alone; the id is
 * newest-first by construction (records.ts). The inbox index (storage/log-index/) holds a row per
 * message: its id, time, read flag and what the visitor sent, copied from the message once, when
 * the index first folds it in. The read flag lives only there, so marking a message read is one
 * guarded write and the unread count never disagrees with the list; and a page or the CSV export
 * reads the index's chunks, never one blob per message.
 * Stores written by the first layout hold messages at `<id>`; the index marks those rows `legacy`
 * and they are read where they are. Rows an earlier version of the index wrote carry no text:
 * those messages are read where they are.
 */
export const store = () => openStore(STORES.contact);
export const TAIL = 'm/';
export const gone = () => new HttpError(404, 'Message not found');

export const rowSchema = z.object({
  id: z.string(),
  at: z.string(),
  read: z.boolean(),
  legacy: z.literal(true).optional(),
  // What the visitor sent (absent from rows an earlier version wrote).
  name: z.string().optional(),
  email: z.string().optional(),
  subject: z.enum(contactFormSchema.shape.subject.options).optional(),
  message: z.string().optional(),
});
export type Row = z.infer<typeof rowSchema>;

/** The time a message id (keys.ts `newestFirstKey`) was made, or null for other ids. */
export function timeOfId(id: string): string | null {
  const inverted = /^(\d{13})-/.exec(id)?.[1];
  return inverted ? new Date(timeOfInverted(inverted)).toISOString() : null;
}
export const keyOf = (row: Pick<Row, 'id' | 'at' | 'legacy'>) =>
  row.legacy ? row.id : `${TAIL}${dayOf(row.at)}/${row.id}`;
export const idOfKey = (key: string) => key.slice(key.lastIndexOf('/') + 1);
export const rowOfMessage = (m: ContactForm, legacy?: true): Row => ({
  id: m.id,
  at: m.createdAt,
  read: m.read,
  ...(legacy && { legacy }),
  name: m.name,
  email: m.email,
  subject: m.subject,
  message: m.message,
});
/** The message a row holds in full, or null when it carries no text (an earlier version's row). */
export const messageOfRow = (r: Row): ContactForm | null =>
  r.name !== undefined &&
  r.email !== undefined &&
  r.subject !== undefined &&
  r.message !== undefined
    ? {
        id: r.id,
        name: r.name,
        email: r.email,
        subject: r.subject,
        message: r.message,
        createdAt: r.at,
        read: r.read,
      }
    : null;
/** The one time a message's row sorts by: what a change to it names as its window. */
export const windowOf = (at: string) => ({ oldest: at, newest: at });
