import { toast } from 'sonner';

/** A toast as the spec describes them: a title, an optional description, destructive for errors. */
export interface Notice {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/**
 * Shows a toast. Every island calls this; the single <Toaster> island (5 s auto-close, at most
 * 10 kept, spec §9) renders them, sharing sonner's module-level queue across islands.
 */
export function notify({ title, description, variant = 'default' }: Notice): void {
  if (variant === 'destructive') toast.error(title, { description });
  else toast(title, { description });
}
