import { session } from '../../lib/safe-storage';
import { notify, type Notice } from '../ui/toast';

const KEY = 'admin-flash';

/** Keeps a toast for the next page, for messages that precede a full page load (login, logout). */
export function flashNext(notice: Notice): void {
  // Without storage (private mode) the toast is only shown before leaving.
  session.set(KEY, JSON.stringify(notice));
}

/** Shows (once) the toast a previous page kept for this one. */
export function showFlash(): void {
  const raw = session.get(KEY);
  if (!raw) return;
  session.remove(KEY);
  try {
    const notice = JSON.parse(raw) as Notice;
    if (notice && typeof notice.title === 'string') notify(notice);
  } catch {
    // A damaged entry is simply dropped.
  }
}
