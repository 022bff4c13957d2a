/** A toast as the spec describes them: a title, an optional description, destructive for errors. */
export interface Notice {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Stays until the reader closes it, for what they must act on after the page moves on. */
  lasting?: boolean;
}

let appToaster = false;
let hostMount: Promise<void> | null = null;

/** Called by the app's <Toaster> once it listens: toasts then go to it. */
export function toasterMounted(): void {
  appToaster = true;
}

/**
 * Shows a toast (5 s auto-close, at most 10 kept). Visitors pay nothing for toasts
 * until the first one: the toast library and its region load on that first call, unless an
 * app (admin, editor) has already mounted its own <Toaster>.
 */
export async function notify({
  title,
  description,
  variant = 'default',
  lasting = false,
}: Notice): Promise<void> {
  if (!appToaster) {
    hostMount ??= import('./toaster-host').then((m) => m.mountToasterHost());
    await hostMount;
  }
  const { toast } = await import('sonner');
  const options = { description, ...(lasting ? { duration: Infinity } : {}) };
  if (variant === 'destructive') toast.error(title, options);
  else toast(title, options);
}
