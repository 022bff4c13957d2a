import type { ContactInput } from '../schemas/contact-form';
import { contactFormSchema, type ContactForm } from '../schemas/contact-message';
import { HttpError } from './errors';
import { listKeys, newestFirstKey, paginate, readRecords, type Page } from './records';
import { createJSON, deleteKey, openStore, readJSON, STORES, updateJSON } from './store';

// One key per message, and the key is the message id: newest-first by construction, so a page
// of the inbox is one listing plus a read per message on that page.
const store = () => openStore(STORES.contact);
const gone = () => new HttpError(404, 'Message not found');

/** Stores a visitor's contact message, unread. */
export async function createContactForm(input: ContactInput): Promise<ContactForm> {
  const id = newestFirstKey();
  const record = contactFormSchema.parse({ ...input, id, createdAt: new Date().toISOString(), read: false });
  // A fresh random key never exists; onlyIfNew just makes "never overwrite" explicit.
  if (!(await createJSON(store(), id, contactFormSchema, record))) throw new HttpError(409, 'Please send the message again');
  return record;
}

/** One page of the inbox, newest first. */
export async function listContactForms(query: { page: number; pageSize: number }): Promise<Page<ContactForm>> {
  const keys = (await listKeys(store())).sort();
  const page = paginate(keys, query);
  return { ...page, items: await readRecords(store(), page.items, contactFormSchema) };
}

/** Every message, newest first, a batch at a time (for the streamed CSV export). */
export async function* contactFormBatches(batchSize = 200): AsyncGenerator<ContactForm[]> {
  const keys = (await listKeys(store())).sort();
  for (let i = 0; i < keys.length; i += batchSize) yield readRecords(store(), keys.slice(i, i + batchSize), contactFormSchema);
}

/** One message, or 404. */
export async function getContactForm(id: string): Promise<ContactForm> {
  const found = await readJSON(store(), id, contactFormSchema);
  if (!found) throw gone();
  return found.value;
}

/** Marks a message read or unread (etag-guarded); returns it before and after. */
export async function setContactFormRead(id: string, read: boolean): Promise<{ before: ContactForm; after: ContactForm }> {
  let before: ContactForm | undefined;
  const after = await updateJSON(
    store(),
    id,
    contactFormSchema,
    () => {
      throw gone();
    },
    (current) => {
      before = current;
      return { ...current, read };
    },
  );
  return { before: before!, after };
}

/** Deletes a message; 404 when it does not exist. */
export async function deleteContactForm(id: string): Promise<ContactForm> {
  const message = await getContactForm(id);
  await deleteKey(store(), id);
  return message;
}
