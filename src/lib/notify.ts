/** A toast as the spec describes them: a title, an optional description, destructive for errors. */
export interface Notice {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

let appToaster = false;
let signalMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (signalMounted = resolve));
let hostMount: Promise<void> | null = null;

/** Called by the <Toaster> component when it mounts: toasts then go to it. */
export function toasterMounted(): void {
  appToaster = true;
  signalMounted();
}

/**
 * Shows a toast (5 s auto-close, at most 10 kept: spec §9). Visitors pay nothing for toasts
 * until the first one: the toast library and its region load on that first call, unless an
 * app (admin, editor) has already mounted its own <Toaster>.
 */
export async function notify({ title, description, variant = 'default' }: Notice): Promise<void> {
  if (!appToaster) {
    hostMount ??= import('./toaster-host').then((m) => m.mountToasterHost());
    await hostMount;
    await mounted;
  }
  const { toast } = await import('sonner');
  if (variant === 'destructive') toast.error(title, { description });
  else toast(title, { description });
}
