import { Copy, UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage, mutate } from '../../../lib/api';
import type { AuthPolicy, UserSummary } from '../../../schemas/account';
import { ROLE_LABELS, ROLES, type Role } from '../../../schemas/roles';
import { notify } from '../../ui/toast';
import { formatAgo, formatWhen } from '../format-time';
import PageHeader from '../PageHeader';
import ConfirmDialog from '../../ui/ConfirmDialog';
import LoadStatus from '../../ui/LoadStatus';
import { cx, ui } from '../../ui/styles';
import { useFetch } from '../use-fetch';
import UserActivity from './UserActivity';

interface UsersAnswer {
  users: UserSummary[];
  policy: AuthPolicy;
}

interface Link {
  username: string;
  url: string;
  expiresAt: string;
  /** Where the link was emailed, if anywhere. */
  emailedTo: string | null;
}

/** A link to pass on: shown once, since only its hash is stored; also the fallback when it was emailed. */
function InviteLink({ link }: { link: Link }) {
  return (
    <div role="status" className="mt-4 rounded-md border border-brand-200 bg-brand-50 p-4 text-sm">
      <p className="font-medium text-ink">
        {link.emailedTo ? `We emailed this link to ${link.emailedTo}; if it does not arrive, send it to ${link.username} yourself.` : `Send this link to ${link.username}.`} It works once, until{' '}
        {formatWhen(link.expiresAt)}, and is shown only now.
      </p>
      <div className="mt-2 flex gap-2">
        <input readOnly value={link.url} aria-label={`Invitation link for ${link.username}`} className={cx(ui.input, 'font-mono text-xs')} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className={cx(ui.btn, ui.secondary)} onClick={() => void navigator.clipboard?.writeText(link.url).then(() => notify({ title: 'Link copied' }))}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          Copy
        </button>
      </div>
    </div>
  );
}

