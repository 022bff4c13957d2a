import { useEffect, useState, type FormEvent } from 'react';
import { apiRequest, errorMessage } from '../../lib/api';
import Button from '../ui/Button';
import { useAction } from '../ui/use-action';
import { flashNext } from './flash';
import { cx, ui } from '../ui/styles';
import FormAlert from '../ui/FormAlert';

type Kind = 'invite' | 'reset' | 'forgot';
type State =
  | { status: 'loading' }
  | { status: 'invalid'; message: string }
  | { status: 'ready'; username: string; kind: Kind };

// The token travels in the address's fragment, which browsers never send to a server or in a Referer.
const token = () => decodeURIComponent(window.location.hash.slice(1));

/** The invitation page: the invited user (or one whose password was reset, or who asked for a link) sets a password, once. */
export default function AcceptInvitation() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const accept = useAction({ fallback: 'Your password was not set. Please try again.' });
  const { pending, error } = accept;

  useEffect(() => {
    apiRequest<{ username: string; kind: Kind }>(
      'GET',
      `/api/auth/invitations/${encodeURIComponent(token() || 'none')}`,
    )
      .then((i) => setState({ status: 'ready', ...i }))
      .catch((failure: unknown) =>
        setState({ status: 'invalid', message: errorMessage(failure, 'This link is not valid.') }),
      );
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    if (password !== String(data.get('confirm') ?? '')) {
      accept.setError('The two passwords are not the same');
      return;
    }
    // The page leaves on success: the form stays off until it has.
    await accept.run(
      async () => {
        await apiRequest('POST', `/api/auth/invitations/${encodeURIComponent(token())}/accept`, {
          password,
        });
        // Setting it ended every session: signing in (with the second factor, if on) comes next.
        flashNext({ title: 'Password set', description: 'Sign in with your new password.' });
        window.location.assign('/login');
      },
      { keepPending: true },
    );
  }

  if (state.status === 'loading')
    return <p className="text-sm text-ink-muted">Checking your link...</p>;
  if (state.status === 'invalid') {
    return (
      <p role="alert" className="text-sm text-red-800">
        {state.message}
      </p>
    );
  }
  return (
    <>
      <p className="mb-4 text-sm text-ink-muted">
        {state.kind === 'invite' ? 'Welcome' : 'Welcome back'},{' '}
        <strong className="text-ink">{state.username}</strong>. Choose a password of at least 12
        characters.
      </p>
      <FormAlert message={error} />
      <form onSubmit={(e) => void submit(e)} className="space-y-4">
        <input type="hidden" name="username" autoComplete="username" value={state.username} />
        <div>
          <label htmlFor="invite-password" className={ui.label}>
            New password
          </label>
          <input
            id="invite-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            disabled={pending}
            className={cx(ui.input, 'mt-1')}
          />
        </div>
        <div>
          <label htmlFor="invite-confirm" className={ui.label}>
            Repeat the password
          </label>
          <input
            id="invite-confirm"
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            disabled={pending}
            className={cx(ui.input, 'mt-1')}
          />
        </div>
        <Button type="submit" busy={pending} busyLabel="Saving..." className="w-full py-2.5">
          Set password
        </Button>
      </form>
    </>
  );
}
