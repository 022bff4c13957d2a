import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React renders the pre-built HTML (and during hydration), true from the next render
 * on: for islands whose first render must match the server's, then show browser-only state.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
