import type { PublishState } from './publish-state';

/** The dashboard's counts and the publish state (GET /api/admin/summary). */
export interface AdminSummary {
  unreadMessages: number;
  pendingTestimonials: number;
  subscribers: number;
  upcomingEvents: number;
  publish: PublishState;
}
