import { useId, useState, type FormEvent } from 'react';
import { errorMessage, mutate } from '../../../lib/api';
import LoadStatus from '../../ui/LoadStatus';
import { notify } from '../../ui/toast';
import { cx, ui } from '../../ui/styles';
import { useFetch } from '../use-fetch';

interface EmailState {
  email: string | null;
  pendingEmail: string | null;
}

/** My account's email address: the verified one (where password links go) and one waiting for its link. */
export default function EmailAddress() {
  const { data, error, reload } = useFetch<EmailState>('/api/account/email');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    setProblem('');
    try {
      const answer = await mutate<EmailState & { message: string }>('POST', '/api/account/email', { email: new FormData(form).get('email') });
      form.reset();
      notify({ title: 'Check your inbox', description: answer.message });
      await reload();
    } catch (failure) {
      setProblem(errorMessage(failure, 'The address was not saved. Please try again.'));
    } finally {
      setBusy(false);
    }
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
          <strong>{data.pendingEmail}</strong> is waiting for confirmation: open the link we emailed there (it works for 24 hours).
        </p>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <form onSubmit={(e) => void save(e)} className="flex max-w-md flex-wrap items-end gap-3">
        <div className="grow">
          <label htmlFor={`${id}-email`} className={ui.label}>
            {data.email || data.pendingEmail ? 'New email address' : 'Email address'}
          </label>
          <input id={`${id}-email`} name="email" type="email" autoComplete="email" required maxLength={254} className={cx(ui.input, 'mt-1')} />
        </div>
        <button type="submit" disabled={busy} className={cx(ui.btn, ui.secondary)}>
          Send a confirmation link
        </button>
      </form>
    </div>
  );
}
