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

/** Whether `target` is in an open picker or menu, which handles its own Escape. */
function insidePicker(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('[aria-expanded="true"], [role="listbox"], [role="menu"]') !== null
  );
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

  // A backdrop click is one that starts and ends outside the dialog's own box: the drawer's
  // scroll bar, or a text selection dragged out of a field, is inside it or starts there.
  const pressedOutside = useRef(false);
  const outside = (e: { clientX: number; clientY: number; target: EventTarget | null }) => {
    const dialog = ref.current;
    if (!dialog || e.target !== dialog) return false;
    const box = dialog.getBoundingClientRect();
    return (
      e.clientX < box.left || e.clientX > box.right || e.clientY < box.top || e.clientY > box.bottom
    );
  };

  return (
    // A click on the backdrop closes, as Escape (onCancel) does for the keyboard.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      onKeyDown={(e) => {
        // Escape in a nested picker or menu is that control's: it closes the picker, not the
        // dialog. Cancelling the key stops the browser from turning it into the dialog's cancel.
        if (e.key === 'Escape' && (e.defaultPrevented || insidePicker(e.target))) {
          e.preventDefault();
        }
      }}
      onCancel={(e) => {
        // `cancel` bubbles: a file input whose picker was dismissed fires one too. Only the
        // dialog's own (Escape with focus in the dialog) asks to close.
        if (e.target !== e.currentTarget) return;
        // Let the owner decide (it may ask about unsaved changes).
        e.preventDefault();
        onClose();
      }}
      onPointerDown={(e) => {
        pressedOutside.current = outside(e);
      }}
      onClick={(e) => {
        if (pressedOutside.current && outside(e)) onClose();
        pressedOutside.current = false;
      }}
      className={cx(
        'bg-transparent p-0 backdrop:bg-slate-900/50',
        // A panel is a full-height drawer on the right; a modal is a centred box, never a strip
        // (the reset stylesheet zeroes the browser's own `margin: auto`, so it is set again).
        variant === 'panel'
          ? 'm-0 ml-auto h-full max-h-none w-full max-w-none sm:w-[36rem]'
          : 'm-auto h-fit w-[calc(100%-2rem)] max-w-md',
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
