// POST /api/newsletter/bounces (the mail provider's webhook; Authorization: Bearer <NEWSLETTER_WEBHOOK_SECRET>
//      or ?secret=…) { type: 'bounce'|'complaint', email, permanent?, issueId? } or Postmark's Bounce /
//      SpamComplaint webhook -> 200 { suppressed }: hard bounces and complaints suppress the address; 401
//      (nothing changed) without the right secret
import { bounceEvent, bounceInputSchema } from '../../src/schemas/newsletter-bounce';
import { json, readJson, route } from '../../src/server/http/http';
import { applyBounce, assertWebhookSecret } from '../../src/server/workflows/newsletter/bounces';

export default route({
  async POST(req) {
    // Checked before the body is read: a caller without the secret learns nothing and changes nothing.
    assertWebhookSecret(req);
    return json(await applyBounce(bounceEvent(await readJson(req, bounceInputSchema))));
  },
});

export const config = { path: '/api/newsletter/bounces' };
