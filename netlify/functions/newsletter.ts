// POST /api/newsletter {email, page?, form?, consent?, topics?} -> 201 { message } (public, throttled): a pending
//      subscription and a confirmation email (and a signup counted by its page); the same answer for
//      a repeat or a confirmed address; topics = research area slugs (none: everything), 400 for an unknown one
// POST /api/newsletter/confirm {token} -> 200 { message } (public): confirms; 410 for a used, expired or unknown link
// POST /api/newsletter/unsubscribe?token=… body List-Unsubscribe=One-Click (form; RFC 8058, what
//      mail apps send) or JSON {token} (the unsubscribe page) -> 200 { message } (public): unsubscribes
//      at once; 410 for a used or unknown link
// GET  /api/newsletter/unsubscribe?token=… -> 303 to /newsletter/unsubscribe?token=… (changes nothing)
// GET  /api/newsletter/preferences?token=… -> 200 { email (masked), topics, areas: [{slug,title}] } (public):
//      the token is the subscription's unsubscribe token; 410 for one that cannot be used
// POST /api/newsletter/preferences {token, topics} -> 200 { topics } (public): saves the chosen research
//      area slugs ([] = everything); 400 for an unknown slug, 410 for a link that cannot be used
// POST /api/newsletter/unsubscribe-link {email} -> 200 { message } (public, throttled): emails an
//      unsubscribe link if the address is subscribed; the same answer either way
import {
  SIGNUP_ANSWER,
  UNSUBSCRIBE_LINK_ANSWER,
  UNSUBSCRIBED_ANSWER,
} from '../../src/schemas/newsletter-consent';
import {
  confirmInputSchema,
  newsletterInputSchema,
  preferencesInputSchema,
  preferencesTokenSchema,
  unsubscribeInputSchema,
  unsubscribeLinkInputSchema,
} from '../../src/schemas/newsletter';
import { HttpError } from '../../src/server/http/errors';
import {
  API_SECURITY_HEADERS,
  byPath,
  isFormBody,
  json,
  parseWith,
  readForm,
  readJson,
  route,
} from '../../src/server/http/http';
import { signUp } from '../../src/server/visitors/newsletter-signup';
import { confirmSubscription } from '../../src/server/visitors/newsletter-confirm';
import {
  requestUnsubscribeLink,
  unsubscribeWithToken,
} from '../../src/server/visitors/newsletter-unsubscribe';
import { countEvent } from '../../src/server/visitors/analytics-hits';
import { countedPath, isSitePage } from '../../src/server/visitors/analytics-paths';
import { notCounted } from '../../src/server/visitors/analytics-visitor';
import { assertPublicPostAllowed } from '../../src/server/auth/throttle';
import { queryOf } from '../../src/server/storage/records';
import { checkTopics } from '../../src/server/workflows/newsletter-topics';
import { changeTopics, readPreferences } from '../../src/server/workflows/newsletter-preferences';

/**
 * The token of an unsubscribe POST. A mail app's one-click request (RFC 8058) is a form saying
 * `List-Unsubscribe=One-Click`, with the token in the URL from the List-Unsubscribe header; the
 * unsubscribe page sends JSON `{ token }`.
 */
async function unsubscribeToken(req: Request): Promise<string> {
  if (!isFormBody(req)) return (await readJson(req, unsubscribeInputSchema)).token;
  const form = await readForm(req);
  if (form.get('List-Unsubscribe') !== 'One-Click')
    throw new HttpError(400, 'A one-click unsubscribe sends List-Unsubscribe=One-Click');
  const token = new URL(req.url).searchParams.get('token') ?? '';
  if (token.length > 200) throw new HttpError(400, 'This unsubscribe link is not valid');
  return token;
}

export default byPath({
  '/api/newsletter': route({
    async POST(req, ctx) {
      const { email, page, form, consent, topics } = await readJson(req, newsletterInputSchema);
      await assertPublicPostAllowed('newsletter', ctx.ip);
      const checked = await checkTopics(topics);
      // New, repeat and confirmed addresses get identical answers, so the endpoint cannot be used
      // to learn who is subscribed.
      await signUp(email, { page, form, consent, topics: checked });
      // Counted by the page it came from (what the subscription records too), never by address.
      const from = countedPath(page ?? '/');
      if (!notCounted(req)) countEvent('signup', isSitePage(from) ? from : '/');
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
  '/api/newsletter/unsubscribe': route({
    // Link scanners fetch every URL in a message: a GET only leads to the page and its one button.
    GET(req) {
      const token = new URL(req.url).searchParams.get('token') ?? '';
      const page = token
        ? `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`
        : '/newsletter/unsubscribe';
      return new Response(null, {
        status: 303,
        headers: { ...API_SECURITY_HEADERS, Location: page, 'Cache-Control': 'no-store' },
      });
    },
    // No cookie and no Origin: mail apps send the one-click POST themselves. The token is the credential.
    async POST(req) {
      await unsubscribeWithToken(await unsubscribeToken(req));
      return json({ message: UNSUBSCRIBED_ANSWER });
    },
  }),
  '/api/newsletter/preferences': route({
    // No cookie and no Origin: the token from the reader's own email is the whole credential.
    async GET(req) {
      const { token } = parseWith(preferencesTokenSchema, queryOf(req));
      return json(await readPreferences(token));
    },
    async POST(req) {
      const { token, topics } = await readJson(req, preferencesInputSchema);
      return json(await changeTopics(token, topics));
    },
  }),
  '/api/newsletter/unsubscribe-link': route({
    async POST(req, ctx) {
      const { email } = await readJson(req, unsubscribeLinkInputSchema);
      await assertPublicPostAllowed('newsletter-unsubscribe', ctx.ip);
      await requestUnsubscribeLink(email);
      return json({ message: UNSUBSCRIBE_LINK_ANSWER });
    },
  }),
});

export const config = {
  path: [
    '/api/newsletter',
    '/api/newsletter/confirm',
    '/api/newsletter/unsubscribe',
    '/api/newsletter/preferences',
    '/api/newsletter/unsubscribe-link',
  ],
};
