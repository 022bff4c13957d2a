/** Shared Tailwind class lists of the site's and the admin's controls, so every page looks and behaves alike. */

// The one look of text inputs, selects and textareas: the admin's are compact, the public forms' roomier.
const control =
  'block w-full border border-slate-300 bg-white text-ink shadow-sm transition placeholder:text-ink-soft focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-red-600';

export const ui = {
  // Buttons fade their colours on hover but switch opacity at once: a button that fades in from its
  // disabled look when the page becomes ready is, for a moment, white text on a washed-out colour.
  btn: 'inline-flex items-center justify-center gap-2 rounded-md px-3.5 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
  primary: 'bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600',
  secondary:
    'border border-slate-300 bg-white text-ink hover:bg-slate-50 focus-visible:outline-brand-600',
  danger: 'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600',
  ghost: 'text-ink-muted hover:bg-slate-100 hover:text-ink focus-visible:outline-brand-600',
  icon: 'inline-flex h-8 w-8 items-center justify-center rounded-md text-ink-muted hover:bg-slate-100 hover:text-ink disabled:opacity-40 disabled:hover:bg-transparent',
  /** A text input, select or textarea in the admin. */
  input: `${control} rounded-md px-3 py-2 text-sm`,
  /** The same control in the public forms: larger text and touch target. */
  siteInput: `${control} rounded-lg px-3.5 py-2.5`,
  label: 'block text-sm font-medium text-ink',
  help: 'mt-1 text-xs text-ink-soft',
  error: 'mt-1 text-xs font-medium text-red-700',
  card: 'rounded-lg border border-slate-200 bg-white shadow-sm',
  h1: 'font-display text-2xl font-semibold text-ink',
} as const;

/** Joins class names, skipping empty ones. */
export const cx = (...names: (string | false | null | undefined)[]): string =>
  names.filter(Boolean).join(' ');

/** What a button does, by colour: the main action, a side one, a destructive one, a quiet one, the newsletter's. */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'accent';
/** The admin's compact buttons or the public pages' larger ones (44 px touch target). */
export type ButtonLook = 'admin' | 'site';

const BUTTONS: Record<ButtonLook, { base: string } & Partial<Record<ButtonVariant, string>>> = {
  admin: {
    base: ui.btn,
    primary: ui.primary,
    secondary: ui.secondary,
    danger: ui.danger,
    ghost: ui.ghost,
  },
  site: {
    base: 'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-6 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70',
    primary: 'bg-brand-700 font-semibold text-white shadow-sm hover:bg-brand-800',
    secondary: 'border border-slate-300 bg-white font-medium text-ink hover:bg-slate-50',
    accent: 'bg-accent-400 font-semibold text-brand-950 shadow-sm hover:bg-accent-500',
  },
};

/** The classes of a button (or of a link that looks like one). `sm` is the admin's slimmer row button. */
export function buttonClass(
  {
    variant = 'primary',
    look = 'admin',
    size = 'md',
  }: { variant?: ButtonVariant; look?: ButtonLook; size?: 'md' | 'sm' } = {},
  className?: string,
): string {
  const looks = BUTTONS[look];
  return cx(looks.base, looks[variant] ?? looks.primary, size === 'sm' && 'py-1.5', className);
}
