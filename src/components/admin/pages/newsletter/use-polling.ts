import { useEffect } from 'react';

/** How often a send in progress is read again. */
export const SENDING_POLL_MS = 3000;

/** Calls `reload` every few seconds while `active` (a send in progress), and never after. */
export function usePolling(active: boolean, reload: () => Promise<unknown>): void {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void reload(), SENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [active, reload]);
}
