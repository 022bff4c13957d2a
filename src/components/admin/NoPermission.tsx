import ShieldAlert from 'lucide-react/icons/shield-exclamation-point';
import { ROLE_LABELS, type Role } from '../../schemas/roles';
import AdminLink from './AdminLink';
import { buttonClass, cx, ui } from '../ui/styles';

/**
 * Shown instead of a page the user's role cannot use (a direct link or an old bookmark): the page
 * itself is never loaded, so no call fails behind it.
 */
export default function NoPermission({
  username,
  role,
  label,
}: {
  username: string;
  role: Role;
  label: string;
}) {
  return (
    <div className={cx(ui.card, 'mx-auto mt-8 max-w-lg p-8 text-center')}>
      <ShieldAlert aria-hidden="true" className="mx-auto h-10 w-10 text-accent-600" />
      <h1 className={cx(ui.h1, 'mt-4')}>You don't have permission to open this page</h1>
      <p className="mt-2 text-sm text-ink-muted">
        You are signed in as <strong>{username}</strong> with the{' '}
        <strong>{ROLE_LABELS[role]}</strong> role, which cannot open <strong>{label}</strong>. Ask
        an admin if you need it.
      </p>
      <div className="mt-6 flex justify-center">
        <AdminLink page="index" className={buttonClass()}>
          Go to the dashboard
        </AdminLink>
      </div>
    </div>
  );
}
