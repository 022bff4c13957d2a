import { ApiError, mutate } from '../../lib/api';
import { track } from '../../lib/analytics';
import { local } from '../../lib/safe-storage';
import { CURRENT_CONSENT, SIGNUP_ANSWER } from '../../schemas/newsletter-consent';

/** Local-storage key that stops the popup from coming back. */
export const POPUP_MARKER_KEY = 'emailCaptureInteracted';

/** Remembers how the visitor dealt with the popup (without storage it may show again on a later visit). */
export function setPopupMarker(value: 'dismissed' | 'subscribed'): void {
  local.set(POPUP_MARKER_KEY, value);
}

/** Whether the visitor already closed the popup or subscribed. */
export const hasPopupMarker = (): boolean => Boolean(local.get(POPUP_MARKER_KEY));

/**
 * Signs an address up (inline form or popup), with what its consent record keeps: this page, the
 * form, the version of the wording shown beside it and the topics checked, if any. The server emails a confirmation link. A
 * visitor who signed up never sees the popup again, whichever form they used; analytics hears of
 * the signup, never the address. Each form then says "Check your inbox" in a way that lasts: the
 * link is in the mail, and a message that vanished before it arrived would leave them guessing.
 */
export async function subscribe(
  email: string,
  form: 'inline' | 'popup',
  topics: string[] = [],
): Promise<void> {
  await mutate('POST', '/api/newsletter', {
    email,
    page: window.location.pathname,
    form,
    consent: CURRENT_CONSENT,
    // None checked means everything: the signup then says nothing about topics.
    ...(topics.length ? { topics } : {}),
  });
  setPopupMarker('subscribed');
  track('newsletter_signup');
}

/** What a form says once the server has sent the confirmation link. */
export const signupSent = (email: string) => ({
  title: 'Check your inbox',
  description: `${SIGNUP_ANSWER}: we sent a link to ${email}.`,
});

/** The topics checked in the signup form with this id (its TopicChoice checkboxes), read when it is sent. */
export function checkedTopics(formId: string): string[] {
  const form = document.getElementById(formId);
  return form instanceof HTMLFormElement ? new FormData(form).getAll('topics').map(String) : [];
}

/** The server's own words about a failed subscription, if it sent any ({ error } or { message }). */
export function serverError(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body) return undefined;
  const body = error.body as { error?: unknown; message?: unknown };
  const text =
    typeof body.error === 'string'
      ? body.error
      : typeof body.message === 'string'
        ? body.message
        : '';
  return text || undefined;
}
