import { notify, type Notice } from '../ui/toast';

const KEY = 'admin-flash';

/** Keeps a toast for the next page, for messages that precede a full page load (login, logout). */
export function flashNext(notice: Notice): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(notice));
  } catch {
    // Storage can be unavailable (private mode); the toast is then only shown before leaving.
  }
}

/** Shows (once) the toast a previous page kept for this one. */
export function showFlash(): void {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return;
    sessionStorage.removeItem(KEY);
    const notice = JSON.parse(raw) as Notice;
    if (notice && typeof notice.title === 'string') notify(notice);
  } catch {
    // A damaged entry is simply dropped.
  }
}
