import { mutate } from '../../../../lib/api';
import type { UserSummary } from '../../../../schemas/account';
import { ROLE_LABELS, type Role } from '../../../../schemas/roles';
import Button from '../../../ui/Button';
import { cx, ui } from '../../../ui/styles';
import { formatAgo, formatWhen } from '../../format-time';
import UserActivity from './UserActivity';
import { toLink, type Link, type LinkAnswer } from './InviteLink';
import RoleOptions from './RoleOptions';
import type { UserChange } from './use-user-change';

/** The API address of one user. */
export const userPath = (u: UserSummary) => `/api/admin/users/${encodeURIComponent(u.username)}`;

interface UserCardProps {
  user: UserSummary;
  change: UserChange;
  busy: boolean;
  onLink: (link: Link) => void;
  onDelete: () => void;
}

/** One team account: its role, state and sign-in facts, the admin's actions on it, and its recent activity. */
export default function UserCard({ user: u, change, busy, onLink, onDelete }: UserCardProps) {
  const path = userPath(u);
  return (
    <article className={cx(ui.card, 'p-4')} data-testid="user-row" aria-label={u.username}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h2 className="min-w-32 font-medium text-ink">{u.username}</h2>
        <label className="flex items-center gap-2 text-sm">
          <span className="text-ink-muted">Role</span>
          <select
            aria-label={`Role of ${u.username}`}
            value={u.role}
            disabled={busy}
            className={cx(ui.input, 'w-auto py-1')}
            onChange={(e) =>
              void change(
                'Role change',
                () => mutate('PATCH', path, { role: e.target.value as Role }),
                `${u.username} is now ${ROLE_LABELS[e.target.value as Role]}`,
              )
            }
          >
            <RoleOptions />
          </select>
        </label>
        <span className="text-sm text-ink-muted">
          {!u.active ? 'Deactivated' : u.hasPassword ? 'Active' : 'Invited (no password yet)'}
        </span>
        <span className="text-sm text-ink-muted">
          Two-factor: {u.twoFactorEnabled ? 'on' : 'off'}
        </span>
        <span className="text-sm text-ink-muted">
          {u.email
            ? `${u.email} (${u.emailVerified ? 'verified' : 'waiting for confirmation'})`
            : 'No email address'}
        </span>
        <span className="text-xs text-ink-soft" title={formatWhen(u.createdAt)}>
          Created {formatAgo(u.createdAt)} ·{' '}
          {u.lastLoginAt ? `last sign-in ${formatAgo(u.lastLoginAt)}` : 'never signed in'}
        </span>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={() =>
            void change(
              'Password reset',
              async () =>
                onLink(
                  toLink(u.username, await mutate<LinkAnswer>('POST', `${path}/reset-password`)),
                ),
              `Password of ${u.username} reset`,
            )
          }
        >
          {u.hasPassword ? 'Reset password' : 'New invitation link'}
        </Button>
        {u.twoFactorEnabled && (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() =>
              void change(
                'Two-factor reset',
                () => mutate('POST', `${path}/reset-two-factor`),
                `Two-factor sign-in of ${u.username} reset`,
              )
            }
          >
            Reset two-factor
          </Button>
        )}
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={() =>
            void change(
              u.active ? 'Deactivation' : 'Activation',
              () => mutate('PATCH', path, { active: !u.active }),
              u.active ? `${u.username} deactivated` : `${u.username} activated`,
            )
          }
        >
          {u.active ? 'Deactivate' : 'Activate'}
        </Button>
        <Button variant="danger" size="sm" disabled={busy} onClick={onDelete}>
          Delete
        </Button>
      </div>
      <UserActivity username={u.username} />
    </article>
  );
}
