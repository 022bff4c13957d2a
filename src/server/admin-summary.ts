import { upcomingEvents } from './collections';
import { countUnread } from './contact-forms';
import { getPublishState, type PublishState } from './publish';
import { countSubscriptions } from './newsletter';
import { testimonialCounts } from './testimonials';

/** The dashboard's counts and the publish state. */
export interface AdminSummary {
  unreadMessages: number;
  pendingTestimonials: number;
  subscribers: number;
  upcomingEvents: number;
  publish: PublishState;
}

/**
 * Counts for the admin dashboard, exact and without reading records: unread messages and
 * subscribers come from their indexes, pending testimonials from their own counts.
 */
export async function adminSummary(): Promise<AdminSummary> {
  const [unreadMessages, testimonials, subscribers, upcoming, publish] = await Promise.all([
    countUnread(),
    testimonialCounts(),
    countSubscriptions(),
    upcomingEvents(),
    getPublishState(),
  ]);
  return {
    unreadMessages,
    pendingTestimonials: testimonials.pending,
    subscribers,
    upcomingEvents: upcoming.length,
    publish,
  };
}
