/**
 * The words shown beside every newsletter signup form, by version. A subscription records the
 * version its signup showed, so the consent it gave can be read back later; a new wording gets a
 * new key and the old ones stay. Zod-free: the forms import it.
 */
export const CONSENT_WORDINGS = {
  '2026-11':
    'We will email you a link to confirm your subscription: you are not subscribed until you click it. We use your email address only to send you the newsletter, and remove it whenever you ask us to.',
} as const;
export type ConsentVersion = keyof typeof CONSENT_WORDINGS;

/** The wording the forms show now. */
export const CURRENT_CONSENT: ConsentVersion = '2026-11';

/** Where a signup came from (imports and records from before consent was kept read as unknown). */
export const SIGNUP_FORMS = ['inline', 'popup', 'import', 'unknown'] as const;
export type SignupForm = (typeof SIGNUP_FORMS)[number];

/** What a signup says back: the same for new, repeated and already-confirmed addresses. */
export const SIGNUP_ANSWER = 'Check your inbox to confirm your subscription';

/** How long a confirmation link works; an unconfirmed signup is forgotten after it. */
export const PENDING_DAYS = 7;

/** What a request for an unsubscribe link says back: the same whether or not the address is subscribed. */
export const UNSUBSCRIBE_LINK_ANSWER =
  'If this address is subscribed, we have emailed it a link to unsubscribe. Check your inbox.';

/** What unsubscribing says back. */
export const UNSUBSCRIBED_ANSWER =
  'You are unsubscribed: we will send no more newsletters to this address.';
