import { mutate } from '../../lib/api';
import { notify } from '../ui/toast';
import { $session } from '../../stores/session';
import { flashNext } from './flash';

/** Signs out: clears the session, toasts 'Logged out' and goes to /login. */
export async function logout(): Promise<void> {
  try {
    await mutate('POST', '/api/auth/logout');
  } catch {
    notify({
      title: 'Logout failed',
      description: 'There was an error logging out.',
      variant: 'destructive',
    });
    return;
  }
  notify({ title: 'Logged out' });
  flashNext({ title: 'Logged out' });
  // Clearing the session is enough: the admin app's guard then replaces the page with /login.
  $session.set({ status: 'signed-out', loggedOut: true });
}
