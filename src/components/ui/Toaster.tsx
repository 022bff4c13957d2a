import ToastRegion from './ToastRegion';
import { toasterMounted } from './toast';

/** The toast region an app (admin, editor) mounts itself: toasts then go to it. */
export default function Toaster({
  position,
  clearOfActionBar,
}: {
  position?: 'bottom-right' | 'top-right';
  clearOfActionBar?: boolean;
}) {
  return (
    <ToastRegion position={position} clearOfActionBar={clearOfActionBar} onReady={toasterMounted} />
  );
}
