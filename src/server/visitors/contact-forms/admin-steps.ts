import type { ContactForm } from '../../../schemas/contact-message';
import type { User } from '../../../schemas/user';
import { commitChange } from '../../publishing/history';
import { deleteContactForm, setContactFormRead } from './writes';

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
