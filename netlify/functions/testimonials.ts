// POST /api/testimonials {name, position, company, content, rating, image, linkedin} -> 201 stored testimonial, pending review (public, throttled)
// GET  /api/testimonials/approved -> approved testimonials, by order then newest
// GET  /api/testimonials/featured -> approved and featured testimonials
// GET  /api/testimonials          -> same as /approved
import { testimonialSubmitSchema } from '../../src/schemas/testimonial';
import { CACHE_TAGS, cdnCacheHeaders } from '../../src/server/http/cdn-cache';
import { HttpError } from '../../src/server/http/errors';
import { json, readJson, route } from '../../src/server/http/http';
import { noteEvent } from '../../src/server/outbound/notify';
import {
  approvedTestimonials,
  featuredTestimonials,
  submitTestimonial,
} from '../../src/server/visitors/testimonials';
import { assertPublicPostAllowed } from '../../src/server/auth/throttle';
import { answerOnce } from '../../src/server/workflows/answer-once';

// Browsers revalidate on every load (an approval must show without waiting for a cache); Netlify's
// CDN keeps the lists until an admin change purges them.
const LIST_CACHE = {
  cache: 'public, max-age=0, must-revalidate',
  headers: cdnCacheHeaders(CACHE_TAGS.testimonials),
};

export default route({
  async GET(_req, ctx) {
    const list = ctx.params.list ?? 'approved';
    if (list === 'approved') return json(await approvedTestimonials(), LIST_CACHE);
    if (list === 'featured') return json(await featuredTestimonials(), LIST_CACHE);
    throw new HttpError(404, 'No such testimonial list');
  },
  POST: answerOnce(async (req, ctx) => {
    if (ctx.params.list)
      throw new HttpError(405, `Method POST is not allowed here`, undefined, { Allow: 'GET' });
    const input = await readJson(req, testimonialSubmitSchema);
    await assertPublicPostAllowed('testimonial', ctx.ip);
    const saved = await submitTestimonial(input);
    noteEvent('testimonial', saved.createdAt);
    return json(saved, { status: 201 });
  }),
});

export const config = { path: ['/api/testimonials', '/api/testimonials/:list'] };
