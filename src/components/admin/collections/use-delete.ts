import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../ui/toast';
import { announce } from '../../../stores/admin-announce';
import { saveContent } from '../../../stores/publish';

/**
 * A delete behind a confirmation dialog: `ask(target)` opens it, `confirm()` sends the DELETE and
 * calls `onDeleted`. Used by every list in the admin.
 */
export function useConfirmedDelete<T>(urlOf: (target: T) => string, onDeleted: (target: T) => void, what = 'Item') {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (target === null) return;
    setBusy(true);
    try {
      await saveContent('DELETE', urlOf(target));
      onDeleted(target);
      notify({ title: `${what} deleted` });
      announce(`${what} deleted`);
      setTarget(null);
    } catch (error) {
      notify({ title: 'Not deleted', description: errorMessage(error, 'The item could not be deleted.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return { target, busy, ask: setTarget, cancel: () => setTarget(null), confirm };
}
