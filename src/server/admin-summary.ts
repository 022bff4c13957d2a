import type { z } from 'zod';
import { contactFormSchema } from '../schemas/contact-form';
import { testimonialSchema } from '../schemas/testimonial';
import { upcomingEvents } from './collections';
import { getPublishState, type PublishState } from './publish';
import { listKeys, readRecords } from './records';
import { openStore, STORES, type StoreName } from './store';

/** The dashboard's counts and the publish state. */
export interface AdminSummary {
  unreadMessages: number;
  pendingTestimonials: number;
  subscribers: number;
  upcomingEvents: number;
  publish: PublishState;
}

async function readAll<S extends z.ZodType>(name: StoreName, schema: S): Promise<z.infer<S>[]> {
  const store = openStore(name);
  return readRecords(store, await listKeys(store), schema);
}

/**
 * Counts for the admin dashboard. Subscriptions are one key each, so they are counted from the
 * key listing alone; messages and testimonials are read because their flags decide.
 */
export async function adminSummary(): Promise<AdminSummary> {
  const [messages, testimonials, subscriberKeys, upcoming, publish] = await Promise.all([
    readAll(STORES.contact, contactFormSchema),
    readAll(STORES.testimonials, testimonialSchema),
    listKeys(openStore(STORES.newsletter)),
    upcomingEvents(),
    getPublishState(),
  ]);
  return {
    unreadMessages: messages.filter((m) => !m.read).length,
    pendingTestimonials: testimonials.filter((t) => !t.approved).length,
    subscribers: subscriberKeys.length,
    upcomingEvents: upcoming.length,
    publish,
  };
}
