import type { ReactNode } from 'react';

/** Shared look of text inputs, selects and textareas in the site's forms. */
export const INPUT =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-ink shadow-sm transition placeholder:text-ink-soft focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-[invalid=true]:border-red-600 disabled:opacity-60';

/** Accessibility attributes that tie a control to its error message. */
export const describedBy = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/**
 * The one labelled form field of the public forms: label (with a required star or an
 * '(optional)' note when asked), the control, then a hint or the error message underneath.
 * The control ties itself to them with describedBy (or aria-describedby `${id}-hint`).
 */
export default function FormField(props: { id: string; label: string; error?: string; hint?: string; required?: boolean; optional?: boolean; children: ReactNode }) {
  const { id, label, error, hint, required, optional, children } = props;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-brand-950">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
        {optional && <span className="font-normal text-ink-soft"> (optional)</span>}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-ink-soft">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
