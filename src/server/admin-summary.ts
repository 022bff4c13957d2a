import { upcomingEvents } from './collections';
import { countUnread } from './contact-forms';
import { getPublishState, type PublishState } from './publish';
import { countSubscriptions } from './newsletter';
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

/**
 * Counts for the admin dashboard, exact and without reading records: unread messages and
 * subscribers come from their indexes, pending testimonials from their own counts.
 */
export async function adminSummary(personalData: boolean): Promise<AdminSummary> {
  const [unreadMessages, testimonials, subscribers, upcoming, publish] = await Promise.all([
    personalData ? countUnread() : null,
    testimonialCounts(),
    personalData ? countSubscriptions() : null,
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
