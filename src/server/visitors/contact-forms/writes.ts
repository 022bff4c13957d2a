import type { ContactInput } from '../../../schemas/contact-form';
import { contactFormSchema, type ContactForm } from '../../../schemas/contact-message';
import { HttpError } from '../../http/errors';
import { markPerson } from '../../storage/person-index';
import { newestFirstKey } from '../../storage/keys';
import { createJSON, deleteKey, readJSON } from '../../storage/store';
import { index, rowOf } from './inbox-index';
import { gone, keyOf, store, timeOfId, windowOf } from './layout';
import { getContactForm } from './reads';

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
