import { z } from 'zod';
import type { ContactInput } from '../../schemas/contact-form';
import { contactFormSchema, type ContactForm } from '../../schemas/contact-message';
import type { User } from '../../schemas/user';
import { HttpError } from '../http/errors';
import { commitChange } from '../publishing/history';
import { dayOf, logIndex, type RowPosition } from '../storage/log-index';
import { markPerson } from '../storage/person-index';
import { newestFirstKey, timeOfInverted } from '../storage/keys';
import { listKeys, readRecords, type Page } from '../storage/records';
import { createJSON, deleteKey, openStore, readJSON, STORES } from '../storage/store';

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
const store = () => openStore(STORES.contact);
const TAIL = 'm/';
const gone = () => new HttpError(404, 'Message not found');

const rowSchema = z.object({
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
type Row = z.infer<typeof rowSchema>;

/** The time a message id (keys.ts `newestFirstKey`) was made, or null for other ids. */
function timeOfId(id: string): string | null {
  const inverted = /^(\d{13})-/.exec(id)?.[1];
  return inverted ? new Date(timeOfInverted(inverted)).toISOString() : null;
}
const keyOf = (row: Pick<Row, 'id' | 'at' | 'legacy'>) =>
  row.legacy ? row.id : `${TAIL}${dayOf(row.at)}/${row.id}`;
const idOfKey = (key: string) => key.slice(key.lastIndexOf('/') + 1);
const rowOfMessage = (m: ContactForm, legacy?: true): Row => ({
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
const messageOfRow = (r: Row): ContactForm | null =>
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
const windowOf = (at: string) => ({ oldest: at, newest: at });

const index = logIndex<Row>({
  what: 'inbox',
  snapshotStore: () => openStore(STORES.system),
  snapshotKey: 'contact-snapshot',
  row: rowSchema,
  idOf: (r) => r.id,
  timeOf: (r) => r.at,
  order: (a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id),
  tally: (r) => (r.read ? undefined : 'unread'),
  tailStore: store,
  tailPrefix: TAIL,
  idOfTailKey: idOfKey,
  // New messages are read once here, so that pages and exports never read them again.
  rowsOfTailKeys: async (keys) =>
    (await readRecords(store(), keys, contactFormSchema, 32)).map((m) => rowOfMessage(m)),
  // First sight of a store: every message in either layout.
  scan: async () => {
    const keys = await listKeys(store());
    const current = await readRecords(
      store(),
      keys.filter((k) => k.startsWith(TAIL) && timeOfId(idOfKey(k))),
      contactFormSchema,
      32,
    );
    const legacy = await readRecords(
      store(),
      keys.filter((k) => !k.startsWith(TAIL)),
      contactFormSchema,
    );
    return [
      ...current.map((m) => rowOfMessage({ ...m, read: false })),
      ...legacy.map((m) => rowOfMessage(m, true)),
    ];
  },
});

/** Stores a visitor's contact message, unread. */
export async function createContactForm(input: ContactInput): Promise<ContactForm> {
  const id = newestFirstKey();
  const record = contactFormSchema.parse({ ...input, id, createdAt: timeOfId(id), read: false });
  // Marked first, so erasure by address or name finds every stored message (person-index.ts).
  await markPerson('contact', id, record);
  // A fresh random key never exists; onlyIfNew just makes "never overwrite" explicit.
  if (!(await createJSON(store(), keyOf({ id, at: record.createdAt }), contactFormSchema, record)))
    throw new HttpError(409, 'Please send the message again');
  return record;
}

/** The messages of these rows, in their order, with the index's read flag. */
async function messagesOf(rows: readonly Row[], concurrency?: number): Promise<ContactForm[]> {
  const untold = rows.filter((r) => !messageOfRow(r));
  const read = new Map(
    (await readRecords(store(), untold.map(keyOf), contactFormSchema, concurrency)).map((m) => [
      m.id,
      m,
    ]),
  );
  return rows.flatMap((r) => {
    const m = messageOfRow(r) ?? read.get(r.id);
    return m ? [{ ...m, read: r.read }] : [];
  });
}

/** One page of the inbox, newest first: the index's head and the chunk (or two) the page is in. */
export async function listContactForms(query: {
  page: number;
  pageSize: number;
}): Promise<Page<ContactForm>> {
  const { page, pageSize } = query;
  const { rows, counts } = await index.find(() => true, (page - 1) * pageSize, pageSize);
  return {
    items: await messagesOf(rows),
    total: counts.total,
    page,
    pageSize,
  };
}

/** The number of messages (from the index's head). */
export async function countContactForms(): Promise<number> {
  return (await index.counts()).total;
}

/** The number of unread messages (from the index's head). */
export async function countUnread(): Promise<number> {
  return (await index.counts()).tally.unread ?? 0;
}

/** Where an export that wrote this message carries on from (the index's order: time, then id). */
export const positionOfMessage = (m: ContactForm): RowPosition => ({
  time: m.createdAt,
  key: m.id,
});

/**
 * Every message, newest first, a chunk of the index at a time (for the CSV export): the rows carry
 * what is exported, so memory holds one chunk and the store is asked once per chunk, whatever the
 * inbox holds. With `after`, only the messages after that position.
 */
export async function* contactFormBatches(after?: RowPosition): AsyncGenerator<ContactForm[]> {
  // The index orders by time, then id: a row holding just those is where to carry on.
  const from = after && { id: after.key, at: after.time, read: false };
  for await (const rows of index.batches(from)) yield await messagesOf(rows, 32);
}

/** Every stored message, read one by one: the tests' reference for what the index must show. */
export async function scanContactForms(): Promise<ContactForm[]> {
  const all = await readRecords(store(), await listKeys(store()), contactFormSchema);
  return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

/** The ids of messages that arrived before `at` (an ISO time), oldest first: from the index alone. */
export async function messageIdsBefore(at: string): Promise<string[]> {
  return (await index.rows())
    .filter((r) => r.at < at)
    .map((r) => r.id)
    .reverse();
}

/** The ids of messages that arrived from `from` until before `to` (ISO times), oldest first: from the index alone. */
export async function messageIdsBetween(from: string, to: string): Promise<string[]> {
  return (
    await index.find((r) => r.at >= from && r.at < to, 0, Infinity, { oldest: from, newest: to })
  ).rows
    .map((r) => r.id)
    .reverse();
}

/** The index row of a message, or undefined: only the chunk its time is in, when its id tells it. */
const rowOf = async (id: string) => {
  const at = timeOfId(id);
  return (await index.find((r) => r.id === id, 0, 1, at ? windowOf(at) : undefined)).rows[0];
};

/** One message, or 404. */
export async function getContactForm(id: string): Promise<ContactForm> {
  const row = await rowOf(id);
  const held = row && messageOfRow(row);
  if (held) return held;
  const at = row?.at ?? timeOfId(id);
  const found =
    row || at ? await readJSON(store(), keyOf(row ?? { id, at: at! }), contactFormSchema) : null;
  if (!found) throw gone();
  return { ...found.value, read: row?.read ?? found.value.read };
}

/** Marks a message read or unread (one guarded write to the index); returns it before and after. */
export async function setContactFormRead(
  id: string,
  read: boolean,
): Promise<{ before: ContactForm; after: ContactForm }> {
  const before = await getContactForm(id);
  await index.update((rows) => {
    const row = rows.find((r) => r.id === id);
    // Deleted meanwhile: say so rather than bring its row back.
    if (!row) throw gone();
    row.read = read;
    return rows;
  }, windowOf(before.createdAt));
  return { before, after: { ...before, read } };
}

/**
 * Deletes a message, then its index row; 404 when neither exists. The row's removal always
 * writes, so a fold that listed the message before it went starts again without it; a delete
 * that failed between the two is finished by repeating it.
 */
export async function deleteContactForm(id: string): Promise<ContactForm> {
  const row = await rowOf(id);
  const at = row?.at ?? timeOfId(id);
  const key = keyOf(row ?? { id, at: at ?? '' });
  const found = at || row ? await readJSON(store(), key, contactFormSchema) : null;
  if (!found && !row) throw gone();
  await deleteKey(store(), key);
  if (row) await index.update((rows) => rows.filter((r) => r.id !== id), windowOf(row.at));
  else if (at) await index.update((rows) => rows.filter((r) => r.id !== id), windowOf(at));
  return (
    found?.value ?? {
      id,
      name: '(already deleted)',
      email: '',
      subject: 'other',
      message: '',
      createdAt: row!.at,
      read: row!.read,
    }
  );
}

/** Deletes the index's copies of messages already deleted, kept a while for readers (erasure). */
export const forgetDeletedMessages = (): Promise<void> => index.dropRetired();

/** An admin marks a message read or unread: in History when it changed (the built pages never show messages). */
export async function markContactForm(
  user: Pick<User, 'username'>,
  id: string,
  read: boolean,
): Promise<ContactForm> {
  const { before, after } = await setContactFormRead(id, read);
  if (before.read !== after.read) {
    await commitChange(
      user,
      {
        action: 'update',
        target: `contact-forms/${id}`,
        summary: `Marked ${read ? 'read' : 'unread'}: ${after.name}`,
        before,
        after,
      },
      { rebuild: false },
    );
  }
  return after;
}

/** An admin deletes a message; in History (restorable), no rebuild. */
export async function removeContactForm(
  user: Pick<User, 'username'>,
  id: string,
): Promise<ContactForm> {
  const removed = await deleteContactForm(id);
  await commitChange(
    user,
    {
      action: 'delete',
      target: `contact-forms/${id}`,
      summary: `${removed.name} <${removed.email}>`,
      before: removed,
    },
    { rebuild: false },
  );
  return removed;
}
