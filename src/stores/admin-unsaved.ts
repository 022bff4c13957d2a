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

/** Message shared by the in-app question and (where browsers still show text) the unload prompt. */
export const UNSAVED_MESSAGE = 'You have unsaved changes. Leave without saving?';

/**
 * The question on screen while someone with unsaved changes tries to leave: its answer settles
 * the promise confirmLeave() returned. The admin shell shows it as an in-app dialog (the
 * browser's own confirm box cannot be styled, read by the admin's announcer, or tested as a page).
 */
export const $leavePrompt = atom<{ answer: (leave: boolean) => void } | null>(null);

/**
 * Resolves true when nothing is unsaved or the user agrees to drop the changes (the marks are
 * cleared then); false when they stay. A second request while one is asked waits on the same answer.
 */
let asking: Promise<boolean> | null = null;
export function confirmLeave(): Promise<boolean> {
  if ($unsaved.get().size === 0) return Promise.resolve(true);
  asking ??= new Promise<boolean>((resolve) => {
    $leavePrompt.set({
      answer: (leave) => {
        $leavePrompt.set(null);
        asking = null;
        if (leave) $unsaved.set(new Set());
        resolve(leave);
      },
    });
  });
  return asking;
}

if (typeof window !== 'undefined') {
  // Full page loads (reload, closing the tab, the 'View site' link) get the browser's own prompt.
  window.addEventListener('beforeunload', (event) => {
    if ($unsaved.get().size === 0) return;
    event.preventDefault();
    event.returnValue = UNSAVED_MESSAGE;
  });
}
