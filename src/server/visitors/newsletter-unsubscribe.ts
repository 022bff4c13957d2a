import {
  newsletterSubscriptionSchema,
  type NewsletterSubscription,
} from '../../schemas/newsletter-subscription';
import { subscriptionId } from './newsletter';
import { spendLink } from './newsletter-link';
import { sendUnsubscribeLink } from './newsletter-mail';
import { suppress } from './newsletter-suppression';
import { newLinkSecret, sameHash, secretHash } from './newsletter-token';
import { openStore, readJSON, STORES, updateJSON } from '../storage/store';

const store = () => openStore(STORES.newsletter);

const GONE =
  'This unsubscribe link is not valid: it was already used, or belongs to an earlier subscription. If you still receive the newsletter, ask for a new link on the unsubscribe page.';

/** An unsubscribe link by address is emailed at most this often (no mail bombing through the form). */
const RESEND_AFTER_MS = 10 * 60_000;

/**
 * Whether a link's secret is the subscription's current unsubscribe secret: what the unsubscribe
 * link and the preferences link (the same token) both need. Only a confirmed subscription has one.
 */
export const holdsUnsubscribeSecret = (s: NewsletterSubscription, presentedHash: string) =>
  s.status === 'confirmed' &&
  !!s.unsubscribeSecret &&
  sameHash(secretHash(s.unsubscribeSecret), presentedHash);

/**
 * Unsubscribes the subscription a link names, at once: a confirmed subscription whose current
 * unsubscribe secret the link holds. The address goes on the suppression list first, so that even
 * a failure before the record changes keeps every import and restore from adding it back. The
 * record stays, marked unsubscribed (the unsubscribed export lists it), and the link stops
 * working. Anything else is a 410 that changes nothing.
 */
export async function unsubscribeWithToken(token: string): Promise<void> {
  await spendLink(token, {
    gone: GONE,
    usable: holdsUnsubscribeSecret,
    before: suppress,
    change: (current) => {
      const { unsubscribeSecret: _s, unsubscribeSentAt: _u, ...rest } = current;
      return { ...rest, status: 'unsubscribed', unsubscribedAt: new Date().toISOString() };
    },
  });
}

/**
 * Emails an unsubscribe link to an address if it is subscribed (confirmed); otherwise nothing
 * happens. The caller answers the same either way, so the form tells nobody who is subscribed.
 * A subscription from before unsubscribe links (imports) gets its secret here.
 */
export async function requestUnsubscribeLink(email: string): Promise<void> {
  const id = subscriptionId(email);
  const found = (await readJSON(store(), id, newsletterSubscriptionSchema))?.value;
  if (found?.status !== 'confirmed') return;
  if (found.unsubscribeSentAt && Date.now() - Date.parse(found.unsubscribeSentAt) < RESEND_AFTER_MS)
    return;
  const sentAt = new Date().toISOString();
  const updated = await updateJSON(
    store(),
    id,
    newsletterSubscriptionSchema,
    () => {
      throw new Deleted();
    },
    (current) =>
      current.status === 'confirmed'
        ? {
            ...current,
            unsubscribeSecret: current.unsubscribeSecret ?? newLinkSecret(),
            unsubscribeSentAt: sentAt,
          }
        : current,
  ).catch((error: unknown) => {
    if (error instanceof Deleted) return null;
    throw error;
  });
  // Unsubscribed or deleted meanwhile: nothing to send.
  if (
    !updated ||
    updated.status !== 'confirmed' ||
    updated.unsubscribeSentAt !== sentAt ||
    !updated.unsubscribeSecret
  )
    return;
  await sendUnsubscribeLink(updated.email, id, updated.unsubscribeSecret);
}

class Deleted extends Error {}
