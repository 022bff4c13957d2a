// POST /api/fetch-linkedin-image {profileUrl} -> { imageUrl } (https on LinkedIn's media host)
//   400 not an https linkedin.com/in/ address, 404 { message: 'Could not find a profile image' }, 502 LinkedIn unreachable
import { z } from 'zod';
import { json, readJson, route } from '../../src/server/http/http';
import { fetchLinkedInImage, parseProfileUrl } from '../../src/server/content/linkedin-image';
import { assertPublicPostAllowed } from '../../src/server/auth/throttle';

const bodySchema = z.object({
  profileUrl: z
    .string({ error: 'Enter a LinkedIn profile address' })
    .trim()
    .min(1, 'Enter a LinkedIn profile address')
    .max(2000, 'The address is too long'),
});

export default route({
  async POST(req, ctx) {
    const { profileUrl } = await readJson(req, bodySchema);
    parseProfileUrl(profileUrl); // a bad address is a 400 before it costs the visitor a throttle slot
    // Each call makes an outbound request on the visitor's behalf: throttle it like a form post.
    await assertPublicPostAllowed('linkedin', ctx.ip);
    return json({ imageUrl: await fetchLinkedInImage(profileUrl) });
  },
});

export const config = { path: '/api/fetch-linkedin-image' };
