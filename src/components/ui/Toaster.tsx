import ToastRegion from './ToastRegion';
import { toasterMounted } from './toast';

/** The toast region an app (admin, editor) mounts itself: toasts then go to it. */
export default function Toaster({ position }: { position?: 'bottom-right' | 'top-right' }) {
  return <ToastRegion position={position} onReady={toasterMounted} />;
}
