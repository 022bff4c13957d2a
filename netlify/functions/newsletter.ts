// POST /api/newsletter {email} -> 201 { message } when new, 200 { message } when already subscribed (public, throttled)
import { newsletterInputSchema } from '../../src/schemas/newsletter';
import { json, readJson, route } from '../../src/server/http';
import { subscribe } from '../../src/server/newsletter';
import { assertPublicPostAllowed } from '../../src/server/throttle';

export default route({
  async POST(req, ctx) {
    const { email } = await readJson(req, newsletterInputSchema);
    await assertPublicPostAllowed('newsletter', ctx.ip);
    const { created } = await subscribe(email);
    // A repeat signup is a success for the visitor, and never a second record.
    return created
      ? json({ message: 'Thanks for subscribing!' }, { status: 201 })
      : json({ message: "You're already subscribed" }, { status: 200 });
  },
});

export const config = { path: '/api/newsletter' };
