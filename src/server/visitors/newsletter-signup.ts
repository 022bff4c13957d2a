import { normaliseEmail } from '../../schemas/newsletter';
import {
  CURRENT_CONSENT,
  type ConsentVersion,
  type SignupForm,
} from '../../schemas/newsletter-consent';
import {
  newsletterSubscriptionSchema,
  type NewsletterSubscription,
} from '../../schemas/newsletter-subscription';
import { isExpired, subscriptionId } from './newsletter';
import { createMarker, deleteMarker, listAsStored, markerKey, updateRow } from './newsletter-index';
import { sendConfirmation } from './newsletter-mail';
import { newConfirmToken } from './newsletter-token';
import { createJSON, landedWrite, openStore, readJSON, STORES, updateJSON } from '../storage/store';

const store = () => openStore(STORES.newsletter);

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
 *
 * The answer time must not tell a new address from a known one either, so every signup makes the
 * same Blobs calls in the same order before answering: read the record, write its index marker
 * unless there, write the record only if new (or, for a new link, only if unchanged), and queue
 * the confirmation. A known address's conditional writes are refused and its mail, whose link is
 * not the stored one, is dropped at delivery. Everything stays before the answer, so a write that
 * did not land is still a 503, never reported as saved.
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
  const renewed = (current: NewsletterSubscription): NewsletterSubscription =>
    current.status === 'confirmed'
      ? current
      : {
          ...current,
          status: 'pending' as const,
          requestedAt: now,
          ...consent,
          confirmTokenHash: hash,
          confirmSentAt: now,
        };

  const found = await readJSON(store(), id, newsletterSubscriptionSchema);
  const stored = found?.value;
  const markerWasMissing = await createMarker(stored ?? record);
  let changed: NewsletterSubscription | null = null;
  if (stored && wantsNewLink(stored)) {
    // A new link for an address that unsubscribed or whose link is old: pending until its owner
    // confirms (and still suppressed until then).
    const next = renewed(stored);
    const landed = await landedWrite(`renew ${id}`, () =>
      store().setJSON(id, newsletterSubscriptionSchema.parse(next), { onlyIfMatch: found!.etag }),
    );
    // Refused: another write got in first, perhaps a simultaneous signup's new link, whose email
    // is on its way. The renewal is decided again on what is stored, so a double submit sends one
    // link, and the one that went out keeps working.
    const raced = landed
      ? next
      : await renewAfterRace(id, (current) => (wantsNewLink(current) ? renewed(current) : current));
    // Deleted meanwhile (the expiry sweep, an erasure): stored anew, as a first signup is, so the
    // link on its way works rather than answering that there is nothing to confirm.
    if (raced === DELETED) {
      if (await createJSON(store(), id, newsletterSubscriptionSchema, record))
        await createMarker(record);
    } else changed = raced;
  } else if (await createJSON(store(), id, newsletterSubscriptionSchema, record)) {
    // New (or deleted since it was read): its own marker, when the one written was another's.
    if (stored) await createMarker(record);
  } else if (!stored) {
    // Another signup of the address got there first: its record and marker stand.
    const winner = (await readJSON(store(), id, newsletterSubscriptionSchema))?.value;
    if (!winner || markerKey(winner) !== markerKey(record)) await deleteMarker(record);
  }
  if (changed) await updateRow(changed);
  // A record stored before markers existed is healed by its repeat signup and listed.
  if (stored && markerWasMissing) await listAsStored([id]);
  await sendConfirmation(record.email, token, { id, hash });
}

/** Whether a repeat signup gets a new link: not when confirmed, nor while a fresh one is out. */
const wantsNewLink = (s: NewsletterSubscription) =>
  s.status !== 'confirmed' &&
  !(
    s.status === 'pending' &&
    !isExpired(s) &&
    s.confirmSentAt &&
    Date.now() - Date.parse(s.confirmSentAt) < RESEND_AFTER_MS
  );

const DELETED: unique symbol = Symbol('deleted meanwhile');

/**
 * The renewal again, in the etag-guarded loop, after another write got in first: the pending
 * record, null when it is not pending (confirmed meanwhile), DELETED when it was deleted meanwhile.
 */
async function renewAfterRace(
  id: string,
  renewed: (s: NewsletterSubscription) => NewsletterSubscription,
): Promise<NewsletterSubscription | null | typeof DELETED> {
  const updated = await updateJSON(store(), id, newsletterSubscriptionSchema, gone, renewed).catch(
    (error: unknown): typeof DELETED => {
      if (error instanceof Deleted) return DELETED;
      throw error;
    },
  );
  if (updated === DELETED) return DELETED;
  return updated.status === 'pending' ? updated : null;
}

class Deleted extends Error {}
const gone = (): never => {
  throw new Deleted('The signup was deleted meanwhile');
};
