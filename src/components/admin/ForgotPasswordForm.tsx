import { useState, type FormEvent } from 'react';
import { apiRequest } from '../../lib/api';
import Button from '../ui/Button';
import { useAction } from '../ui/use-action';
import { useHydrated } from '../ui/use-hydrated';
import { cx, ui } from '../ui/styles';
import FormAlert from '../ui/FormAlert';

/** /forgot-password: asks for a link by username or email; the server answers the same words whatever exists. */
export default function ForgotPasswordForm() {
  const request = useAction({ fallback: 'Your request was not sent. Please try again.' });
  const { pending, error } = request;
  const [answer, setAnswer] = useState('');
  // Pre-rendered: until React takes over, a submit would be a native GET, so the button waits.
  const ready = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const login = String(new FormData(event.currentTarget).get('login') ?? '');
    await request.run(async () =>
      setAnswer(
        (await apiRequest<{ message: string }>('POST', '/api/auth/forgot-password', { login }))
          .message,
      ),
    );
  }

  if (answer) {
    return (
      <p
        role="status"
        className="rounded-md border border-brand-100 bg-brand-50 px-3 py-2.5 text-sm text-brand-900"
      >
        {answer}
      </p>
    );
  }
  return (
    <>
      <FormAlert message={error} />
      <form onSubmit={(e) => void submit(e)} method="post" className="space-y-4">
        <div>
          <label htmlFor="forgot-login" className={ui.label}>
            Username or email
          </label>
          <input
            id="forgot-login"
            name="login"
            autoComplete="username"
            required
            maxLength={254}
            disabled={pending}
            className={cx(ui.input, 'mt-1')}
          />
        </div>
        <Button
          type="submit"
          disabled={!ready}
          busy={pending}
          busyLabel="Sending..."
          className="w-full py-2.5"
        >
          Email me a link
        </Button>
      </form>
    </>
  );
}
