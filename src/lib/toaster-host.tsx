import { createRoot } from 'react-dom/client';
import Toaster from '../components/islands/Toaster';

/** Mounts the page's toast region on first use (public pages ship no toast code until then). */
export function mountToasterHost(): Promise<void> {
  const host = document.createElement('div');
  host.id = 'toasts';
  document.body.append(host);
  createRoot(host).render(<Toaster />);
  return Promise.resolve();
}
