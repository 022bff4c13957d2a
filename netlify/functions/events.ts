// GET    /api/events           -> events (their cards' fields, the description cut at 400 characters) by start date, ascending, at most 100 (?page= for more; total in X-Total-Count; public; browsers never cache events, the CDN keeps them until a change)
// GET    /api/events/upcoming  -> events that have not ended, by start date (paged the same way)
// GET    /api/events/featured  -> featured events, by start date (paged the same way)
// GET    /api/events/:id       -> one event (drafts and events scheduled for later are left out of every public read)
// GET    /api/events/all/:id   (editor) -> one event, drafts and scheduled ones too
// GET    /api/events/all       (editor) ?page=&pageSize=&q=&status=&topic= -> { items (index rows), total, page, pageSize }
// POST   /api/events           (editor) {title, startDate, endDate, ...} (snake_case accepted) -> 201 created
// PATCH  /api/events/:id       (editor) {fields..., _expected?} -> updated event; 409 when _expected is stale
// DELETE /api/events/:id       (editor) -> the deleted event
// PUT    /api/events/order     (editor) {id, before} | {id, after} | {id, position: 'top'} -> the moved event's row; {ids} -> every row in the new order
import { eventCreateSchema, eventUpdateSchema } from '../../src/schemas/event';
import { isPublic, type Releasable } from '../../src/schemas/release';
import { collectionApi } from '../../src/server/workflows/collection-routes';
import { events } from '../../src/server/content/collections';

export default collectionApi({
  name: 'events',
  collection: events,
  createSchema: eventCreateSchema,
  updateSchema: eventUpdateSchema,
  release: {
    isPublic: (item, now) => isPublic(item as Releasable, now),
  },
  cache: 'no-store',
  // From the index rows, which hold the cards' fields (the description cut to what a card shows),
  // in the listings by start date kept beside the index (collections/events.ts): a page reads its
  // chunks.
  rowLists: {
    listing: 'byDate',
    views: {
      upcoming: { listing: 'byDate', open: true },
      featured: { listing: 'featuredByDate' },
    },
    complete: (row) => row.description !== undefined,
  },
});

export const config = {
  path: [
    '/api/events',
    '/api/events/all',
    '/api/events/all/:id',
    '/api/events/upcoming',
    '/api/events/featured',
    '/api/events/order',
    '/api/events/:id',
  ],
};
