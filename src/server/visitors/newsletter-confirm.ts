import { newsletterSubscriptionSchema } from '../../schemas/newsletter-subscription';
import { HttpError } from '../http/errors';
import { isExpired } from './newsletter';
import { spendLink } from './newsletter-link';
import { sendWelcome } from './newsletter-mail';
import { liftSuppression, restoreSuppression, type Suppression } from './newsletter-suppression';
import { newLinkSecret, readLinkToken, sameHash } from './newsletter-token';
import { openStore, readJSON, STORES } from '../storage/store';

const GONE =
  'This confirmation link is not valid: it was already used, has expired or was replaced by a newer one. Sign up again to get a new link.';

/**
 * Confirms the subscription a link names: once, before it expires, and only with the newest link.
 * The check is repeated inside the etag-guarded write, so two clicks cannot both confirm. Anything
 * else is a 410 that changes nothing. Confirming is the address's own new consent, so it takes the
 * address off the suppression list if it unsubscribed before; then the welcome email goes out.
 */
export async function confirmSubscription(token: string): Promise<void> {
  const secret = newLinkSecret();
  let lifted: Suppression | null = null;
  const confirmed = await spendLink(token, {
    gone: GONE,
    usable: (s, presentedHash) =>
      s.status === 'pending' && sameHash(s.confirmTokenHash, presentedHash) && !isExpired(s),
    // Lifted before the record is confirmed: a failure between the two leaves a pending signup
    // (never exported) without suppression, never a confirmed subscriber still suppressed.
    before: async (id) => {
      lifted = await liftSuppression(id);
    },
    change: (current) => {
      const { confirmTokenHash: _used, unsubscribedAt: _left, ...rest } = current;
      return {
        ...rest,
        status: 'confirmed',
        confirmedAt: new Date().toISOString(),
        unsubscribeSecret: secret,
      };
    },
  }).catch(async (error: unknown) => {
    if (lifted && error instanceof HttpError && error.status === 410)
      await keepLeaverSuppressed(readLinkToken(token)!.id, lifted);
    throw error;
  });
  await sendWelcome(confirmed.email, confirmed.id, secret);
}

/**
 * A click whose confirmation was refused after it lifted the suppression (a second click of the
 * link, the first having confirmed): what it took off goes back, unless the confirmation that won
 * came after that entry was written. Otherwise a click stalled before its lift takes off the entry
 * of an unsubscribe, bounce or complaint that followed the first click's confirmation.
 */
async function keepLeaverSuppressed(id: string, lifted: Suppression): Promise<void> {
  const current = (await readJSON(openStore(STORES.newsletter), id, newsletterSubscriptionSchema))
    ?.value;
  const liftedByWinner =
    current?.status === 'confirmed' &&
    !!current.confirmedAt &&
    Date.parse(lifted.at) < Date.parse(current.confirmedAt);
  if (!liftedByWinner) await restoreSuppression(id, lifted);
}
