import { createRoot } from 'react-dom/client';
import ToastRegion from './ToastRegion';

/** Mounts the page's toast region on first use (public pages ship no toast code until then). */
export function mountToasterHost(): Promise<void> {
  const host = document.createElement('div');
  host.id = 'toasts';
  document.body.append(host);
  return new Promise((resolve) => createRoot(host).render(<ToastRegion onReady={resolve} />));
}
