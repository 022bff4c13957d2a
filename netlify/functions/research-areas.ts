// GET    /api/research-areas        -> research areas by order (public, never cached)
// GET    /api/research-areas/:id    -> one research area
// POST   /api/research-areas        (editor) {title, description, image?, link?, order?} -> 201 created
// PATCH  /api/research-areas/:id    (editor) {fields..., _expected?} -> updated; 409 when _expected is stale
// DELETE /api/research-areas/:id    (editor) -> the deleted area
// PUT    /api/research-areas/order  (editor) {ids} -> areas in the new order
import {
  researchAreaCreateSchema,
  researchAreaUpdateSchema,
} from '../../src/schemas/research-area';
import { collectionApi } from '../../src/server/workflows/collection-routes';
import { researchAreas } from '../../src/server/content/collections';

export default collectionApi({
  name: 'research-areas',
  collection: researchAreas,
  createSchema: researchAreaCreateSchema,
  updateSchema: researchAreaUpdateSchema,
  cache: 'no-store',
});

export const config = {
  path: ['/api/research-areas', '/api/research-areas/order', '/api/research-areas/:id'],
};
