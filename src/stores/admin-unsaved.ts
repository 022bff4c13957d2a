import { atom } from 'nanostores';

/** Keys of the editors that currently hold unsaved changes. */
export const $unsaved = atom<ReadonlySet<string>>(new Set());

/** Marks one editor (by key) as holding unsaved changes, or not. */
export function setUnsaved(key: string, dirty: boolean): void {
  const current = $unsaved.get();
  if (current.has(key) === dirty) return;
  const next = new Set(current);
  if (dirty) next.add(key);
  else next.delete(key);
  $unsaved.set(next);
}

/** Message shared by the in-app confirm and (where browsers still show text) the unload prompt. */
export const UNSAVED_MESSAGE = 'You have unsaved changes. Leave without saving?';

/** True when nothing is unsaved or the user agrees to drop the changes; clears the marks then. */
export function confirmLeave(): boolean {
  if ($unsaved.get().size === 0) return true;
  if (!window.confirm(UNSAVED_MESSAGE)) return false;
  $unsaved.set(new Set());
  return true;
}

if (typeof window !== 'undefined') {
  // Full page loads (reload, closing the tab, the 'View site' link) get the browser's own prompt.
  window.addEventListener('beforeunload', (event) => {
    if ($unsaved.get().size === 0) return;
    event.preventDefault();
    event.returnValue = UNSAVED_MESSAGE;
  });
}
