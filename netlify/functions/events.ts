// GET    /api/events           -> every event by start date, ascending (public; browsers never cache events, the CDN keeps them until a change)
// GET    /api/events/upcoming  -> events that have not ended, by start date
// GET    /api/events/featured  -> featured events, by start date
// GET    /api/events/:id       -> one event (drafts and events scheduled for later are left out of every public read)
// GET    /api/events/all       (editor) -> every event, drafts and scheduled ones too
// POST   /api/events           (editor) {title, startDate, endDate, ...} (snake_case accepted) -> 201 created
// PATCH  /api/events/:id       (editor) {fields..., _expected?} -> updated event; 409 when _expected is stale
// DELETE /api/events/:id       (editor) -> the deleted event
// PUT    /api/events/order     (editor) {ids} -> events in the new order
import { eventCreateSchema, eventUpdateSchema, type Event } from '../../src/schemas/event';
import { isPublic, nextRelease, type Releasable } from '../../src/schemas/release';
import { collectionApi } from '../../src/server/workflows/collection-routes';
import {
  allEvents,
  events,
  featuredEvents,
  upcomingEvents,
} from '../../src/server/content/collections';

export default collectionApi({
  name: 'events',
  collection: events,
  createSchema: eventCreateSchema,
  updateSchema: eventUpdateSchema,
  release: {
    isPublic: (item, now) => isPublic(item as Releasable, now),
    next: (items, now) => nextRelease(items as Releasable[], now),
  },
  cache: 'no-store',
  list: allEvents,
  views: { upcoming: () => upcomingEvents(), featured: featuredEvents },
  // The upcoming list changes when a shown event ends, without any write: the CDN keeps it until then.
  viewLifetimes: { upcoming: (shown) => secondsUntilFirstEnd(shown as Event[]) },
});

/** Seconds until the first of these events ends (undefined when none has a parseable end). */
function secondsUntilFirstEnd(shown: Event[], now = Date.now()): number | undefined {
  const ends = shown
    .map((e) => Date.parse(e.endDate))
    .filter((t) => Number.isFinite(t) && t >= now);
  return ends.length ? (Math.min(...ends) - now) / 1000 : undefined;
}

export const config = {
  path: [
    '/api/events',
    '/api/events/all',
    '/api/events/upcoming',
    '/api/events/featured',
    '/api/events/order',
    '/api/events/:id',
  ],
};
