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

/** A labelled form field with its error message underneath. */
export default function FormField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-brand-950">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
