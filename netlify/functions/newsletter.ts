// POST /api/newsletter {email, page?, form?, consent?} -> 201 { message } (public, throttled): a pending
//      subscription and a confirmation email; the same answer for a repeat or a confirmed address
// POST /api/newsletter/confirm {token} -> 200 { message } (public): confirms; 410 for a used, expired or unknown link
import { SIGNUP_ANSWER } from '../../src/schemas/newsletter-consent';
import { confirmInputSchema, newsletterInputSchema } from '../../src/schemas/newsletter';
import { byPath } from '../../src/server/collection-routes';
import { json, readJson, route } from '../../src/server/http';
import { signUp } from '../../src/server/newsletter-signup';
import { confirmSubscription } from '../../src/server/newsletter-confirm';
import { assertPublicPostAllowed } from '../../src/server/throttle';

export default byPath({
  '/api/newsletter': route({
    async POST(req, ctx) {
      const { email, page, form, consent } = await readJson(req, newsletterInputSchema);
      await assertPublicPostAllowed('newsletter', ctx.ip);
      // New, repeat and confirmed addresses get identical answers, so the endpoint cannot be used
      // to learn who is subscribed.
      await signUp(email, { page, form, consent });
      return json({ message: SIGNUP_ANSWER }, { status: 201 });
    },
  }),
  '/api/newsletter/confirm': route({
    async POST(req) {
      // No cookie and no Origin needed: the token is the whole credential. A link scanner that
      // fetches the page never gets here, because the page waits for a click.
      const { token } = await readJson(req, confirmInputSchema);
      await confirmSubscription(token);
      return json({ message: 'Your subscription is confirmed. Thank you!' });
    },
  }),
});

export const config = { path: ['/api/newsletter', '/api/newsletter/confirm'] };
