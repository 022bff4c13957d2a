import { useStore } from '@nanostores/react';
import { $leavePrompt, UNSAVED_MESSAGE } from '../../stores/admin-unsaved';
import ConfirmDialog from '../ui/ConfirmDialog';

/** The in-app question before unsaved changes are dropped (see confirmLeave). Staying is the default. */
export default function LeavePrompt() {
  const prompt = useStore($leavePrompt);
  return (
    <ConfirmDialog
      open={!!prompt}
      title="Unsaved changes"
      message={UNSAVED_MESSAGE}
      confirmLabel="Leave without saving"
      cancelLabel="Stay"
      onConfirm={() => prompt?.answer(true)}
      onCancel={() => prompt?.answer(false)}
    />
  );
}
