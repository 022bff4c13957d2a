import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { toasterMounted } from '../../lib/notify';

/** The page's toast region: 5 s auto-close and at most 10 toasts at once (spec §9). */
export default function Toaster({ position = 'bottom-right' }: { position?: 'bottom-right' | 'top-right' }) {
  // Sonner's region subscribes to toasts in its own effect, which runs before this one.
  useEffect(() => toasterMounted(), []);
  return <Sonner position={position} duration={5000} visibleToasts={10} closeButton richColors />;
}
