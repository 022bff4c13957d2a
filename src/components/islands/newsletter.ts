import { ApiError, mutate } from '../../lib/api';
import { track } from '../../lib/analytics';
import { notify } from '../ui/toast';

/** Local-storage key that stops the popup from coming back (spec §9). */
export const POPUP_MARKER_KEY = 'emailCaptureInteracted';

/** Remembers how the visitor dealt with the popup; storage may be unavailable (private modes). */
export function setPopupMarker(value: 'dismissed' | 'subscribed'): void {
  try {
    localStorage.setItem(POPUP_MARKER_KEY, value);
  } catch {
    // Without storage the popup simply may show again on a later visit.
  }
}

/** Whether the visitor already closed the popup or subscribed. */
export function hasPopupMarker(): boolean {
  try {
    return Boolean(localStorage.getItem(POPUP_MARKER_KEY));
  } catch {
    return false;
  }
}

/**
 * Subscribes an address (inline form or popup). A subscriber never sees the popup again,
 * whichever form they used; analytics hears of the signup, never the address (spec §7, §9).
 */
export async function subscribe(email: string): Promise<void> {
  await mutate('POST', '/api/newsletter', { email });
  setPopupMarker('subscribed');
  track('newsletter_signup');
  notify({ title: 'Subscribed!', description: 'Thanks for subscribing. Watch your inbox for our next update.' });
}

/** The server's own words about a failed subscription, if it sent any ({ error } or { message }). */
export function serverError(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body) return undefined;
  const body = error.body as { error?: unknown; message?: unknown };
  const text = typeof body.error === 'string' ? body.error : typeof body.message === 'string' ? body.message : '';
  return text || undefined;
}
