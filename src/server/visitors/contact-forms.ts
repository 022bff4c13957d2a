import { z } from 'zod';
import type { ContactInput } from '../../schemas/contact-form';
import { contactFormSchema, type ContactForm } from '../../schemas/contact-message';
import type { User } from '../../schemas/user';
import { HttpError } from '../http/errors';
import { commitChange } from '../publishing/history';
import { dayOf, logIndex } from '../storage/log-index';
import { markPerson } from '../storage/person-index';
import { newestFirstKey, timeOfInverted } from '../storage/keys';
import { listKeys, readRecords, type Page } from '../storage/records';
import { createJSON, deleteKey, openStore, readJSON, STORES } from '../storage/store';

/*
 * One key per message, `m/<day>/<id>`, written by the visitor's request alone; the id is
 * newest-first by construction (records.ts). The inbox index (log-index.ts) holds a row per
 * message: its id, time and read flag. The read flag lives only there, so marking a message read
 * is one guarded write and the unread count never disagrees with the list.
 * Stores written by the first layout hold messages at `<id>`; the index marks those rows `legacy`
 * and they are read where they are.
 */
const store = () => openStore(STORES.contact);
const TAIL = 'm/';
const gone = () => new HttpError(404, 'Message not found');

const rowSchema = z.object({
  id: z.string(),
  at: z.string(),
  read: z.boolean(),
  legacy: z.literal(true).optional(),
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

const index = logIndex<Row>({
  what: 'inbox',
  snapshotStore: () => openStore(STORES.system),
  snapshotKey: 'contact-snapshot',
  row: rowSchema,
  idOf: (r) => r.id,
  order: (a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id),
  tailStore: store,
  tailPrefix: TAIL,
  idOfTailKey: idOfKey,
  // New messages are unread, and their time is in their id: no read needed.
  rowsOfTailKeys: async (keys) =>
    keys.flatMap((key) => {
      const id = idOfKey(key);
      const at = timeOfId(id);
      return at ? [{ id, at, read: false }] : [];
    }),
  // First sight of a store: every message in either layout. Legacy ones are read for their flag.
  scan: async () => {
    const keys = await listKeys(store());
    const current = keys
      .filter((k) => k.startsWith(TAIL))
      .flatMap((key) => {
        const id = idOfKey(key);
        const at = timeOfId(id);
        return at ? [{ id, at, read: false }] : [];
      });
    const legacy = await readRecords(
      store(),
      keys.filter((k) => !k.startsWith(TAIL)),
      contactFormSchema,
    );
    return [
      ...current,
      ...legacy.map((m) => ({ id: m.id, at: m.createdAt, read: m.read, legacy: true as const })),
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
  const byId = new Map(rows.map((r) => [r.id, r]));
  const found = await readRecords(store(), rows.map(keyOf), contactFormSchema, concurrency);
  return found.map((m) => ({ ...m, read: byId.get(m.id)?.read ?? m.read }));
}

/** One page of the inbox, newest first: the index, then one read per message shown. */
export async function listContactForms(query: {
  page: number;
  pageSize: number;
}): Promise<Page<ContactForm>> {
  const rows = await index.rows();
  const { page, pageSize } = query;
  return {
    items: await messagesOf(rows.slice((page - 1) * pageSize, page * pageSize)),
    total: rows.length,
    page,
    pageSize,
  };
}

/** The number of unread messages (from the index). */
export async function countUnread(): Promise<number> {
  let unread = 0;
  for (const row of await index.rows()) if (!row.read) unread++;
  return unread;
}

/**
 * Every message, newest first, a batch at a time (for the streamed CSV export): the next batch is
 * read while the current one is written out, so memory holds two batches whatever the inbox holds.
 */
export async function* contactFormBatches(batchSize = 500): AsyncGenerator<ContactForm[]> {
  const rows = await index.rows();
  const batch = (from: number) => messagesOf(rows.slice(from, from + batchSize), 32);
  let next = batch(0);
  for (let i = 0; i < rows.length; i += batchSize) {
    const current = await next;
    if (i + batchSize < rows.length) {
      next = batch(i + batchSize);
      // Awaited on the next turn; if the download is abandoned first, its failure is moot.
      next.catch(() => {});
    }
    yield current;
  }
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
  return (await index.rows())
    .filter((r) => r.at >= from && r.at < to)
    .map((r) => r.id)
    .reverse();
}

/** The index row of a message, or undefined. */
const rowOf = async (id: string) => (await index.rows()).find((r) => r.id === id);

/** One message, or 404. */
export async function getContactForm(id: string): Promise<ContactForm> {
  const row = await rowOf(id);
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
  });
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
  await index.update((rows) => rows.filter((r) => r.id !== id));
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
