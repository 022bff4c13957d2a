// The requests `npm run bench:scale` measures, in the order of its table: what visitors read,
// what the admin's pages read, the dashboard, a search, the exports and the writes.
import { SIZES } from './options';
import type { Kind } from './results';

export interface Endpoint {
  kind: Kind;
  path: string;
  method?: string;
  body?: () => unknown;
}

const EXPORTS = {
  subscribers: { kind: 'subscribers' },
  unsubscribed: { kind: 'subscribers', list: 'unsubscribed' },
  messages: { kind: 'messages' },
};
/** The publication read, saved and (in the full run) changed to time save → live. */
export const MIDDLE = `pub-${Math.floor(SIZES.publications / 2)}`;
export const ENDPOINTS: Endpoint[] = [
  { kind: 'public', path: '/api/testimonials/approved' },
  { kind: 'public', path: '/api/testimonials/featured' },
  { kind: 'public', path: '/api/events' },
  { kind: 'public', path: '/api/events/upcoming' },
  { kind: 'public', path: '/api/events/featured' },
  { kind: 'public', path: '/api/publications' },
  { kind: 'public', path: `/api/publications/${MIDDLE}` },
  { kind: 'public', path: '/api/team-members' },
  { kind: 'public', path: '/api/research-areas' },
  { kind: 'public', path: '/api/stats' },
  { kind: 'public', path: '/api/site-settings' },
  { kind: 'admin', path: '/api/publications/all?page=1&pageSize=20' },
  { kind: 'admin', path: '/api/events/all?page=1&pageSize=20' },
  { kind: 'admin', path: '/api/admin/contact-forms?page=1&pageSize=20' },
  { kind: 'admin', path: '/api/admin/contact-forms?page=50&pageSize=20' },
  { kind: 'admin', path: '/api/admin/subscriptions?page=1&pageSize=20' },
  { kind: 'admin', path: '/api/admin/subscriptions?page=100&pageSize=20' },
  { kind: 'admin', path: '/api/admin/subscriptions?status=pending&page=1&pageSize=20' },
  { kind: 'admin', path: '/api/admin/subscriptions?status=unsubscribed&page=1&pageSize=20' },
  { kind: 'admin', path: '/api/admin/testimonials?page=1&pageSize=20' },
  { kind: 'admin', path: '/api/admin/history?page=1&pageSize=20' },
  { kind: 'admin', path: '/api/admin/media?page=1&pageSize=24' },
  { kind: 'admin', path: '/api/admin/media?page=100&pageSize=24' },
  { kind: 'admin', path: '/api/admin/media?q=photo-4242&pageSize=24' },
  { kind: 'admin', path: '/api/admin/media?alt=missing&pageSize=24' },
  { kind: 'dashboard', path: '/api/admin/summary' },
  { kind: 'search', path: '/api/admin/subscriptions?q=user4242&pageSize=20' },
  // An export is timed from its start to its last part fetched, as the admin's browser makes it.
  { kind: 'export', path: '/api/admin/exports', method: 'POST', body: () => EXPORTS.subscribers },
  { kind: 'export', path: '/api/admin/exports', method: 'POST', body: () => EXPORTS.unsubscribed },
  { kind: 'export', path: '/api/admin/exports', method: 'POST', body: () => EXPORTS.messages },
  {
    kind: 'save',
    path: `/api/publications/${MIDDLE}`,
    method: 'PATCH',
    body: () => ({ title: `Scale publication retitled ${crypto.randomUUID().slice(0, 8)}` }),
  },
  // One item moved before another: the shape the issue asks for (an older API may refuse it).
  {
    kind: 'reorder',
    path: '/api/publications/order',
    method: 'PUT',
    body: () => ({ id: `pub-${SIZES.publications - 1}`, before: 'pub-0' }),
  },
];

/** The Media page's requests: all `--media-only` measures. */
export const isMediaPage = (path: string) => path.startsWith('/api/admin/media');
