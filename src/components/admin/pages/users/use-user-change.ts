import { notify } from '../../../ui/toast';
import { useAction } from '../../../ui/use-action';

/**
 * Runs the users page's changes one at a time: while one runs every control waits, the server's
 * message (e.g. the last-admin rule) shows on the page and as a toast, and the list reloads after
 * each success.
 */
export function useUserChange(reload: () => Promise<void>) {
  const action = useAction();
  /** Runs `work` as `what` ('Role change'); toasts `done` and reloads when it succeeds. */
  const change = (what: string, work: () => Promise<unknown>, done?: string): Promise<boolean> =>
    action.run(
      async () => {
        await work();
        if (done) notify({ title: done });
        await reload();
      },
      { fallback: `${what} failed. Please try again.`, toast: `${what} failed` },
    );
  return { busy: action.pending, problem: action.error, change };
}

/** The users page's one way to run a change (see useUserChange). */
export type UserChange = ReturnType<typeof useUserChange>['change'];
