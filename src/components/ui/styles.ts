/** Shared Tailwind class lists of the admin UI, so every page looks and behaves alike. */
export const ui = {
  btn: 'inline-flex items-center justify-center gap-2 rounded-md px-3.5 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
  primary: 'bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600',
  secondary: 'border border-slate-300 bg-white text-ink hover:bg-slate-50 focus-visible:outline-brand-600',
  danger: 'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600',
  ghost: 'text-ink-muted hover:bg-slate-100 hover:text-ink focus-visible:outline-brand-600',
  icon: 'inline-flex h-8 w-8 items-center justify-center rounded-md text-ink-muted hover:bg-slate-100 hover:text-ink disabled:opacity-40 disabled:hover:bg-transparent',
  input:
    'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:bg-slate-100 aria-[invalid=true]:border-red-500',
  label: 'block text-sm font-medium text-ink',
  help: 'mt-1 text-xs text-ink-soft',
  error: 'mt-1 text-xs font-medium text-red-700',
  card: 'rounded-lg border border-slate-200 bg-white shadow-sm',
  h1: 'font-display text-2xl font-semibold text-ink',
} as const;

/** Joins class names, skipping empty ones. */
export const cx = (...names: (string | false | null | undefined)[]): string => names.filter(Boolean).join(' ');
