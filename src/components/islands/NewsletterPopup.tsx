import { lazy, Suspense, useEffect, useState } from 'react';
import { $session, refreshSession } from '../../stores/session';
import { hasPopupMarker } from './newsletter';

/** How long after page load the popup appears (spec §9). */
export const POPUP_DELAY_MS = 30_000;
/** A visitor who typed this recently is writing something: the popup waits. */
export const TYPING_QUIET_MS = 5_000;
/** How often a postponed popup looks again. */
const RETRY_MS = 1_000;

/** True while the visitor is in a form field: the popup must not take the focus from it. */
function inField(): boolean {
  const el = document.activeElement;
  return el instanceof HTMLElement && (el.matches('input, textarea, select') || el.isContentEditable);
}

// The dialog, its form and the validation schema load only when the popup is due, so they add
// nothing to the page's first load.
const NewsletterPopupDialog = lazy(() => import('./NewsletterPopupDialog'));

/**
 * The newsletter popup's gatekeeper: 30 s after load it opens the dialog, unless the visitor is
 * signed in or already dismissed it or subscribed (local storage emailCaptureInteracted). While
 * a form field has focus or the visitor typed in the last few seconds, it waits.
 */
export default function NewsletterPopup() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (hasPopupMarker()) return;
    let cancelled = false;
    let lastTyped = -Infinity;
    const typed = () => {
      lastTyped = performance.now();
    };
    document.addEventListener('keydown', typed, true);
    document.addEventListener('input', typed, true);
    let timer: ReturnType<typeof setTimeout>;
    const due = async () => {
      // Someone writing a message is never interrupted: look again shortly.
      if (inField() || performance.now() - lastTyped < TYPING_QUIET_MS) {
        timer = setTimeout(due, RETRY_MS);
        return;
      }
      const current = $session.get();
      const session = current.status === 'loading' ? await refreshSession() : current;
      if (!cancelled && session.status !== 'signed-in' && !hasPopupMarker() && !inField()) setOpen(true);
    };
    // Counted from page load, not from hydration (which waits for an idle moment).
    timer = setTimeout(due, Math.max(0, POPUP_DELAY_MS - performance.now()));
    return () => {
      cancelled = true;
      clearTimeout(timer);
      document.removeEventListener('keydown', typed, true);
      document.removeEventListener('input', typed, true);
    };
  }, []);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <NewsletterPopupDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
