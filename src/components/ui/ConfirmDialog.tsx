import Dialog from './Dialog';
import { cx, ui } from './styles';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The safe choice's words (default 'Cancel'). */
  cancelLabel?: string;
  busy?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question before something that cannot be undone in place (delete, restore). */
export default function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel = 'Cancel', busy, destructive = true, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog open={open} title={title} description={message} onClose={onCancel} role="alertdialog">
      <div className="flex justify-end gap-2">
        {/* Cancel comes first so it takes the initial focus: the safe choice. */}
        <button type="button" data-autofocus className={cx(ui.btn, ui.secondary)} onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className={cx(ui.btn, destructive ? ui.danger : ui.primary)} onClick={onConfirm} disabled={busy}>
          {busy ? 'Working...' : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
