import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';

/**
 * Where toasts appear: 5 s auto-close and at most 10 at once. `onReady` runs once
 * Sonner listens for toasts (its own effect runs before this one), so no toast is lost.
 */
export default function ToastRegion({ position = 'bottom-right', onReady }: { position?: 'bottom-right' | 'top-right'; onReady?: () => void }) {
  useEffect(() => onReady?.(), [onReady]);
  // Sonner sets the system font on its region: toasts use the site's own face instead.
  return <Sonner position={position} duration={5000} visibleToasts={10} closeButton richColors toastOptions={{ className: 'font-sans' }} />;
}
