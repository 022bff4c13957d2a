// POST /api/upload/testimonial-photo (public, throttled) multipart field "testimonial-photo" -> 201 { imageUrl: '/api/uploads/<key>' }; 507 past the upload quota
// Visitors submitting a testimonial are not signed in, so this upload needs no session (the client only sends its credentials along).
import { json, route } from '../../src/server/http/http';
import { assertPublicPostAllowed } from '../../src/server/auth/throttle';
import { readImageUpload, storeImage } from '../../src/server/content/uploads';

export default route({
  async POST(req, ctx) {
    // Throttle before reading the body: the read itself is the expensive part.
    await assertPublicPostAllowed('upload', ctx.ip);
    const image = await readImageUpload(req, 'testimonial-photo');
    return json({ imageUrl: await storeImage(image) }, { status: 201 });
  },
});

export const config = { path: '/api/upload/testimonial-photo' };
