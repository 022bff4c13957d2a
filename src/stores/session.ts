import { atom, onMount } from 'nanostores';
import { apiRequest, ApiError } from '../lib/api';

/** Who is signed in (spec §4 Auth): loading, then a user or null. */
export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: { id: string; username: string; isAdmin: boolean; isAuthenticated: true } }
  | { status: 'error'; message: string };

/** The session, shared by every island; fetched once from /api/auth/me when first used. */
export const $session = atom<SessionState>({ status: 'loading' });

/** Re-reads /api/auth/me: 401 means signed out, any other failure is an error (no retry). */
export async function refreshSession(): Promise<SessionState> {
  try {
    const user = await apiRequest<Extract<SessionState, { status: 'signed-in' }>['user']>('GET', '/api/auth/me');
    $session.set({ status: 'signed-in', user });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) $session.set({ status: 'signed-out' });
    else $session.set({ status: 'error', message: 'Failed to check authentication' });
  }
  return $session.get();
}

onMount($session, () => {
  if ($session.get().status === 'loading') void refreshSession();
});
