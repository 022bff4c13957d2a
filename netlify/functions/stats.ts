// GET    /api/stats        -> impact stats by order (public, 1 minute)
// GET    /api/stats/:id    -> one stat
// POST   /api/stats        (editor) {value, label, order?} -> 201 created stat
// PATCH  /api/stats/:id    (editor) {value?, label?, order?, _expected?} -> updated; 409 when _expected is stale
// DELETE /api/stats/:id    (editor) -> the deleted stat
// PUT    /api/stats/order  (editor) {ids} -> stats in the new order
import { statCreateSchema, statUpdateSchema } from '../../src/schemas/stat';
import { collectionApi } from '../../src/server/workflows/collection-routes';
import { stats } from '../../src/server/content/collections';

export default collectionApi({
  name: 'stats',
  collection: stats,
  createSchema: statCreateSchema,
  updateSchema: statUpdateSchema,
  cache: 'public, max-age=60',
});

export const config = { path: ['/api/stats', '/api/stats/order', '/api/stats/:id'] };
