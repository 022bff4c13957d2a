import { normaliseEmail } from '../../schemas/newsletter';
import {
  CURRENT_CONSENT,
  type ConsentVersion,
  type SignupForm,
} from '../../schemas/newsletter-consent';
import { newsletterSubscriptionSchema } from '../../schemas/newsletter-subscription';
import { createOnce, isExpired, subscriptionId } from './newsletter';
import { updateRow } from './newsletter-index';
import { sendConfirmation } from '../outbound/newsletter-mail';
import { newConfirmToken } from './newsletter-token';
import { openStore, STORES, updateJSON } from '../storage/store';

/** A repeat signup of a pending address sends a new link at most this often (no mail bombing). */
const RESEND_AFTER_MS = 10 * 60_000;

/** Where a signup came from and what it asked for, for its consent record. */
export interface SignupOrigin {
  page?: string;
  form?: SignupForm;
  consent?: ConsentVersion;
  /** Checked research area slugs; none means everything. */
  topics?: string[];
}

/**
 * A visitor's signup (double opt-in): records a pending subscription with its consent record and
 * emails a confirmation link. A repeat signup of a pending address sends a fresh link (the older
 * one stops working), as does one of an address that unsubscribed; a confirmed address gets
 * nothing, and the caller answers the same either way.
 */
export async function signUp(email: string, origin: SignupOrigin): Promise<void> {
  const id = subscriptionId(email);
  const now = new Date().toISOString();
  const { token, hash } = newConfirmToken(id);
  const consent = {
    source: origin.page ?? '/',
    form: origin.form ?? 'unknown',
    consent: origin.consent ?? CURRENT_CONSENT,
    // The topics of this signup replace those of an earlier unconfirmed one (none: everything).
    topics: origin.topics?.length ? origin.topics : undefined,
    topicsChangedAt: origin.topics?.length ? now : undefined,
  } as const;
  const record = newsletterSubscriptionSchema.parse({
    id,
    email: normaliseEmail(email),
    createdAt: now,
    status: 'pending',
    requestedAt: now,
    ...consent,
    confirmTokenHash: hash,
    confirmSentAt: now,
  });
  const { created, subscription: existing } = await createOnce(record);
  if (created) return sendConfirmation(record.email, token);
  if (existing.status === 'confirmed') return;
  if (
    existing.status === 'pending' &&
    !isExpired(existing) &&
    existing.confirmSentAt &&
    Date.now() - Date.parse(existing.confirmSentAt) < RESEND_AFTER_MS
  )
    return;
  // An address that unsubscribed signs up again like a new one: pending until its owner confirms
  // (and still suppressed until then).
  const updated = await updateJSON(
    openStore(STORES.newsletter),
    id,
    newsletterSubscriptionSchema,
    gone,
    (current) =>
      current.status === 'confirmed'
        ? current
        : {
            ...current,
            status: 'pending' as const,
            requestedAt: now,
            ...consent,
            confirmTokenHash: hash,
            confirmSentAt: now,
          },
  ).catch((error: unknown) => {
    if (error instanceof Deleted) return null;
    throw error;
  });
  // Confirmed meanwhile (its token hash is gone), or deleted by an admin or the expiry sweep: nothing to send.
  if (!updated || updated.confirmTokenHash !== hash) return;
  await updateRow(updated);
  await sendConfirmation(updated.email, token);
}

class Deleted extends Error {}
const gone = (): never => {
  throw new Deleted('The signup was deleted meanwhile');
};
