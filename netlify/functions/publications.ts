// GET    /api/publications        -> summaries (index rows, never bodies) by order, at most 100 (?page= for more; total in X-Total-Count; public, revalidated on every use)
// GET    /api/publications/:id    -> one publication (drafts and publications scheduled for later are 404)
// GET    /api/publications/all/:id (editor) -> one record, drafts and scheduled ones too
// GET    /api/publications/all    (editor) ?page=&pageSize=&q=&status=&topic= -> { items (index rows), total, page, pageSize }
// POST   /api/publications        (editor) {title, description, date?, type?, authors?, link?, image?, body?, doi?} -> 201, first in the order
// PATCH  /api/publications/:id    (editor) {fields..., _expected?} -> updated; 409 when _expected is stale
// DELETE /api/publications/:id    (editor) -> the deleted publication
// PUT    /api/publications/order  (editor) {id, before} | {id, after} | {id, position: 'top'} -> the moved row; {ids} -> every row in the new order
import { publicationCreateSchema, publicationUpdateSchema } from '../../src/schemas/publication';
import { isPublic, type Releasable } from '../../src/schemas/release';
import { collectionApi } from '../../src/server/workflows/collection-routes';
import { publications } from '../../src/server/content/collections';

export default collectionApi({
  name: 'publications',
  collection: publications,
  createSchema: publicationCreateSchema,
  updateSchema: publicationUpdateSchema,
  release: {
    isPublic: (item, now) => isPublic(item as Releasable, now),
  },
  cache: 'public, max-age=0, must-revalidate',
  // A body edit sends the new body and, as `_expected`, the one it started from.
  maxJsonBytes: 512 * 1024,
});

export const config = {
  path: [
    '/api/publications',
    '/api/publications/all',
    '/api/publications/all/:id',
    '/api/publications/order',
    '/api/publications/:id',
  ],
};
