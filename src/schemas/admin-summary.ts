import type { MailStatus } from './mail';
import type { NotificationKind } from './notifications';
import type { PublishState } from './publish-state';

/** The dashboard's counts and the publish state (GET /api/admin/summary). */
export interface AdminSummary {
  /** null for roles that may not see personal data (it is then not read at all). */
  unreadMessages: number | null;
  pendingTestimonials: number;
  /** null for roles that may not see personal data. */
  subscribers: number | null;
  upcomingEvents: number;
  publish: PublishState;
  /**
   * True while exactly one active admin exists: losing that one account would lock the team out
   * of users, the inbox and subscribers. null for roles that do not manage users.
   */
  soleAdmin: boolean | null;
  /**
   * Kinds of notification that reach nobody (no user who may receive it has a confirmed address
   * and the kind on, and for contact messages no shared inbox), among those the viewer's role may
   * receive; each with the words the dashboard uses. Empty while email is off (that says enough).
   */
  unheardNotifications: { kind: NotificationKind; topic: string }[];
  /** Public records whose image or report figures still have no alt text (stored before the rule). */
  missingAltText: {
    collection: 'research-areas' | 'publications' | 'events';
    id: string;
    title: string;
  }[];
  /** Images in the media library with no default alt text (the Media page lists them). */
  mediaWithoutAlt: number;
  /** Whether mail goes out, and how many deliveries failed (null for roles without personal data). */
  mail: MailStatus;
  /** Bytes of uploads stored (images, PDFs, PDF parts) and the site's quota for them (UPLOAD_QUOTA_BYTES). */
  uploadStorage: { usedBytes: number; quotaBytes: number };
}
