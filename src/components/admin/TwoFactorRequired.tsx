import ShieldCheck from 'lucide-react/icons/shield-check';
import AdminLink from './AdminLink';
import { buttonClass, cx, ui } from '../ui/styles';

/** Shown to an admin without a second factor while the site requires one: the server refuses everything else. */
export default function TwoFactorRequired() {
  return (
    <div className={cx(ui.card, 'mx-auto mt-8 max-w-lg p-8 text-center')}>
      <ShieldCheck aria-hidden="true" className="mx-auto h-10 w-10 text-brand-600" />
      <h1 className={cx(ui.h1, 'mt-4')}>Set up two-factor sign-in first</h1>
      <p className="mt-2 text-sm text-ink-muted">
        This site requires two-factor sign-in for every admin. It takes a minute with an
        authenticator app.
      </p>
      <div className="mt-6 flex justify-center">
        <AdminLink page="account" className={buttonClass()}>
          Set it up in My account
        </AdminLink>
      </div>
    </div>
  );
}
