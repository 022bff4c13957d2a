import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage, mutate } from '../../../lib/api';
import NotificationChoices from './NotificationChoices';
import { $session, refreshSession } from '../../../stores/session';
import { notify } from '../../ui/toast';
import { flashNext } from '../flash';
import PageHeader from '../PageHeader';
import EmailAddress from './EmailAddress';
import { cx, ui } from '../../ui/styles';

interface Enrolment {
  secret: string;
  qrCode: string;
}

/** Sets up the second factor: QR code, then the first code, then the recovery codes (shown once). */
function TwoFactorSetup({ enabled }: { enabled: boolean }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function start() {
    setBusy(true);
    setError('');
    try {
      setEnrolment(await mutate<Enrolment>('POST', '/api/account/two-factor/setup'));
    } catch (failure) {
      setError(errorMessage(failure, 'Could not start the set-up. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setBusy(true);
    setError('');
    try {
      const answer = await mutate<{ recoveryCodes: string[] }>('POST', '/api/account/two-factor/confirm', { code });
      setCodes(answer.recoveryCodes);
      setEnrolment(null);
      notify({ title: 'Two-factor sign-in is on' });
      await refreshSession();
    } catch (failure) {
      setError(errorMessage(failure, 'That code did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  if (codes) {
    return (
      <div role="status">
        <p className="text-sm font-medium text-ink">Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once, and they are shown only now.</p>
        <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </div>
    );
  }
  if (enabled) return <p className="text-sm text-ink">Two-factor sign-in is on. If you lose your phone and your recovery codes, ask an admin to reset it.</p>;
  return (
    <div className="space-y-3">
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {!enrolment ? (
        <>
          <p className="text-sm text-ink-muted">Sign in with a code from an authenticator app as well as your password.</p>
          <button type="button" disabled={busy} className={cx(ui.btn, ui.primary)} onClick={() => void start()}>
            Set up two-factor sign-in
          </button>
        </>
      ) : (
        <form onSubmit={(e) => void confirm(e)} className="space-y-3">
          <p className="text-sm text-ink-muted">Scan this QR code with your authenticator app, then enter the 6-digit code it shows.</p>
          <img src={enrolment.qrCode} alt="QR code for your authenticator app" width={180} height={180} className="rounded border border-slate-200" />
          <p className="text-xs text-ink-soft">
            Can't scan? Enter this key: <code data-testid="two-factor-secret">{enrolment.secret}</code>
          </p>
          <div>
            <label htmlFor={`${id}-code`} className={ui.label}>
              Code from the app
            </label>
            <input id={`${id}-code`} name="code" inputMode="numeric" autoComplete="one-time-code" required pattern="\d{6}" maxLength={6} className={cx(ui.input, 'mt-1 w-40')} />
          </div>
          <button type="submit" disabled={busy} className={cx(ui.btn, ui.primary)}>
            Turn on
          </button>
        </form>
      )}
    </div>
  );
}

/** My account: change your password, your email address, two-factor sign-in, and sign out everywhere. */
export default function AccountPage() {
  const session = useStore($session);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (session.status !== 'signed-in') return null;
  const { user } = session;

  async function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    setBusy(true);
    setError('');
    try {
      await mutate('POST', '/api/account/password', { currentPassword: fields.get('currentPassword'), newPassword: fields.get('newPassword') });
      form.reset();
      notify({ title: 'Password changed', description: 'Your other sessions have been signed out.' });
    } catch (failure) {
      setError(errorMessage(failure, 'Your password was not changed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function signOutEverywhere() {
    setBusy(true);
    try {
      await mutate('POST', '/api/account/sign-out-everywhere');
      flashNext({ title: 'Signed out everywhere', description: 'Every session of your account has ended.' });
      window.location.assign('/login');
    } catch (failure) {
      notify({ title: 'Sign-out failed', description: errorMessage(failure, 'Please try again.'), variant: 'destructive' });
      setBusy(false);
    }
  }

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
        <form onSubmit={(e) => void changePassword(e)} className="mt-3 grid max-w-md gap-3">
          <div>
            <label htmlFor={`${id}-current`} className={ui.label}>
              Current password
            </label>
            <input id={`${id}-current`} name="currentPassword" type="password" autoComplete="current-password" required className={cx(ui.input, 'mt-1')} />
          </div>
          <div>
            <label htmlFor={`${id}-new`} className={ui.label}>
              New password
            </label>
            <input id={`${id}-new`} name="newPassword" type="password" autoComplete="new-password" required minLength={12} className={cx(ui.input, 'mt-1')} />
            <p className={ui.help}>At least 12 characters (at most 72 bytes).</p>
          </div>
          <div>
            <button type="submit" disabled={busy} className={cx(ui.btn, ui.primary)}>
              Change password
            </button>
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
        <p className="mt-1 text-sm text-ink-muted">Signs you out on every device and browser, this one included.</p>
        <button type="button" disabled={busy} className={cx(ui.btn, ui.secondary, 'mt-3')} onClick={() => void signOutEverywhere()}>
          Sign out everywhere
        </button>
      </section>
    </div>
  );
}
