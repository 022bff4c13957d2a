import { atom } from 'nanostores';

/** The latest message for screen readers (the admin shell renders it in a polite live region). */
export const $announcement = atom<{ text: string; at: number }>({ text: '', at: 0 });

/** Announces a status change such as 'Saved' to assistive technology. */
export function announce(text: string): void {
  $announcement.set({ text, at: Date.now() });
}
