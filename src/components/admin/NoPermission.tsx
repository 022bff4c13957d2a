import { ShieldAlert } from 'lucide-react';
import { logout } from './logout';
import { cx, ui } from '../ui/styles';

/** Shown to a signed-in user without isAdmin: nothing here would work for them, so no calls are made. */
export default function NoPermission({ username }: { username: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className={cx(ui.card, 'max-w-md p-8 text-center')}>
        <ShieldAlert aria-hidden="true" className="mx-auto h-10 w-10 text-accent-600" />
        <h1 className={cx(ui.h1, 'mt-4')}>You don't have permission to manage this site</h1>
        <p className="mt-2 text-sm text-ink-muted">
          You are signed in as <strong>{username}</strong>, but this account is not an administrator. Ask an administrator
          for access, or sign in with another account.
        </p>
        <div className="mt-6 flex justify-center gap-2">
          <a href="/" className={cx(ui.btn, ui.secondary)}>
            View site
          </a>
          <button type="button" className={cx(ui.btn, ui.primary)} onClick={() => void logout()}>
            Logout
          </button>
        </div>
      </div>
    </main>
  );
}
