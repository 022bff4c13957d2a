export {
  contactFormBatches,
  countContactForms,
  countUnread,
  getContactForm,
  listContactForms,
  messageIdsBefore,
  messageIdsBetween,
  positionOfMessage,
  scanContactForms,
} from './reads';
export {
  createContactForm,
  deleteContactForm,
  forgetDeletedMessages,
  setContactFormRead,
} from './writes';
export { markContactForm, removeContactForm } from './admin-steps';

/*
 * The contact messages visitors send, and the admin's inbox of them.
 *
 * This file is the inbox's public face: layout.ts (where a message and its index row are stored,
 * and how one becomes the other), inbox-index.ts (the index over them, built on
 * storage/log-index/, and a message's row in it), reads.ts (a page, the counts, the export's
 * batches, one message), writes.ts (a message stored, marked read or unread, deleted) and
 * admin-steps.ts (an admin's mark or delete, recorded in History).
 */
