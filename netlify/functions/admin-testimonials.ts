// GET    /api/admin/testimonials?page=1&pageSize=20 (editor) -> { items, total, page, pageSize, pending }: pending review first, each newest first
// PATCH  /api/admin/testimonials/:id  (editor) {approved?, featured?, order?, name?, ..., _expected?} -> updated testimonial; 409 on a stale _expected; rebuilds
// DELETE /api/admin/testimonials/:id  (editor) -> { message }; rebuilds
import { testimonialUpdateSchema } from '../../src/schemas/testimonial';
import { HttpError } from '../../src/server/http/errors';
import { requirePermission } from '../../src/server/auth/guard';
import { json, parseWith, readPatch, route } from '../../src/server/http/http';
import { keyParam, pageQuerySchema, queryOf } from '../../src/server/storage/records';
import {
  removeTestimonial,
  reviewTestimonial,
  testimonialPage,
} from '../../src/server/visitors/testimonials';

const idOf = (params: Record<string, string>) => keyParam(params.id, 'Testimonial');

export default route({
  async GET(req, ctx) {
    await requirePermission(req, 'content');
    if (ctx.params.id)
      throw new HttpError(405, 'Method GET is not allowed here', undefined, {
        Allow: 'PATCH, DELETE',
      });
    return json(await testimonialPage(parseWith(pageQuerySchema, queryOf(req))));
  },
  async PATCH(req, ctx) {
    const user = await requirePermission(req, 'content');
    const id = idOf(ctx.params);
    const { patch, expected } = await readPatch(
      req,
      testimonialUpdateSchema,
      Object.keys(testimonialUpdateSchema.shape),
    );
    return json(await reviewTestimonial(user, id, patch, expected));
  },
  async DELETE(req, ctx) {
    const user = await requirePermission(req, 'content');
    await removeTestimonial(user, idOf(ctx.params));
    return json({ message: 'Testimonial deleted' });
  },
});

export const config = { path: ['/api/admin/testimonials', '/api/admin/testimonials/:id'] };
