// POST /api/newsletter {email} -> 201 { message } (public, throttled); the same answer for a repeat signup
import { newsletterInputSchema } from '../../src/schemas/newsletter';
import { json, readJson, route } from '../../src/server/http';
import { subscribe } from '../../src/server/newsletter';
import { assertPublicPostAllowed } from '../../src/server/throttle';

export default route({
  async POST(req, ctx) {
    const { email } = await readJson(req, newsletterInputSchema);
    await assertPublicPostAllowed('newsletter', ctx.ip);
    // A repeat signup is a success for the visitor and never a second record. New and repeat
    // answers are identical, so the endpoint cannot be used to learn who is subscribed.
    await subscribe(email);
    return json({ message: 'Thanks for subscribing!' }, { status: 201 });
  },
});

export const config = { path: '/api/newsletter' };
