// GET    /api/team-members        -> members by order, missing order last (public, 5 minutes)
// GET    /api/team-members/:id    -> one member
// POST   /api/team-members        (editor) {name, position, bio?, image?, linkedin?, twitter?, email?, order?} -> 201
// PATCH  /api/team-members/:id    (editor) {fields..., _expected?} -> updated member; 409 when _expected is stale
// DELETE /api/team-members/:id    (editor) -> the deleted member
// PUT    /api/team-members/order  (editor) {ids} -> members in the new order
import { teamMemberCreateSchema, teamMemberUpdateSchema } from '../../src/schemas/team-member';
import { collectionApi } from '../../src/server/workflows/collection-routes';
import { teamMembers } from '../../src/server/content/collections';

export default collectionApi({
  name: 'team-members',
  collection: teamMembers,
  createSchema: teamMemberCreateSchema,
  updateSchema: teamMemberUpdateSchema,
  cache: 'public, max-age=300',
});

export const config = {
  path: ['/api/team-members', '/api/team-members/order', '/api/team-members/:id'],
};
