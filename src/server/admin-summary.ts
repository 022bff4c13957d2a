import type { z } from 'zod';
import { contactFormSchema } from '../schemas/contact-message';
import { upcomingEvents } from './collections';
import type { AdminSummary } from '../schemas/admin-summary';
import { getPublishState } from './publish';
import { countSubscriptions } from './newsletter';
import { listKeys, readRecords } from './records';
import { openStore, STORES, type StoreName } from './store';
import { testimonialCounts } from './testimonials';

export type { AdminSummary };

async function readAll<S extends z.ZodType>(name: StoreName, schema: S): Promise<z.infer<S>[]> {
  const store = openStore(name);
  return readRecords(store, await listKeys(store), schema);
}

/**
 * Counts for the admin dashboard. Subscribers come from the subscriber index and pending
 * testimonials from their own counts (neither reads records); messages are still read because
 * their read flag decides.
 */
export async function adminSummary(): Promise<AdminSummary> {
  const [messages, testimonials, subscribers, upcoming, publish] = await Promise.all([
    readAll(STORES.contact, contactFormSchema),
    testimonialCounts(),
    countSubscriptions(),
    upcomingEvents(),
    getPublishState(),
  ]);
  return {
    unreadMessages: messages.filter((m) => !m.read).length,
    pendingTestimonials: testimonials.pending,
    subscribers,
    upcomingEvents: upcoming.length,
    publish,
  };
}
