import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { buttonClass, cx, type ButtonLook, type ButtonVariant } from './styles';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  look?: ButtonLook;
  size?: 'md' | 'sm';
  /** While true the button is off and says `busyLabel` (when given) instead of its label. */
  busy?: boolean;
  busyLabel?: ReactNode;
  /** Shows a spinning ring while busy. */
  spinner?: boolean;
};

/**
 * The one button of the site and the admin: type="button" unless told otherwise, its look from
 * styles.ts, and a busy state that turns it off while its request runs.
 */
export default function Button({
  variant = 'primary',
  look = 'admin',
  size = 'md',
  busy = false,
  busyLabel,
  spinner = false,
  className,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const onDark = variant === 'primary' || variant === 'danger';
  return (
    <button
      type={type}
      className={buttonClass({ variant, look, size }, className)}
      disabled={disabled || busy}
      {...rest}
    >
      {busy && spinner && (
        <span
          aria-hidden="true"
          className={cx(
            'size-4 animate-spin rounded-full border-2',
            onDark ? 'border-white/40 border-t-white' : 'border-slate-300 border-t-brand-600',
          )}
        />
      )}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
