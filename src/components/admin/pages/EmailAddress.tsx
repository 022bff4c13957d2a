import { useId, type FormEvent } from 'react';
import { mutate } from '../../../lib/api';
import Button from '../../ui/Button';
import LoadStatus from '../../ui/LoadStatus';
import { notify } from '../../ui/toast';
import { cx, ui } from '../../ui/styles';
import { useAction } from '../../ui/use-action';
import { useFetch } from '../use-fetch';

interface EmailState {
  email: string | null;
  pendingEmail: string | null;
}

/** My account's email address: the verified one (where password links go) and one waiting for its link. */
export default function EmailAddress() {
  const { data, error, reload } = useFetch<EmailState>('/api/account/email');
  const saving = useAction({ fallback: 'The address was not saved. Please try again.' });
  const problem = saving.error;
  const id = useId();

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    void saving.run(async () => {
      const answer = await mutate<EmailState & { message: string }>('POST', '/api/account/email', {
        email: new FormData(form).get('email'),
      });
      form.reset();
      notify({ title: 'Check your inbox', description: answer.message });
      await reload();
    });
  }

  if (!data) return <LoadStatus loaded={false} error={error} />;
  return (
    <div className="space-y-3">
      <p className="text-sm text-ink" data-testid="email-state">
        {data.email ? (
          <>
            <strong>{data.email}</strong> (verified): password reset links are sent there.
          </>
        ) : (
          'No verified address: "Forgot your password?" cannot reach you, so only an admin can reset your password.'
        )}
      </p>
      {data.pendingEmail && (
        <p role="status" className="text-sm text-ink-muted" data-testid="email-pending">
          <strong>{data.pendingEmail}</strong> is waiting for confirmation: open the link we emailed
          there (it works for 24 hours).
        </p>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <form onSubmit={save} className="flex max-w-md flex-wrap items-end gap-3">
        <div className="grow">
          <label htmlFor={`${id}-email`} className={ui.label}>
            {data.email || data.pendingEmail ? 'New email address' : 'Email address'}
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            className={cx(ui.input, 'mt-1')}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={saving.pending}>
          Send a confirmation link
        </Button>
      </form>
    </div>
  );
}
