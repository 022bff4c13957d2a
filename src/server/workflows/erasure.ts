import type { ContactForm } from '../../schemas/contact-message';
import type { NewsletterSubscription } from '../../schemas/newsletter-subscription';
import type { Testimonial } from '../../schemas/testimonial';
import type { User } from '../../schemas/user';
import { recordAudit } from '../visitors/audit-log';
import {
  deleteContactForm,
  forgetDeletedMessages,
  getContactForm,
  scanContactForms,
} from '../visitors/contact-forms';
import { HttpError } from '../http/errors';
import { eraseHistoryEntry, publish, scanHistoryTargets } from '../publishing/history';
import { dismissFailedMail, listFailedMail } from '../outbound/mail-queue';
import { deleteSubscription, findSubscription, subscriptionId } from '../visitors/newsletter';
import { forgetDeletedSubscriptions } from '../visitors/newsletter-index';
import {
  beginErasure,
  endErasure,
  forgetPerson,
  historyEntriesOf,
  markEarlierRecords,
  markedRecords,
  type Person,
} from '../storage/person-index';
import { deleteTestimonial, getTestimonial, scanTestimonials } from '../visitors/testimonials';
import { deleteUpload } from '../content/uploads';
import { forgetAssetOf } from '../content/media';
import { dropExports } from './exports';

/*
 * Everything the site holds about one person, found by their address and (optionally) their name,
 * and erased in one action: contact messages, the newsletter subscription, testimonials and their
 * photos, the History entries that copied any of these, undelivered mail to them or replying
 * to them, and every CSV export not yet expired (exports.ts). Lookups go through the privacy markers (person-index.ts), never through every record.
 */

export interface PersonRecords {
  messages: ContactForm[];
  subscription: NewsletterSubscription | null;
  testimonials: Testimonial[];
  /** History entries that hold a copy of any of their records (also of records deleted since). */
  historyEntries: number;
}

export interface Erased {
  messages: number;
  subscription: boolean;
  testimonials: number;
  photos: number;
  historyEntries: number;
  failedMail: number;
}

const orNull = async <T>(p: Promise<T>): Promise<T | null> => {
  try {
    return await p;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
};

/** Marks what was stored before the privacy markers existed (once per store). */
const markEarlier = () =>
  markEarlierRecords(async () => {
    const [messages, testimonials, history] = await Promise.all([
      scanContactForms(),
      scanTestimonials(),
      scanHistoryTargets(),
    ]);
    return {
      people: [
        ...messages.map((m) => ({
          kind: 'contact' as const,
          key: m.id,
          who: { email: m.email, name: m.name },
        })),
        ...testimonials.map((t) => ({
          kind: 'testimonial' as const,
          key: t.id,
          who: { name: t.name },
        })),
      ],
      history,
    };
  });

/** The person's records and the History targets that may hold copies of them. */
async function gather(
  who: Person,
): Promise<PersonRecords & { targets: string[]; historyIds: string[] }> {
  if (!who.email?.trim() && !who.name?.trim())
    throw new HttpError(400, 'Give an email address or a name');
  await markEarlier();
  const refs = await markedRecords(who);
  const [messages, testimonials, subscription] = await Promise.all([
    Promise.all(refs.contact.map((id) => orNull(getContactForm(id)))),
    Promise.all(refs.testimonial.map((id) => getTestimonial(id))),
    who.email?.trim() ? findSubscription(who.email) : null,
  ]);
  const targets = [
    ...refs.contact.map((id) => `contact-forms/${id}`),
    ...refs.testimonial.map((id) => `testimonials/${id}`),
    ...(who.email?.trim() ? [`subscriptions/${subscriptionId(who.email)}`] : []),
  ];
  const historyIds = [...new Set((await Promise.all(targets.map(historyEntriesOf))).flat())];
  return {
    messages: messages.filter((m): m is ContactForm => m !== null),
    testimonials: testimonials.filter((t): t is Testimonial => t !== null),
    subscription,
    historyEntries: historyIds.length,
    targets,
    historyIds,
  };
}

/** What the site holds about a person (for the admin to check before erasing). */
export async function findPerson(who: Person): Promise<PersonRecords> {
  const { targets: _t, historyIds: _h, ...found } = await gather(who);
  return found;
}

/** Erases everything about a person, records the erasure (no content) and rebuilds the site. */
export async function erasePerson(user: Pick<User, 'username'>, who: Person): Promise<Erased> {
  // Noted before anything is looked up: a History restore of their data meanwhile takes it back.
  const started = await beginErasure(who);
  const found = await gather(who);
  const photos = new Set<string>();
  for (const m of found.messages) await orNull(deleteContactForm(m.id));
  for (const t of found.testimonials) {
    if (t.image) photos.add(t.image);
    await orNull(deleteTestimonial(t.id));
  }
  const subscription = who.email?.trim()
    ? (await orNull(deleteSubscription(subscriptionId(who.email)))) !== null
    : false;
  // The indexes keep replaced chunks a while for readers of the list before: not these rows.
  await forgetDeletedMessages();
  await forgetDeletedSubscriptions();
  // Entries about records deleted earlier may name a photo that outlived its testimonial.
  for (const id of found.historyIds) {
    const entry = await eraseHistoryEntry(id);
    for (const state of [entry?.before, entry?.after]) {
      const image = (state as { image?: unknown } | undefined)?.image;
      if (typeof image === 'string' && image) photos.add(image);
    }
  }
  let deletedPhotos = 0;
  for (const photo of photos) {
    if (!(await deleteUpload(photo))) continue;
    deletedPhotos++;
    await forgetAssetOf(photo);
  }
  const failedMail = await eraseFailedMail(who.email);
  // Export files copied the rows just erased; they are made again in a minute if still wanted.
  await dropExports();
  await forgetPerson(who, found.targets);
  await endErasure(who, started);
  const erased: Erased = {
    messages: found.messages.length,
    subscription,
    testimonials: found.testimonials.length,
    photos: deletedPhotos,
    historyEntries: found.historyIds.length,
    failedMail,
  };
  const count =
    erased.messages +
    Number(subscription) +
    erased.testimonials +
    erased.historyEntries +
    failedMail;
  await recordAudit(user, { action: 'erase', what: 'person', count });
  // Approved testimonials are on the built pages, and a new deploy drops the image CDN's copies.
  if (found.testimonials.length > 0 || deletedPhotos > 0) await publish();
  return erased;
}

/** Undelivered mail to the address, or replying to it (a contact notification), kept for admins with its reason: dismissed. */
async function eraseFailedMail(email: string | undefined): Promise<number> {
  const address = email?.trim().toLowerCase();
  if (!address) return 0;
  const { items } = await listFailedMail(500);
  const theirs = items.filter(
    (m) => m.to.trim().toLowerCase() === address || m.replyTo?.trim().toLowerCase() === address,
  );
  for (const m of theirs) await dismissFailedMail(m.id);
  return theirs.length;
}
