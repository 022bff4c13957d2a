import { maySignedIn } from '../../lib/signed-in-hint';
import { hasPopupMarker } from './newsletter';
import type { PopupTexts } from './NewsletterPopupDialog';

/** How long after page load the popup appears. */
export const POPUP_DELAY_MS = 30_000;
/** A visitor who typed this recently is writing something: the popup waits. */
export const TYPING_QUIET_MS = 5_000;
/** How often a postponed popup looks again. */
const RETRY_MS = 1_000;

/**
 * Where the gate stands, on <html data-newsletter-popup>: waiting (for the 30 s), postponed
 * (someone is writing), checking (the session), skipped (signed in, dismissed or subscribed:
 * it never opens on this page) or open. Lets tests wait for a decision instead of for time.
 */
type GateState = 'waiting' | 'postponed' | 'checking' | 'skipped' | 'open';
const mark = (state: GateState) =>
  document.documentElement.setAttribute('data-newsletter-popup', state);

/** The popup's words, as the page carries them (site settings); none when the admin switched it off. */
function popupTexts(): PopupTexts | null {
  const el = document.querySelector<HTMLElement>('[data-newsletter-popup-texts]');
  if (!el) return null;
  return {
    title: el.dataset.title ?? '',
    description: el.dataset.description ?? '',
    button: el.dataset.button ?? '',
    topicsHtml: el.innerHTML,
  };
}

/** True while the visitor is in a form field: the popup must not take the focus from it. */
function inField(): boolean {
  const el = document.activeElement;
  return (
    el instanceof HTMLElement && (el.matches('input, textarea, select') || el.isContentEditable)
  );
}

/**
 * The newsletter popup's gatekeeper, plain script so the first view ships no React: 30 s after
 * load it opens the dialog, unless the visitor is signed in or already dismissed it or
 * subscribed (local storage emailCaptureInteracted). While a form field has focus or the
 * visitor typed in the last few seconds, it waits. The dialog, React and the validation
 * schema load only when the popup is due.
 */
export function watchForPopup(): void {
  const texts = popupTexts();
  if (!texts || hasPopupMarker()) return mark('skipped');
  let lastTyped = -Infinity;
  const typed = () => {
    lastTyped = performance.now();
  };
  document.addEventListener('keydown', typed, true);
  document.addEventListener('input', typed, true);
  const due = async () => {
    // Someone writing a message is never interrupted: look again shortly.
    if (inField() || performance.now() - lastTyped < TYPING_QUIET_MS) {
      setTimeout(due, RETRY_MS);
      return mark('postponed');
    }
    mark('checking');
    // Only a browser with the signed-in hint loads the session store and asks the server: a
    // visitor's page never fetches that code.
    let signedIn = false;
    if (maySignedIn()) {
      const { $session, refreshSession } = await import('../../stores/session');
      const current = $session.get();
      const session = current.status === 'loading' ? await refreshSession() : current;
      signedIn = session.status === 'signed-in';
    }
    // The visitor stepped into a field while the session was checked: wait again.
    if (inField()) return void due();
    document.removeEventListener('keydown', typed, true);
    document.removeEventListener('input', typed, true);
    if (signedIn || hasPopupMarker()) return mark('skipped');
    const { openPopup } = await import('./newsletter-popup-mount');
    openPopup(texts);
    mark('open');
  };
  // Counted from page load, not from when this script ran.
  mark('waiting');
  setTimeout(due, Math.max(0, POPUP_DELAY_MS - performance.now()));
}
