import Dialog from './Dialog';
import Button from './Button';

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
export default function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy,
  destructive = true,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} title={title} description={message} onClose={onCancel} role="alertdialog">
      <div className="flex justify-end gap-2">
        {/* Cancel comes first so it takes the initial focus: the safe choice. */}
        <Button variant="secondary" data-autofocus onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          variant={destructive ? 'danger' : 'primary'}
          onClick={onConfirm}
          busy={busy}
          busyLabel="Working..."
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
