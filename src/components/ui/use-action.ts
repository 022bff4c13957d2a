import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { notify } from './toast';

/** How one action reports its failure. */
export interface ActionOptions {
  /** The words of `error` when the server sends no message. */
  fallback?: string;
  /** Turns the failure into its words instead (default: the server's message, else `fallback`). */
  describe?: (failure: unknown) => string;
  /** Title of the destructive toast on failure; without one the failure only sets `error`. */
  toast?: string;
  /** The toast's description, when it differs from `error`. */
  toastDescription?: (failure: unknown) => string;
  /** Stays pending after success (or after a success this says leaves): the page is about to go, so its buttons stay off. */
  keepPending?: boolean | (() => boolean);
  /** Runs after a failure is reported (e.g. to put back an optimistic change). */
  onFailure?: (failure: unknown) => void;
}

const DEFAULT_FALLBACK = 'That did not work. Please try again.';

/**
 * One request the user started, with what every such button needs: `pending` while it runs
 * (with the `key` of what it runs for, when a list has one button per row), the failure's words
 * as `error` (cleared when the next run starts), and a destructive toast when asked. `run`
 * resolves to whether the work succeeded; it never throws.
 */
export function useAction(defaults: ActionOptions = {}) {
  const [running, setRunning] = useState<{ key: string } | null>(null);
  const [error, setError] = useState('');

  async function run(
    work: () => Promise<unknown>,
    options: ActionOptions & { key?: string } = {},
  ): Promise<boolean> {
    const { key = '', ...own } = options;
    const o = { ...defaults, ...own };
    setRunning({ key });
    setError('');
    try {
      await work();
      const leaving = typeof o.keepPending === 'function' ? o.keepPending() : o.keepPending;
      if (!leaving) setRunning(null);
      return true;
    } catch (failure) {
      const message = o.describe
        ? o.describe(failure)
        : errorMessage(failure, o.fallback ?? DEFAULT_FALLBACK);
      setError(message);
      if (o.toast)
        void notify({
          title: o.toast,
          description: o.toastDescription ? o.toastDescription(failure) : message,
          variant: 'destructive',
        });
      o.onFailure?.(failure);
      setRunning(null);
      return false;
    }
  }

  return {
    /** True while a run is on its way. */
    pending: running !== null,
    /** Whether the run on its way is the one for `key`. */
    pendingFor: (key: string) => running?.key === key,
    /** The last failure's words ('' when none). */
    error,
    /** Shows a problem found before sending anything (or clears it with ''). */
    setError,
    run,
  };
}
