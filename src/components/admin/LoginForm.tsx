import { useEffect, useId, useState, type FormEvent } from 'react';
import Button from '../ui/Button';
import { useAction } from '../ui/use-action';
import { useHydrated } from '../ui/use-hydrated';
import { ApiError, apiRequest } from '../../lib/api';
import { track } from '../../lib/analytics';
import { sameSitePath } from '../../schemas/same-site-path';
import { notify } from '../ui/toast';
import { refreshSession } from '../../stores/session';
import Toaster from '../ui/Toaster';
import { flashNext, showFlash } from './flash';
import { cx, ui } from '../ui/styles';
import FormAlert from '../ui/FormAlert';

const WELCOME = { title: 'Login successful', description: 'Welcome to the admin dashboard.' };

/** The /login form: username and password, the server's message on failure. */
export default function LoginForm() {
  const login = useAction({
    // The page alert shows the server's message or 'Login failed'; the destructive
    // toast titled 'Login failed' says the server's message or 'Invalid credentials'.
    describe: (failure) => serverMessage(failure) || 'Login failed',
    toast: 'Login failed',
    toastDescription: (failure) => serverMessage(failure) || 'Invalid credentials',
    onFailure: () => track('login', { success: false }),
  });
  const { pending, error } = login;
  // Accounts with two-factor sign-in: the server asks for a code after the password.
  const [needsCode, setNeedsCode] = useState(false);
  const errorId = useId();
  // The form is pre-rendered: until React takes over, a submit would be a native GET with the
  // password in the address, so the button stays disabled until then.
  const ready = useHydrated();

  useEffect(() => {
    showFlash();
    // Someone already signed in has nothing to do here.
    void refreshSession().then((s) => {
      if (s.status === 'signed-in') window.location.replace(afterLogin());
    });
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Uncontrolled inputs: whatever was typed before the page became interactive is kept.
    const data = new FormData(event.currentTarget);
    const username = String(data.get('username') ?? '');
    const password = String(data.get('password') ?? '');
    const code = needsCode ? String(data.get('code') ?? '') : '';
    let secondStep = false;
    await login.run(
      async () => {
        try {
          await apiRequest('POST', '/api/auth/login', {
            username,
            password,
            ...(code ? { code } : {}),
          });
        } catch (failure) {
          const asksForCode =
            failure instanceof ApiError && failure.status === 401 && !!failure.body?.fields?.code;
          // The password was right and the account has two-factor sign-in: a second step, not a failure.
          if (asksForCode && !needsCode) {
            secondStep = true;
            return;
          }
          throw failure;
        }
        track('login', { success: true });
        await refreshSession();
        notify(WELCOME);
        // The toast is shown again on the dashboard, since the full page load below ends this page.
        flashNext(WELCOME);
        window.location.assign(afterLogin());
        // Signed in, the page leaves: the form stays off until it has.
      },
      { keepPending: () => !secondStep },
    );
    if (secondStep) setNeedsCode(true);
  }

  return (
    <>
      <FormAlert id={errorId} message={error} />
      <form
        onSubmit={submit}
        method="post"
        className="space-y-4"
        aria-describedby={error ? errorId : undefined}
      >
        <div>
          <label htmlFor="login-username" className={ui.label}>
            Username
          </label>
          <input
            id="login-username"
            name="username"
            autoComplete="username"
            required
            disabled={pending}
            className={cx(ui.input, 'mt-1')}
          />
        </div>
        <div>
          <label htmlFor="login-password" className={ui.label}>
            Password
          </label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            disabled={pending}
            className={cx(ui.input, 'mt-1')}
          />
        </div>
        {needsCode && (
          <div>
            <p
              role="status"
              className="mb-3 rounded-md border border-brand-100 bg-brand-50 px-3 py-2.5 text-sm text-brand-900"
              data-testid="login-second-step"
            >
              Password accepted. One more step: enter your two-factor code.
            </p>
            <label htmlFor="login-code" className={ui.label}>
              Two-factor code
            </label>
            <input
              id="login-code"
              name="code"
              autoComplete="one-time-code"
              required
              autoFocus
              disabled={pending}
              className={cx(ui.input, 'mt-1')}
              aria-describedby="login-code-help"
            />
            <p id="login-code-help" className={ui.help}>
              The 6-digit code from your authenticator app, or one of your recovery codes.
            </p>
          </div>
        )}
        <Button
          type="submit"
          disabled={!ready}
          busy={pending}
          busyLabel="Logging in..."
          className="w-full py-2.5"
        >
          Login
        </Button>
      </form>
      <p className="mt-4 text-center text-sm">
        <a href="/forgot-password" className="text-brand-700 underline">
          Forgot your password?
        </a>
      </p>
      <Toaster />
    </>
  );
}

/** The server's words about a failed sign-in ('' when it gave none); a request that got no answer says so. */
const serverMessage = (failure: unknown): string =>
  failure instanceof ApiError ? (failure.body?.message ?? '') : 'Network error - please try again';

/**
 * Where to go after signing in: /admin, or a same-site path given as ?next= (the
 * inline editor's sign-in link brings admins back to /?edit=true). Anything that a browser would
 * resolve to another site is ignored.
 */
function afterLogin(): string {
  const next = new URLSearchParams(window.location.search).get('next') ?? '';
  return sameSitePath(next, window.location.origin) ?? '/admin';
}
