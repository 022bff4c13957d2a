import { useState } from 'react';
import { notify } from '../../ui/toast';
import { useAction } from '../../ui/use-action';
import { announce } from '../../../stores/admin-announce';
import { saveContent } from '../../../stores/publish';

/**
 * A delete behind a confirmation dialog: `ask(target)` opens it, `confirm()` sends the DELETE and
 * calls `onDeleted`. Used by every list in the admin.
 */
export function useConfirmedDelete<T>(
  urlOf: (target: T) => string,
  onDeleted: (target: T) => void,
  what = 'Item',
) {
  const [target, setTarget] = useState<T | null>(null);
  const deletion = useAction({ toast: 'Not deleted', fallback: 'The item could not be deleted.' });
  async function confirm() {
    if (target === null) return;
    await deletion.run(async () => {
      await saveContent('DELETE', urlOf(target));
      onDeleted(target);
      notify({ title: `${what} deleted` });
      announce(`${what} deleted`);
      setTarget(null);
    });
  }
  return { target, busy: deletion.pending, ask: setTarget, cancel: () => setTarget(null), confirm };
}
