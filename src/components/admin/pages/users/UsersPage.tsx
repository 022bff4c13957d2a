import { useState } from 'react';
import { mutate } from '../../../../lib/api';
import type { AuthPolicy, UserSummary } from '../../../../schemas/account';
import ConfirmDialog from '../../../ui/ConfirmDialog';
import LoadStatus from '../../../ui/LoadStatus';
import PageHeader from '../../PageHeader';
import { useFetch } from '../../use-fetch';
import InviteForm from './InviteForm';
import type { Link } from './InviteLink';
import SignInRules from './SignInRules';
import { useUserChange } from './use-user-change';
import UserCard, { userPath } from './UserCard';

/** Team accounts (admins only): invite, change roles, reset passwords and second factors, deactivate, delete. */
export default function UsersPage() {
  const { data, error, reload } = useFetch<{ users: UserSummary[]; policy: AuthPolicy }>(
    '/api/admin/users',
  );
  const [link, setLink] = useState<Link | null>(null);
  const [deleting, setDeleting] = useState<UserSummary | null>(null);
  const { busy, problem, change } = useUserChange(reload);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Users"
        description="Who can sign in, with which role. Editors manage content; admins also see messages, subscribers and users."
      />
      {problem && (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {problem}
        </p>
      )}
      <InviteForm change={change} busy={busy} link={link} onLink={setLink} />

      <LoadStatus loaded={!!data} error={error} />
      {data && (
        <section aria-label="Users" className="space-y-3">
          {data.users.map((u) => (
            <UserCard
              key={u.username}
              user={u}
              change={change}
              busy={busy}
              onLink={setLink}
              onDelete={() => setDeleting(u)}
            />
          ))}
        </section>
      )}

      {data && <SignInRules policy={data.policy} change={change} busy={busy} />}

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.username ?? ''}?`}
        message="They can no longer sign in. Their changes stay in the history under their name."
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => {
          const u = deleting;
          if (u)
            void change(
              'Delete',
              () => mutate('DELETE', userPath(u)),
              `${u.username} deleted`,
            ).then(() => setDeleting(null));
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
