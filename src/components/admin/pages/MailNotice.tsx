import type { MailStatus } from '../../../schemas/mail';
import AdminLink from '../AdminLink';

/** The dashboard's word on email: plainly when none goes out, and when deliveries failed. */
export default function MailNotice({ mail }: { mail: MailStatus | undefined }) {
  if (!mail) return null;
  const failed = mail.failed ?? 0;
  return (
    <>
      {mail.mode === 'off' && (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-800"
          data-testid="mail-off"
        >
          <strong>Email is not set up: confirmations and notifications are not being sent.</strong>{' '}
          Set SMTP_URL and EMAIL_FROM in the site&apos;s environment variables (see the README).
        </p>
      )}
      {failed > 0 && (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="mail-failed"
        >
          {failed}
          {mail.failedMore ? '+' : ''} {failed === 1 ? 'email' : 'emails'} could not be delivered.{' '}
          <AdminLink page="email" className="font-medium underline">
            See why
          </AdminLink>
        </p>
      )}
    </>
  );
}
