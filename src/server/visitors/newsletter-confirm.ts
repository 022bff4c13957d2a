import { isExpired } from './newsletter';
import { spendLink } from './newsletter-link';
import { sendWelcome } from './newsletter-mail';
import { liftSuppression } from './newsletter-suppression';
import { newLinkSecret, sameHash } from './newsletter-token';

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
  const confirmed = await spendLink(token, {
    gone: GONE,
    usable: (s, presentedHash) =>
      s.status === 'pending' && sameHash(s.confirmTokenHash, presentedHash) && !isExpired(s),
    // Lifted before the record is confirmed: a failure between the two leaves a pending signup
    // (never exported) without suppression, never a confirmed subscriber still suppressed.
    before: liftSuppression,
    change: (current) => {
      const { confirmTokenHash: _used, unsubscribedAt: _left, ...rest } = current;
      return {
        ...rest,
        status: 'confirmed',
        confirmedAt: new Date().toISOString(),
        unsubscribeSecret: secret,
      };
    },
  });
  await sendWelcome(confirmed.email, confirmed.id, secret);
}
