import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import type { SetupAnswer } from '../../schemas/setup';
import Button from '../ui/Button';
import FormField, { describedBy } from '../ui/FormField';
import { cx, ui } from '../ui/styles';
import { useAction } from '../ui/use-action';
import { useHydrated } from '../ui/use-hydrated';
import { flashNext } from './flash';
import FormAlert from '../ui/FormAlert';

type Mode = 'setup' | 'recover';
type Door = 'checking' | 'open' | 'closed' | 'unreachable';

const ENDPOINT: Record<Mode, string> = { setup: '/api/setup', recover: '/api/setup/recover' };

/**
 * /setup: the first admin (setup code, username, email, password), or with ?recover the recovery
 * form (recovery code, username, new password). The page is static: the API says whether the door
 * is open, and once the site has a user the setup form is replaced by a "not available" state.
 */
export default function SetupForm() {
  // Which form the address asked for, and whether the API has it open: known together.
  const [{ mode, door }, setState] = useState<{ mode: Mode; door: Door }>({
    mode: 'setup',
    door: 'checking',
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const action = useAction({
    describe: (f) => errorMessage(f, 'Network error - please try again'),
  });
  const ready = useHydrated();
  const errorId = useId();

  useEffect(() => {
    const asked: Mode = new URLSearchParams(window.location.search).has('recover')
      ? 'recover'
      : 'setup';
    apiRequest('GET', ENDPOINT[asked]).then(
      () => setState({ mode: asked, door: 'open' }),
      (failure: unknown) =>
        setState({
          mode: asked,
          door: failure instanceof ApiError && failure.status === 404 ? 'closed' : 'unreachable',
        }),
    );
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setFields({});
    await action.run(
      async () => {
        try {
          const answer = await apiRequest<SetupAnswer>('POST', ENDPOINT[mode], data);
          flashNext({
            title: mode === 'setup' ? 'Your site is set up' : 'You are back in',
            description: `${answer.message} Next: turn on two-factor sign-in below.`,
          });
          // My account holds the two-factor enrolment: the next step for a new admin.
          window.location.assign('/admin/account');
        } catch (failure) {
          if (failure instanceof ApiError) setFields(failure.body?.fields ?? {});
          throw failure;
        }
      },
      { keepPending: true },
    );
  }

  if (door === 'checking') return <p className="text-sm text-ink-muted">Checking this site…</p>;
  if (door === 'unreachable')
    return (
      <p role="alert" className="text-sm text-red-800">
        The site could not be reached. Reload the page to try again.
      </p>
    );
  if (door === 'closed')
    return (
      <div data-testid="setup-closed" className="space-y-3 text-sm text-ink">
        <p className="font-medium">
          {mode === 'setup'
            ? 'Not available: this site is set up already.'
            : 'Not available: recovery is not turned on for this site.'}
        </p>
        <p className="text-ink-muted">
          {mode === 'setup'
            ? 'Sign in with your account. An admin who is locked out can use the recovery code, once RECOVERY_CODE is set in the site’s environment variables on Netlify.'
            : 'Set RECOVERY_CODE in the site’s environment variables on Netlify and deploy again; then come back here.'}
        </p>
        <p className="flex gap-4">
          <a href="/login" className="text-brand-700 underline">
            Sign in
          </a>
          {mode === 'setup' && (
            <a href="/setup?recover" className="text-brand-700 underline">
              Use the recovery code
            </a>
          )}
        </p>
      </div>
    );

  const { pending, error } = action;
  return (
    <>
      <p className="mb-5 text-sm text-ink-muted">
        {mode === 'setup'
          ? 'Create the first admin. The setup code is in the log of the site’s latest deploy on Netlify (or is the SETUP_CODE you set).'
          : 'Enter the RECOVERY_CODE from the site’s environment variables. An existing account gets this new password and two-factor sign-in turned off; a new name becomes a new admin. Every admin is told by email.'}
      </p>
      <FormAlert id={errorId} message={error} />
      <form
        onSubmit={submit}
        method="post"
        className="space-y-4"
        aria-describedby={error ? errorId : undefined}
        data-testid={`${mode}-form`}
      >
        <FormField
          id="setup-code"
          label={mode === 'setup' ? 'Setup code' : 'Recovery code'}
          look="admin"
          error={fields.code}
          required
        >
          <input
            {...describedBy('setup-code', fields.code)}
            name="code"
            autoComplete="off"
            spellCheck={false}
            required
            disabled={pending}
            className={cx(ui.input, 'mt-1 font-mono')}
          />
        </FormField>
        <FormField
          id="setup-username"
          label="Username"
          look="admin"
          error={fields.username}
          required
        >
          <input
            {...describedBy('setup-username', fields.username)}
            name="username"
            autoComplete="username"
            required
            disabled={pending}
            className={cx(ui.input, 'mt-1')}
          />
        </FormField>
        {mode === 'setup' && (
          <FormField
            id="setup-email"
            label="Email address"
            look="admin"
            error={fields.email}
            hint="Confirmed by a link we email you. Password resets and notifications (new messages, failed builds) go here."
            required
          >
            <input
              {...describedBy('setup-email', fields.email)}
              name="email"
              type="email"
              autoComplete="email"
              required
              disabled={pending}
              className={cx(ui.input, 'mt-1')}
            />
          </FormField>
        )}
        <FormField
          id="setup-password"
          label={mode === 'setup' ? 'Password' : 'New password'}
          look="admin"
          error={fields.password}
          hint="At least 12 characters."
          required
        >
          <input
            {...describedBy('setup-password', fields.password)}
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={12}
            required
            disabled={pending}
            className={cx(ui.input, 'mt-1')}
          />
        </FormField>
        <Button
          type="submit"
          disabled={!ready}
          busy={pending}
          busyLabel={mode === 'setup' ? 'Creating...' : 'Recovering...'}
          className="w-full py-2.5"
        >
          {mode === 'setup' ? 'Create the admin and sign in' : 'Recover and sign in'}
        </Button>
      </form>
    </>
  );
}
