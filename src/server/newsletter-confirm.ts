import { newsletterSubscriptionSchema } from '../schemas/newsletter-subscription';
import { HttpError } from './errors';
import { isExpired } from './newsletter';
import { updateRow } from './newsletter-index';
import { readConfirmToken, sameHash } from './newsletter-token';
import { openStore, readJSON, STORES, updateJSON } from './store';

const GONE = 'This confirmation link is not valid: it was already used, has expired or was replaced by a newer one. Sign up again to get a new link.';

/**
 * Confirms the subscription a link names: once, before it expires, and only with the newest link.
 * The check is repeated inside the etag-guarded write, so two clicks cannot both confirm. Anything
 * else is a 410 that changes nothing.
 */
export async function confirmSubscription(token: string): Promise<void> {
  const presented = readConfirmToken(token);
  if (!presented) throw new HttpError(410, GONE);
  const store = openStore(STORES.newsletter);
  const usable = (s: { status: string; confirmTokenHash?: string; requestedAt?: string; createdAt: string }) =>
    s.status === 'pending' && sameHash(s.confirmTokenHash, presented.hash) && !isExpired({ status: 'pending', requestedAt: s.requestedAt, createdAt: s.createdAt });
  const found = await readJSON(store, presented.id, newsletterSubscriptionSchema);
  if (!found || !usable(found.value)) throw new HttpError(410, GONE);
  const confirmed = await updateJSON(
    store,
    presented.id,
    newsletterSubscriptionSchema,
    () => {
      throw new HttpError(410, GONE);
    },
    (current) => {
      if (!usable(current)) throw new HttpError(410, GONE);
      const { confirmTokenHash: _used, ...rest } = current;
      return { ...rest, status: 'confirmed' as const, confirmedAt: new Date().toISOString() };
    },
  );
  await updateRow(confirmed);
}
