import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { mutate } from '../../../lib/api';
import NotificationChoices from './NotificationChoices';
import { $session, refreshSession } from '../../../stores/session';
import { notify } from '../../ui/toast';
import { flashNext } from '../flash';
import PageHeader from '../PageHeader';
import EmailAddress from './EmailAddress';
import RecoveryCodes from './RecoveryCodes';
import Button from '../../ui/Button';
import { cx, ui } from '../../ui/styles';
import { useAction } from '../../ui/use-action';

interface Enrolment {
  secret: string;
  qrCode: string;
}

/** Sets up the second factor: QR code, then the first code, then the recovery codes (shown once). */
function TwoFactorSetup({ enabled }: { enabled: boolean }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const step = useAction();
  const { pending: busy, error } = step;
  const id = useId();

  const start = () =>
    step.run(
      async () => setEnrolment(await mutate<Enrolment>('POST', '/api/account/two-factor/setup')),
      { fallback: 'Could not start the set-up. Please try again.' },
    );

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    void step.run(
      async () => {
        const answer = await mutate<{ recoveryCodes: string[] }>(
          'POST',
          '/api/account/two-factor/confirm',
          { code },
        );
        setCodes(answer.recoveryCodes);
        setEnrolment(null);
        notify({ title: 'Two-factor sign-in is on' });
        await refreshSession();
      },
      { fallback: 'That code did not work. Please try again.' },
    );
  }

  if (codes) return <RecoveryCodes codes={codes} site={window.location.host} />;
  if (enabled)
    return (
      <p className="text-sm text-ink">
        Two-factor sign-in is on. If you lose your phone and your recovery codes, ask an admin to
        reset it.
      </p>
    );
  return (
    <div className="space-y-3">
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {!enrolment ? (
        <>
          <p className="text-sm text-ink-muted">
            Sign in with a code from an authenticator app as well as your password.
          </p>
          <Button disabled={busy} onClick={() => void start()}>
            Set up two-factor sign-in
          </Button>
        </>
      ) : (
        <form onSubmit={confirm} className="space-y-3">
          <p className="text-sm text-ink-muted">
            Scan this QR code with your authenticator app, then enter the 6-digit code it shows.
          </p>
          <img
            src={enrolment.qrCode}
            alt="QR code for your authenticator app"
            width={180}
            height={180}
            className="rounded border border-slate-200"
          />
          <p className="text-xs text-ink-soft">
            Can't scan? Enter this key:{' '}
            <code data-testid="two-factor-secret">{enrolment.secret}</code>
          </p>
          <div>
            <label htmlFor={`${id}-code`} className={ui.label}>
              Code from the app
            </label>
            <input
              id={`${id}-code`}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              pattern="\d{6}"
              maxLength={6}
              className={cx(ui.input, 'mt-1 w-40')}
            />
          </div>
          <Button type="submit" disabled={busy}>
            Turn on
          </Button>
        </form>
      )}
    </div>
  );
}

/** My account: change your password, your email address, two-factor sign-in, and sign out everywhere. */
export default function AccountPage() {
  const session = useStore($session);
  const password = useAction({ fallback: 'Your password was not changed. Please try again.' });
  // Signing out everywhere leaves the page: its button stays off until then.
  const signOut = useAction({
    toast: 'Sign-out failed',
    fallback: 'Please try again.',
    keepPending: true,
  });
  const busy = password.pending || signOut.pending;
  const error = password.error;
  const id = useId();
  if (session.status !== 'signed-in') return null;
  const { user } = session;

  function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    void password.run(async () => {
      await mutate('POST', '/api/account/password', {
        currentPassword: fields.get('currentPassword'),
        newPassword: fields.get('newPassword'),
      });
      form.reset();
      notify({
        title: 'Password changed',
        description: 'Your other sessions have been signed out.',
      });
    });
  }

  const signOutEverywhere = () =>
    signOut.run(async () => {
      await mutate('POST', '/api/account/sign-out-everywhere');
      flashNext({
        title: 'Signed out everywhere',
        description: 'Every session of your account has ended.',
      });
      window.location.assign('/login');
    });

  return (
    <div className="space-y-6">
      <PageHeader title="My account" description={`Signed in as ${user.username}.`} />
      <section aria-labelledby={`${id}-pw`} className={cx(ui.card, 'p-5')}>
        <h2 id={`${id}-pw`} className="text-base font-semibold">
          Change your password
        </h2>
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <form onSubmit={changePassword} className="mt-3 grid max-w-md gap-3">
          <div>
            <label htmlFor={`${id}-current`} className={ui.label}>
              Current password
            </label>
            <input
              id={`${id}-current`}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              className={cx(ui.input, 'mt-1')}
            />
          </div>
          <div>
            <label htmlFor={`${id}-new`} className={ui.label}>
              New password
            </label>
            <input
              id={`${id}-new`}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={12}
              className={cx(ui.input, 'mt-1')}
            />
            <p className={ui.help}>At least 12 characters (at most 72 bytes).</p>
          </div>
          <div>
            <Button type="submit" disabled={busy}>
              Change password
            </Button>
          </div>
        </form>
      </section>
      <section aria-labelledby={`${id}-email`} className={cx(ui.card, 'p-5')}>
        <h2 id={`${id}-email`} className="mb-3 text-base font-semibold">
          Email address
        </h2>
        <EmailAddress />
      </section>
      <section aria-labelledby={`${id}-2fa`} className={cx(ui.card, 'p-5')}>
        <h2 id={`${id}-2fa`} className="mb-3 text-base font-semibold">
          Two-factor sign-in
        </h2>
        <TwoFactorSetup enabled={user.twoFactorEnabled} />
      </section>
      <NotificationChoices />
      <section aria-labelledby={`${id}-out`} className={cx(ui.card, 'p-5')}>
        <h2 id={`${id}-out`} className="text-base font-semibold">
          Sessions
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Signs you out on every device and browser, this one included.
        </p>
        <Button
          variant="secondary"
          className="mt-3"
          disabled={busy}
          onClick={() => void signOutEverywhere()}
        >
          Sign out everywhere
        </Button>
      </section>
    </div>
  );
}
