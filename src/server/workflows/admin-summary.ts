import { events, publications, researchAreas, upcomingEventCount } from '../content/collections';
import { undescribed } from '../content/image-alt';
import type { Row } from '../content/keyed-collection';
import type { AdminSummary } from '../../schemas/admin-summary';
import { countUnread } from '../visitors/contact-forms';
import { mailStatus } from '../outbound/mail-queue';
import { mailMode } from '../outbound/mail-setup';
import { recipientsOf } from '../outbound/notify-settings';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_PERMISSION,
  type NotificationKind,
} from '../../schemas/notifications';
import { can, type Role } from '../../schemas/roles';
import { getPublishState } from '../publishing/publish';
import { countSubscriptions } from '../visitors/newsletter';
import { testimonialCounts } from '../visitors/testimonials';
import { countActiveAdmins } from '../auth/users';
import { uploadStorage } from '../content/upload-space';
import { assetsWithoutAlt } from '../content/media';

export type { AdminSummary };

/**
 * Counts for the admin dashboard, exact and without reading records: unread messages and
 * subscribers come from their indexes, pending testimonials from their own counts.
 */
export async function adminSummary(personalData: boolean, role: Role): Promise<AdminSummary> {
  const [unreadMessages, testimonials, subscribers, upcoming, publish, admins, mail, storage] =
    await Promise.all([
      personalData ? countUnread() : null,
      testimonialCounts(),
      personalData ? countSubscriptions() : null,
      upcomingEventCount(),
      getPublishState(),
      personalData ? countActiveAdmins() : null,
      mailStatus(personalData),
      uploadStorage(),
    ]);
  const [missingAltText, unheardNotifications, mediaWithoutAlt] = await Promise.all([
    imagesWithoutAlt(),
    unheard(role),
    assetsWithoutAlt(),
  ]);
  return {
    unreadMessages,
    pendingTestimonials: testimonials.pending,
    subscribers,
    upcomingEvents: upcoming,
    publish,
    soleAdmin: admins === null ? null : admins === 1,
    mail,
    missingAltText,
    mediaWithoutAlt,
    unheardNotifications,
    uploadStorage: storage,
  };
}

/**
 * Public records whose images still need alt text: research areas from their small document,
 * publications and events from their index rows (each row says so), reading no record and only
 * the index chunks that count such rows.
 */
async function imagesWithoutAlt(): Promise<AdminSummary['missingAltText']> {
  const [areas, pubs, evs] = await Promise.all([
    researchAreas.list(),
    publications.counted('missing-alt'),
    events.counted('missing-alt'),
  ]);
  const flagged = (rows: Row[]) => rows.filter((r) => r.status !== 'draft' && r.missingAlt);
  return [
    ...undescribed(areas, 'image').map((a) => ({
      collection: 'research-areas' as const,
      id: a.id,
      title: a.title,
    })),
    ...flagged(pubs).map((p) => ({
      collection: 'publications' as const,
      id: p.id,
      title: p.title,
    })),
    ...flagged(evs).map((e) => ({
      collection: 'events' as const,
      id: e.id,
      title: e.title,
    })),
  ];
}

/** How the dashboard names each kind in "Nobody is told about …". */
const TOPICS: Record<NotificationKind, string> = {
  contact: 'new contact messages',
  testimonial: 'testimonials awaiting review',
  'build-failed': 'failed builds',
  'release-at-risk': 'scheduled releases at risk',
  proposal: 'changes proposed for review',
  'proposal-outcome': 'what happens to your proposals',
};

/**
 * The kinds this role may receive that would reach nobody now: a site whose only admin never
 * confirmed an address hears of no contact message, and nothing else would say so.
 */
async function unheard(role: Role): Promise<AdminSummary['unheardNotifications']> {
  if (mailMode() === 'off') return [];
  const kinds = NOTIFICATION_KINDS.filter((k) => can(role, NOTIFICATION_PERMISSION[k]));
  const reached = await Promise.all(kinds.map(async (k) => (await recipientsOf(k)).length > 0));
  return kinds.filter((_, i) => !reached[i]).map((kind) => ({ kind, topic: TOPICS[kind] }));
}
