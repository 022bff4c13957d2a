// GET    /api/events           -> every event by start date, ascending (public; events are never cached)
// GET    /api/events/upcoming  -> events that have not ended, by start date
// GET    /api/events/featured  -> featured events, by start date
// GET    /api/events/:id       -> one event
// POST   /api/events           (admin) {title, startDate, endDate, ...} (snake_case accepted) -> 201 created
// PATCH  /api/events/:id       (admin) {fields..., _expected?} -> updated event; 409 when _expected is stale
// DELETE /api/events/:id       (admin) -> the deleted event
// PUT    /api/events/order     (admin) {ids} -> events in the new order
import { eventCreateSchema, eventUpdateSchema } from '../../src/schemas/event';
import { collectionApi } from '../../src/server/collection-routes';
import { allEvents, events, featuredEvents, upcomingEvents } from '../../src/server/collections';

export default collectionApi({
  name: 'events',
  collection: events,
  createSchema: eventCreateSchema,
  updateSchema: eventUpdateSchema,
  cache: 'no-store',
  list: allEvents,
  views: { upcoming: () => upcomingEvents(), featured: featuredEvents },
});

export const config = {
  path: ['/api/events', '/api/events/upcoming', '/api/events/featured', '/api/events/order', '/api/events/:id'],
};
