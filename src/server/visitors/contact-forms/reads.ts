import { contactFormSchema, type ContactForm } from '../../../schemas/contact-message';
import type { RowPosition } from '../../storage/log-index';
import { listKeys, readRecords, type Page } from '../../storage/records';
import { readJSON } from '../../storage/store';
import { index, rowOf } from './inbox-index';
import { gone, keyOf, messageOfRow, store, timeOfId, type Row } from './layout';

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
