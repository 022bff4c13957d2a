import { newsletterSubscriptionSchema } from '../../schemas/newsletter-subscription';
import { HttpError } from '../http/errors';
import { isExpired } from './newsletter';
import { updateRow } from './newsletter-index';
import { sendWelcome } from '../outbound/newsletter-mail';
import { liftSuppression } from './newsletter-suppression';
import { newLinkSecret, readLinkToken, sameHash } from './newsletter-token';
import { openStore, readJSON, STORES, updateJSON } from '../storage/store';

const GONE = 'This confirmation link is not valid: it was already used, has expired or was replaced by a newer one. Sign up again to get a new link.';

/**
 * Confirms the subscription a link names: once, before it expires, and only with the newest link.
 * The check is repeated inside the etag-guarded write, so two clicks cannot both confirm. Anything
 * else is a 410 that changes nothing. Confirming is the address's own new consent, so it takes the
 * address off the suppression list if it unsubscribed before; then the welcome email goes out.
 */
export async function confirmSubscription(token: string): Promise<void> {
  const presented = readLinkToken(token);
  if (!presented) throw new HttpError(410, GONE);
  const store = openStore(STORES.newsletter);
  const usable = (s: { status: string; confirmTokenHash?: string; requestedAt?: string; createdAt: string }) =>
    s.status === 'pending' && sameHash(s.confirmTokenHash, presented.hash) && !isExpired({ status: 'pending', requestedAt: s.requestedAt, createdAt: s.createdAt });
  const found = await readJSON(store, presented.id, newsletterSubscriptionSchema);
  if (!found || !usable(found.value)) throw new HttpError(410, GONE);
  // Lifted before the record is confirmed: a failure between the two leaves a pending signup
  // (never exported) without suppression, never a confirmed subscriber still suppressed.
  await liftSuppression(presented.id);
  const secret = newLinkSecret();
  const confirmed = await updateJSON(
    store,
    presented.id,
    newsletterSubscriptionSchema,
    () => {
      throw new HttpError(410, GONE);
    },
    (current) => {
      if (!usable(current)) throw new HttpError(410, GONE);
      const { confirmTokenHash: _used, unsubscribedAt: _left, ...rest } = current;
      return { ...rest, status: 'confirmed' as const, confirmedAt: new Date().toISOString(), unsubscribeSecret: secret };
    },
  );
  await updateRow(confirmed);
  await sendWelcome(confirmed.email, confirmed.id, secret);
}
