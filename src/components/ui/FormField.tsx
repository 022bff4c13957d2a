import type { ReactNode } from 'react';

/** Accessibility attributes that tie a control to its error message. */
export const describedBy = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

// The public forms' and the admin's looks of the same parts.
const LOOKS = {
  site: {
    label: 'mb-1.5 block text-sm font-medium text-brand-950',
    hint: 'mt-1.5 text-xs text-ink-soft',
    error: 'mt-1.5 text-sm text-red-700',
  },
  admin: {
    label: 'block text-sm font-medium text-ink',
    hint: 'mt-1 text-xs text-ink-soft',
    error: 'mt-1 text-xs font-medium text-red-700',
  },
} as const;

/**
 * The one labelled form field, for the public forms and the admin: label (with a required star
 * or an '(optional)' note when asked), the control, then its hint and error message underneath.
 * The control ties itself to them with describedBy (ids `${id}-hint` and `${id}-error`).
 */
export default function FormField(props: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  optional?: boolean;
  look?: keyof typeof LOOKS;
  className?: string;
  children: ReactNode;
}) {
  const { id, label, error, hint, required, optional, look = 'site', className, children } = props;
  const css = LOOKS[look];
  return (
    <div className={className}>
      <label htmlFor={id} className={css.label}>
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
      {hint && (
        <p id={`${id}-hint`} className={css.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={css.error}>
          {error}
        </p>
      )}
    </div>
  );
}
