import { upcomingEvents } from './collections';
import type { AdminSummary } from '../schemas/admin-summary';
import { countUnread } from './contact-forms';
import { mailStatus } from './mail-queue';
import { getPublishState } from './publish';
import { countSubscriptions } from './newsletter';
import { testimonialCounts } from './testimonials';
import { countActiveAdmins } from './users';

export type { AdminSummary };

/**
 * Counts for the admin dashboard, exact and without reading records: unread messages and
 * subscribers come from their indexes, pending testimonials from their own counts.
 */
export async function adminSummary(personalData: boolean): Promise<AdminSummary> {
  const [unreadMessages, testimonials, subscribers, upcoming, publish, admins, mail] = await Promise.all([
    personalData ? countUnread() : null,
    testimonialCounts(),
    personalData ? countSubscriptions() : null,
    upcomingEvents(),
    getPublishState(),
    personalData ? countActiveAdmins() : null,
    mailStatus(personalData),
  ]);
  return {
    unreadMessages,
    pendingTestimonials: testimonials.pending,
    subscribers,
    upcomingEvents: upcoming.length,
    publish,
    soleAdmin: admins === null ? null : admins === 1,
    mail,
  };
}
