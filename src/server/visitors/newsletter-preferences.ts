import {
  newsletterSubscriptionSchema,
  type NewsletterSubscription,
} from '../../schemas/newsletter-subscription';
import { HttpError } from '../http/errors';
import { spendLink } from './newsletter-link';
import { readLinkToken } from './newsletter-token';
import { holdsUnsubscribeSecret } from './newsletter-unsubscribe';
import { openStore, readJSON, STORES } from '../storage/store';

/*
 * A reader's preferences, reached through the link in every newsletter email. Its token is the
 * subscription's unsubscribe token: whoever may unsubscribe an address may choose its topics, and
 * there is no second secret to keep. Choosing topics leaves the link working.
 */

const GONE =
  'This preferences link is not valid: the subscription ended, or the link belongs to an earlier one. Use the link in your newest newsletter email.';

/** The address as the preferences page shows it: enough to recognise, not to copy ("r•••@example.org"). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}•••${email.slice(at)}`;
}

/** The confirmed subscription a preferences link names; 410 for a link that cannot be used. */
export async function subscriptionOfLink(token: string): Promise<NewsletterSubscription> {
  const presented = readLinkToken(token);
  const found =
    presented &&
    (await readJSON(openStore(STORES.newsletter), presented.id, newsletterSubscriptionSchema));
  if (!found || !holdsUnsubscribeSecret(found.value, presented.hash))
    throw new HttpError(410, GONE);
  return found.value;
}

/**
 * Stores the topics a reader chose (already checked; none means everything) with when they were
 * chosen: the consent record of the change. Re-checked inside the guarded write, so a change
 * racing an unsubscribe cannot bring the subscription back.
 */
export async function saveTopics(token: string, topics: string[]): Promise<NewsletterSubscription> {
  return spendLink(token, {
    gone: GONE,
    usable: holdsUnsubscribeSecret,
    before: async () => {},
    change: (current) => ({ ...current, topics, topicsChangedAt: new Date().toISOString() }),
  });
}
