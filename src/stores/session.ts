import { atom, onMount } from 'nanostores';
import { apiRequest, ApiError } from '../lib/api';
import { maySignedIn } from '../lib/signed-in-hint';
import type { CurrentUser } from '../schemas/user';

/** Who is signed in: loading, then a user or null. */
export type SessionState =
  | { status: 'loading' }
  /** `loggedOut`: the user chose to sign out (nothing to come back to after the next sign-in). */
  | { status: 'signed-out'; loggedOut?: boolean }
  | { status: 'signed-in'; user: CurrentUser }
  | { status: 'error'; message: string };

/** The session, shared by every island; fetched once from /api/auth/me when first used. */
export const $session = atom<SessionState>({ status: 'loading' });

/**
 * Re-reads /api/auth/me: 401 means signed out, any other failure is an error (no retry).
 * Without the signed-in hint there is no session to ask about, so visitors make no call.
 */
export async function refreshSession(): Promise<SessionState> {
  if (!maySignedIn()) {
    $session.set({ status: 'signed-out' });
    return $session.get();
  }
  try {
    const user = await apiRequest<CurrentUser>('GET', '/api/auth/me');
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
