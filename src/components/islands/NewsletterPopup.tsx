import { lazy, Suspense, useEffect, useState } from 'react';
import { $session, refreshSession } from '../../stores/session';
import { hasPopupMarker } from './newsletter';

/** How long after page load the popup appears (spec §9). */
export const POPUP_DELAY_MS = 30_000;

// The dialog, its form and the validation schema load only when the popup is due, so they add
// nothing to the page's first load.
const NewsletterPopupDialog = lazy(() => import('./NewsletterPopupDialog'));

/**
 * The newsletter popup's gatekeeper: 30 s after load it opens the dialog, unless the visitor is
 * signed in or already dismissed it or subscribed (local storage emailCaptureInteracted).
 */
export default function NewsletterPopup() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (hasPopupMarker()) return;
    let cancelled = false;
    // Counted from page load, not from hydration (which waits for an idle moment).
    const timer = setTimeout(async () => {
      const current = $session.get();
      const session = current.status === 'loading' ? await refreshSession() : current;
      if (!cancelled && session.status !== 'signed-in' && !hasPopupMarker()) setOpen(true);
    }, Math.max(0, POPUP_DELAY_MS - performance.now()));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <NewsletterPopupDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
