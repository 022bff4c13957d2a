import { useEffect, useId } from 'react';
import { setUnsaved } from '../../../stores/admin-unsaved';

/** Registers an editor's unsaved state, so leaving the page (or the app) asks first. */
export function useUnsaved(dirty: boolean): void {
  const key = useId();
  useEffect(() => {
    setUnsaved(key, dirty);
  }, [key, dirty]);
  useEffect(() => () => setUnsaved(key, false), [key]);
}
