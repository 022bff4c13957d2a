import RotateCcw from 'lucide-react/icons/rotate-ccw';
import Trash2 from 'lucide-react/icons/trash';
import { mutate } from '../../../lib/api';
import Button from '../../ui/Button';
import { MAIL_KIND_LABELS, type FailedMail, type MailStatus } from '../../../schemas/mail';
import { formatWhen } from '../format-time';
import PageHeader from '../PageHeader';
import LoadStatus from '../../ui/LoadStatus';
import { cx, ui } from '../../ui/styles';
import { notify } from '../../ui/toast';
import { useAction } from '../../ui/use-action';
import { useFetch } from '../use-fetch';
import NewsletterSending from './NewsletterSending';
import SharedInbox from './SharedInbox';

interface MailOverview {
  status: MailStatus;
  failed: { items: FailedMail[]; more: boolean };
}

const MODE_TITLES: Record<MailStatus['mode'], string> = {
  smtp: 'Email is sent through your provider',
  outbox: 'Email is written to the local outbox',
  off: 'Email is not set up',
};

/** How mail leaves the site, and the deliveries that failed after every retry (with the reason). */
export default function MailPage() {
  const { data, error, reload } = useFetch<MailOverview>('/api/admin/mail');
  const mailAction = useAction({ toast: 'Could not do that', fallback: 'Please try again.' });

  const act = (m: FailedMail, action: 'retry' | 'dismiss') =>
    mailAction.run(
      async () => {
        const url = `/api/admin/mail/${encodeURIComponent(m.id)}${action === 'retry' ? '/retry' : ''}`;
        const done = await mutate<{ message: string }>(action === 'retry' ? 'POST' : 'DELETE', url);
        void notify({ title: done.message });
        await reload();
      },
      { key: m.id },
    );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Email"
        description="How the site sends email, and messages that could not be delivered."
      />
      <LoadStatus loaded={!!data} error={error} />
      {data && (
        <>
          <section
            aria-labelledby="mail-mode"
            className={cx(ui.card, 'p-5', data.status.mode === 'off' && 'border-red-300 bg-red-50')}
          >
            <h2 id="mail-mode" className="text-base font-semibold">
              {MODE_TITLES[data.status.mode]}
            </h2>
            <p className="mt-1 text-sm text-ink-muted" data-testid="mail-detail">
              {data.status.detail}
            </p>
          </section>
          <SharedInbox />
          <NewsletterSending />
          <section aria-labelledby="mail-failed">
            <h2 id="mail-failed" className="mb-2 text-base font-semibold">
              Failed deliveries
            </h2>
            <p className="mb-3 text-sm text-ink-muted">
              Each message is tried 5 times over about two and a half hours before it shows here.
            </p>
            {data.failed.items.length === 0 ? (
              <p className="text-sm text-ink-muted">Nothing failed.</p>
            ) : (
              <ul className={cx(ui.card, 'divide-y divide-slate-100')}>
                {data.failed.items.map((m) => (
                  <li
                    key={m.id}
                    className="flex flex-wrap items-start justify-between gap-3 p-4 text-sm"
                    data-testid="failed-mail"
                  >
                    <div className="min-w-0">
                      <p className="font-medium text-ink">
                        {MAIL_KIND_LABELS[m.kind]} to <span className="break-all">{m.to}</span>
                      </p>
                      <p className="text-ink-muted">{m.subject}</p>
                      <p className="mt-1 text-red-700">{m.lastError}</p>
                      <p className="text-xs text-ink-soft">
                        {m.attempts} attempts · queued {formatWhen(m.createdAt)} · gave up{' '}
                        {formatWhen(m.failedAt)}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <Button
                        variant="secondary"
                        disabled={mailAction.pendingFor(m.id)}
                        onClick={() => void act(m, 'retry')}
                      >
                        <RotateCcw aria-hidden="true" className="h-4 w-4" />
                        Retry
                      </Button>
                      <Button
                        variant="ghost"
                        disabled={mailAction.pendingFor(m.id)}
                        onClick={() => void act(m, 'dismiss')}
                        aria-label={`Dismiss the failed message to ${m.to}`}
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {data.failed.more && (
              <p className="mt-2 text-sm text-ink-muted">
                Older failed deliveries are not shown: dismiss these to see them.
              </p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
