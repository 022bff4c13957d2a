import {
  newsletterSubscriptionSchema,
  type NewsletterSubscription,
} from '../../schemas/newsletter-subscription';
import { HttpError } from '../http/errors';
import { updateRow } from './newsletter-index';
import { readLinkToken } from './newsletter-token';
import { openStore, readJSON, STORES, updateJSON } from '../storage/store';

/** How one kind of emailed link (confirm, unsubscribe, preferences) is used. */
export interface LinkUse {
  /** The 410's words for a link that cannot be used. */
  gone: string;
  /** Whether `subscription` accepts a link whose secret hashes to `presentedHash`. */
  usable(subscription: NewsletterSubscription, presentedHash: string): boolean;
  /** What must happen before the record changes (a failure after it must leave a safe state). */
  before(id: string): Promise<void>;
  /** The record once the link is spent. */
  change(subscription: NewsletterSubscription): NewsletterSubscription;
}

/**
 * Spends a newsletter link: the subscription it names must accept it, before and again inside the
 * etag-guarded write, so two clicks cannot both spend it. Anything else is a 410 that changes
 * nothing. Returns the record as written (its index row is updated too).
 */
export async function spendLink(token: string, use: LinkUse): Promise<NewsletterSubscription> {
  const presented = readLinkToken(token);
  if (!presented) throw new HttpError(410, use.gone);
  const store = openStore(STORES.newsletter);
  const found = await readJSON(store, presented.id, newsletterSubscriptionSchema);
  if (!found || !use.usable(found.value, presented.hash)) throw new HttpError(410, use.gone);
  await use.before(presented.id);
  const spent = await updateJSON(
    store,
    presented.id,
    newsletterSubscriptionSchema,
    () => {
      throw new HttpError(410, use.gone);
    },
    (current) => {
      if (!use.usable(current, presented.hash)) throw new HttpError(410, use.gone);
      return use.change(current);
    },
  );
  await updateRow(spent);
  return spent;
}
