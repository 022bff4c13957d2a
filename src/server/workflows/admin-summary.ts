import { events, publications, researchAreas, upcomingEvents } from '../content/collections';
import { undescribed } from '../content/image-alt';
import type { AdminSummary } from '../../schemas/admin-summary';
import { countUnread } from '../visitors/contact-forms';
import { mailStatus } from '../outbound/mail-queue';
import { getPublishState } from '../publishing/publish';
import { countSubscriptions } from '../visitors/newsletter';
import { testimonialCounts } from '../visitors/testimonials';
import { countActiveAdmins } from '../auth/users';
import { uploadStorage } from '../content/upload-space';

export type { AdminSummary };

/**
 * Counts for the admin dashboard, exact and without reading records: unread messages and
 * subscribers come from their indexes, pending testimonials from their own counts.
 */
export async function adminSummary(personalData: boolean): Promise<AdminSummary> {
  const [unreadMessages, testimonials, subscribers, upcoming, publish, admins, mail, storage] =
    await Promise.all([
      personalData ? countUnread() : null,
      testimonialCounts(),
      personalData ? countSubscriptions() : null,
      upcomingEvents(),
      getPublishState(),
      personalData ? countActiveAdmins() : null,
      mailStatus(personalData),
      uploadStorage(),
    ]);
  const missingAltText = await imagesWithoutAlt();
  return {
    unreadMessages,
    pendingTestimonials: testimonials.pending,
    subscribers,
    upcomingEvents: upcoming.length,
    publish,
    soleAdmin: admins === null ? null : admins === 1,
    mail,
    missingAltText,
    uploadStorage: storage,
  };
}

/** Public records whose images still need alt text: from the three collection documents (small, shared copies). */
async function imagesWithoutAlt(): Promise<AdminSummary['missingAltText']> {
  const [areas, pubs, evs] = await Promise.all([
    researchAreas.list(),
    publications.list(),
    events.list(),
  ]);
  return [
    ...undescribed(areas, 'image').map((a) => ({
      collection: 'research-areas' as const,
      id: a.id,
      title: a.title,
    })),
    ...undescribed(pubs, 'image').map((p) => ({
      collection: 'publications' as const,
      id: p.id,
      title: p.title,
    })),
    ...undescribed(evs, 'imageUrl').map((e) => ({
      collection: 'events' as const,
      id: e.id,
      title: e.title,
    })),
  ];
}
