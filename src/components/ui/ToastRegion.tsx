import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';

/**
 * Where toasts appear: 5 s auto-close and at most 10 at once. `onReady` runs once
 * Sonner listens for toasts (its own effect runs before this one), so no toast is lost.
 */
export default function ToastRegion({
  position = 'bottom-right',
  clearOfActionBar = false,
  onReady,
}: {
  position?: 'bottom-right' | 'top-right';
  clearOfActionBar?: boolean;
  onReady?: () => void;
}) {
  useEffect(() => onReady?.(), [onReady]);
  // Forms keep their Save and Cancel buttons in a bar along the bottom (sticky on long pages, at
  // the foot of the edit panel): toasts stack from above it, so a message never hides the button
  // someone is about to press again.
  const offset = clearOfActionBar ? { bottom: 96, right: 16 } : undefined;
  // Sonner sets the system font on its region: toasts use the site's own face instead.
  return (
    <Sonner
      position={position}
      offset={offset}
      mobileOffset={offset}
      duration={5000}
      visibleToasts={10}
      closeButton
      richColors
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
