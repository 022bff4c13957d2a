import type { z } from 'zod';
import { contactFormSchema } from '../schemas/contact-form';
import { upcomingEvents } from './collections';
import { getPublishState, type PublishState } from './publish';
import { countSubscriptions } from './newsletter';
import { listKeys, readRecords } from './records';
import { openStore, STORES, type StoreName } from './store';
import { testimonialCounts } from './testimonials';

/** The dashboard's counts and the publish state. */
export interface AdminSummary {
  /** null for roles that may not see personal data (it is then not read at all). */
  unreadMessages: number | null;
  pendingTestimonials: number;
  /** null for roles that may not see personal data. */
  subscribers: number | null;
  upcomingEvents: number;
  publish: PublishState;
}

async function readAll<S extends z.ZodType>(name: StoreName, schema: S): Promise<z.infer<S>[]> {
  const store = openStore(name);
  return readRecords(store, await listKeys(store), schema);
}

/**
 * Counts for the admin dashboard. Subscribers come from the subscriber index and pending
 * testimonials from their own counts (neither reads records); messages are still read because
 * their read flag decides.
 */
export async function adminSummary(personalData: boolean): Promise<AdminSummary> {
  const [messages, testimonials, subscribers, upcoming, publish] = await Promise.all([
    personalData ? readAll(STORES.contact, contactFormSchema) : null,
    testimonialCounts(),
    personalData ? countSubscriptions() : null,
    upcomingEvents(),
    getPublishState(),
  ]);
  return {
    unreadMessages: messages ? messages.filter((m) => !m.read).length : null,
    pendingTestimonials: testimonials.pending,
    subscribers,
    upcomingEvents: upcoming.length,
    publish,
  };
}
