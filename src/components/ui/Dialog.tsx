import X from 'lucide-react/icons/x';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cx } from './styles';

interface DialogProps {
  open: boolean;
  title: string;
  description?: string;
  /** Called on Escape, the close button or a backdrop click; the caller decides whether to close. */
  onClose: () => void;
  children: ReactNode;
  /** 'panel' slides in from the right (long forms); 'modal' is centred (confirmations). */
  variant?: 'modal' | 'panel';
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal dialog on the native <dialog> element: showModal() makes the page behind inert (a real
 * focus trap), Escape is routed to onClose, and focus returns to where it was on close.
 */
export default function Dialog({
  open,
  title,
  description,
  onClose,
  children,
  variant = 'modal',
  role = 'dialog',
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      // showModal focuses the first control (the close button); prefer the one the content marks.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      returnTo.current?.focus?.();
    }
  }, [open]);

  // Unmounting while open (e.g. leaving the page) must also give focus back.
  useEffect(() => () => returnTo.current?.focus?.(), []);

  return (
    // A click on the backdrop closes, as Escape (onCancel) does for the keyboard.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      onCancel={(e) => {
        // Escape: let the owner decide (it may ask about unsaved changes).
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      className={cx(
        'm-0 max-h-none max-w-none bg-transparent p-0 backdrop:bg-slate-900/50',
        variant === 'panel'
          ? 'ml-auto h-full w-full sm:w-[36rem]'
          : 'mx-auto mt-[12vh] w-[calc(100%-2rem)] max-w-md',
      )}
    >
      {open && (
        <div
          className={cx(
            'flex flex-col bg-white shadow-xl',
            variant === 'panel' ? 'h-full' : 'rounded-lg',
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div>
              <h2 id={titleId} className="text-lg font-semibold text-ink">
                {title}
              </h2>
              {description && (
                <p id={descId} className="mt-1 text-sm text-ink-muted">
                  {description}
                </p>
              )}
            </div>
            <button
              type="button"
              onClick={onClose}
              className="rounded p-1 text-ink-muted hover:bg-slate-100"
              aria-label="Close"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </button>
          </div>
          <div className={cx('px-5 py-4', variant === 'panel' && 'flex-1 overflow-y-auto')}>
            {children}
          </div>
        </div>
      )}
    </dialog>
  );
}
