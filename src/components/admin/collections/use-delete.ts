import { useState } from 'react';
import { notify } from '../../ui/toast';
import { useAction } from '../../ui/use-action';
import { announce } from '../../../stores/admin-announce';
import { saveContent } from '../../../stores/publish';
import { isProposalAck, SENT_FOR_REVIEW } from '../../../schemas/proposal';

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
      const answer = await saveContent('DELETE', urlOf(target));
      setTarget(null);
      // A contributor's deletion waits for review: the item stays until someone approves it.
      if (isProposalAck(answer)) {
        notify({ title: 'Deletion sent for review', description: SENT_FOR_REVIEW });
        announce('Deletion sent for review');
        return;
      }
      onDeleted(target);
      notify({ title: `${what} deleted` });
      announce(`${what} deleted`);
    });
  }
  return { target, busy: deletion.pending, ask: setTarget, cancel: () => setTarget(null), confirm };
}
