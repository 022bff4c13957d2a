// GET    /api/admin/testimonials?page=1&pageSize=20 (editor) -> { items, total, page, pageSize, pending }: pending review first, each newest first
// PATCH  /api/admin/testimonials/:id  (editor) {approved?, featured?, order?, name?, ..., _expected?} -> updated testimonial; 409 on a stale _expected; rebuilds
// DELETE /api/admin/testimonials/:id  (editor) -> { message }; rebuilds
import { testimonialUpdateSchema } from '../../src/schemas/testimonial';
import { HttpError } from '../../src/server/errors';
import { requirePermission } from '../../src/server/guard';
import { recordChange } from '../../src/server/history';
import { readPatch } from '../../src/server/collection-routes';
import { json, parseWith, route } from '../../src/server/http';
import { requestRebuild } from '../../src/server/publish';
import { keyParam, pageQuerySchema, queryOf } from '../../src/server/records';
import { deleteTestimonial, testimonialPage, updateTestimonial } from '../../src/server/testimonials';

const idOf = (params: Record<string, string>) => keyParam(params.id, 'Testimonial');

export default route({
  async GET(req, ctx) {
    await requirePermission(req, 'content');
    if (ctx.params.id) throw new HttpError(405, 'Method GET is not allowed here', undefined, { Allow: 'PATCH, DELETE' });
    return json(await testimonialPage(parseWith(pageQuerySchema, queryOf(req))));
  },
  async PATCH(req, ctx) {
    const user = await requirePermission(req, 'content');
    const id = idOf(ctx.params);
    const { patch, expected } = await readPatch(req, testimonialUpdateSchema, Object.keys(testimonialUpdateSchema.shape));
    const { before, after } = await updateTestimonial(id, patch, expected);
    await recordChange(user, { action: 'update', target: `testimonials/${id}`, summary: `${after.name}: ${Object.keys(patch).join(', ')}`, before, after });
    // /testimonials is pre-rendered: approvals and edits reach it through a rebuild.
    await requestRebuild();
    return json(after);
  },
  async DELETE(req, ctx) {
    const user = await requirePermission(req, 'content');
    const removed = await deleteTestimonial(idOf(ctx.params));
    await recordChange(user, { action: 'delete', target: `testimonials/${removed.id}`, summary: removed.name, before: removed });
    await requestRebuild();
    return json({ message: 'Testimonial deleted' });
  },
});

export const config = { path: ['/api/admin/testimonials', '/api/admin/testimonials/:id'] };