/** Team accounts (admins only): invite, change roles, reset passwords and second factors, deactivate, delete. */
export default function UsersPage() {
  const { data, error, reload } = useFetch<UsersAnswer>('/api/admin/users');
  const [link, setLink] = useState<Link | null>(null);
  const [problem, setProblem] = useState('');
  const [deleting, setDeleting] = useState<UserSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();

  /** Runs one change; the server's message is shown on the page (e.g. the last-admin rule) and as a toast. */
  async function act(what: string, run: () => Promise<unknown>, done?: string): Promise<boolean> {
    setBusy(true);
    setProblem('');
    try {
      await run();
      if (done) notify({ title: done });
      await reload();
      return true;
    } catch (failure) {
      const message = errorMessage(failure, `${what} failed. Please try again.`);
      setProblem(message);
      notify({ title: `${what} failed`, description: message, variant: 'destructive' });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const showLink = (username: string, answer: { invitePath: string; expiresAt: string; emailedTo: string | null }) =>
    setLink({ username, url: new URL(answer.invitePath, window.location.origin).href, expiresAt: answer.expiresAt, emailedTo: answer.emailedTo });

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const username = String(fields.get('username') ?? '');
    await act('Invitation', async () => {
      showLink(username, await mutate('POST', '/api/admin/users', { username, role: fields.get('role'), email: fields.get('email') ?? '' }));
      form.reset();
    }, 'Invitation created');
  }

  const path = (u: UserSummary) => `/api/admin/users/${encodeURIComponent(u.username)}`;

  return (
    <div className="space-y-6">
      <PageHeader title="Users" description="Who can sign in, with which role. Editors manage content; admins also see messages, subscribers and users." />
      {problem && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      )}
      <section aria-labelledby={`${formId}-invite`} className={cx(ui.card, 'p-5')}>
        <h2 id={`${formId}-invite`} className="text-base font-semibold">
          Invite someone
        </h2>
        <form onSubmit={(e) => void invite(e)} className="mt-3 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${formId}-username`} className={ui.label}>
              Username
            </label>
            <input id={`${formId}-username`} name="username" required minLength={3} maxLength={64} className={cx(ui.input, 'mt-1')} />
          </div>
          <div>
            <label htmlFor={`${formId}-role`} className={ui.label}>
              Role
            </label>
            <select id={`${formId}-role`} name="role" defaultValue="editor" className={cx(ui.input, 'mt-1')}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${formId}-email`} className={ui.label}>
              Email (optional)
            </label>
            <input id={`${formId}-email`} name="email" type="email" maxLength={254} aria-describedby={`${formId}-email-help`} className={cx(ui.input, 'mt-1')} />
          </div>
          <p id={`${formId}-email-help`} className={cx(ui.help, 'basis-full')}>
            With an address, the invitation is emailed there, and the address becomes theirs once they use it.
          </p>
          <button type="submit" disabled={busy} className={cx(ui.btn, ui.primary)}>
            <UserPlus aria-hidden="true" className="h-4 w-4" />
            Create invitation link
          </button>
        </form>
        {link && <InviteLink link={link} />}
      </section>

      <LoadStatus loaded={!!data} error={error} />
      {data && (
        <section aria-label="Users" className="space-y-3">
          {data.users.map((u) => (
            <article key={u.username} className={cx(ui.card, 'p-4')} data-testid="user-row" aria-label={u.username}>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                <h2 className="min-w-32 font-medium text-ink">{u.username}</h2>
                <label className="flex items-center gap-2 text-sm">
                  <span className="text-ink-muted">Role</span>
                  <select
                    aria-label={`Role of ${u.username}`}
                    value={u.role}
                    disabled={busy}
                    className={cx(ui.input, 'w-auto py-1')}
                    onChange={(e) => void act('Role change', () => mutate('PATCH', path(u), { role: e.target.value as Role }), `${u.username} is now ${ROLE_LABELS[e.target.value as Role]}`)}
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </select>
                </label>
                <span className="text-sm text-ink-muted">{!u.active ? 'Deactivated' : u.hasPassword ? 'Active' : 'Invited (no password yet)'}</span>
                <span className="text-sm text-ink-muted">Two-factor: {u.twoFactorEnabled ? 'on' : 'off'}</span>
                <span className="text-sm text-ink-muted">{u.email ? `${u.email} (${u.emailVerified ? 'verified' : 'waiting for confirmation'})` : 'No email address'}</span>
                <span className="text-xs text-ink-soft" title={formatWhen(u.createdAt)}>
                  Created {formatAgo(u.createdAt)} · {u.lastLoginAt ? `last sign-in ${formatAgo(u.lastLoginAt)}` : 'never signed in'}
                </span>
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={busy}
                  className={cx(ui.btn, ui.secondary, 'py-1.5')}
                  onClick={() => void act('Password reset', async () => showLink(u.username, await mutate('POST', `${path(u)}/reset-password`)), `Password of ${u.username} reset`)}
                >
                  {u.hasPassword ? 'Reset password' : 'New invitation link'}
                </button>
                {u.twoFactorEnabled && (
                  <button type="button" disabled={busy} className={cx(ui.btn, ui.secondary, 'py-1.5')} onClick={() => void act('Two-factor reset', () => mutate('POST', `${path(u)}/reset-two-factor`), `Two-factor sign-in of ${u.username} reset`)}>
                    Reset two-factor
                  </button>
                )}
                <button
                  type="button"
                  disabled={busy}
                  className={cx(ui.btn, ui.secondary, 'py-1.5')}
                  onClick={() => void act(u.active ? 'Deactivation' : 'Activation', () => mutate('PATCH', path(u), { active: !u.active }), u.active ? `${u.username} deactivated` : `${u.username} activated`)}
                >
                  {u.active ? 'Deactivate' : 'Activate'}
                </button>
                <button type="button" disabled={busy} className={cx(ui.btn, ui.danger, 'py-1.5')} onClick={() => setDeleting(u)}>
                  Delete
                </button>
              </div>
              <UserActivity username={u.username} />
            </article>
          ))}
        </section>
      )}

      {data && (
        <section aria-labelledby={`${formId}-policy`} className={cx(ui.card, 'p-5')}>
          <h2 id={`${formId}-policy`} className="text-base font-semibold">
            Sign-in rules
          </h2>
          <label className="mt-3 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={data.policy.requireTwoFactorForAdmins}
              disabled={busy}
              onChange={(e) => void act('Sign-in rules', () => mutate('PUT', '/api/admin/auth-policy', { requireTwoFactorForAdmins: e.target.checked }), 'Sign-in rules saved')}
            />
            Require two-factor sign-in for every admin
          </label>
          <p className={ui.help}>Admins without it can only open My account until they set it up.</p>
        </section>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.username ?? ''}?`}
        message="They can no longer sign in. Their changes stay in the history under their name."
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => {
          const u = deleting;
          if (u) void act('Delete', () => mutate('DELETE', path(u)), `${u.username} deleted`).then(() => setDeleting(null));
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
