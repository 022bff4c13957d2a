import Ban from 'lucide-react/icons/ban';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import Eye from 'lucide-react/icons/eye';
import FlaskConical from 'lucide-react/icons/flask-conical';
import Send from 'lucide-react/icons/send';
import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { apiRequest, mutate } from '../../../../lib/api';
import type { IssuePreview, NewsletterIssue } from '../../../../schemas/newsletter-issue';
import Button from '../../../ui/Button';
import ConfirmDialog from '../../../ui/ConfirmDialog';
import { notify } from '../../../ui/toast';
import { useAction } from '../../../ui/use-action';
import { formatWhen } from '../../format-time';
import IssuePreviewPane from './IssuePreviewPane';
import ScheduleDialog from './ScheduleDialog';

const people = (n: number) => `${n} ${n === 1 ? 'recipient' : 'recipients'}`;

/**
 * What can be done with a saved issue: preview it, send a test to oneself, send it now or at a
 * time (each after saying to how many), or take a schedule back. `ready` saves pending edits first
 * and says whether the issue may go; `whyNoSend` is the reason this user cannot send ('' if they can).
 */
export default function IssueActions({
  issue,
  ready,
  whyNoSend,
  siteZone,
  onChanged,
  onDeleted,
}: {
  issue: NewsletterIssue;
  ready: () => Promise<boolean>;
  whyNoSend: string;
  siteZone: string;
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const base = `/api/admin/newsletter-issues/${encodeURIComponent(issue.id)}`;
  const [preview, setPreview] = useState<IssuePreview | null>(null);
  const [asking, setAsking] = useState<'send' | 'schedule' | 'delete' | null>(null);
  const action = useAction({ toast: 'That did not work', fallback: 'Please try again.' });

  const loadPreview = async () => {
    const fresh = await apiRequest<IssuePreview>('GET', `${base}/preview`);
    setPreview(fresh);
    return fresh;
  };
  const showPreview = () =>
    action.run(async () => (await ready()) && (await loadPreview()), { key: 'preview' });
  const test = () =>
    action.run(
      async () => {
        if (!(await ready())) return;
        await mutate('POST', `${base}/test`, {});
        void notify({ title: 'Test sent', description: 'Check your inbox in a minute.' });
      },
      { key: 'test' },
    );
  // Sending asks first, with the audience counted now.
  const ask = (what: 'send' | 'schedule') =>
    action.run(
      async () => {
        if (!(await ready())) return;
        await loadPreview();
        setAsking(what);
      },
      { key: what },
    );
  const send = (at?: string) =>
    action.run(
      async () => {
        await mutate('POST', `${base}/send`, at ? { at } : {});
        setAsking(null);
        void notify({
          title: at ? `Scheduled for ${formatWhen(at)}` : 'Sending started',
          description: at ? undefined : 'The list shows its progress.',
        });
        onChanged();
      },
      { key: 'go' },
    );
  const cancel = () =>
    action.run(
      async () => {
        await mutate('POST', `${base}/cancel`, {});
        void notify({ title: 'Schedule cancelled', description: 'The issue is a draft again.' });
        onChanged();
      },
      { key: 'cancel' },
    );

  const remove = () =>
    action.run(
      async () => {
        await mutate('DELETE', base);
        setAsking(null);
        void notify({ title: 'Draft deleted' });
        onDeleted();
      },
      { key: 'delete' },
    );

  const sendable = issue.status === 'draft';
  return (
    <section aria-label="Preview and send" className="space-y-4 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => void showPreview()}
          busy={action.pendingFor('preview')}
        >
          <Eye aria-hidden="true" className="h-4 w-4" /> Preview email
        </Button>
        {issue.status !== 'sent' && (
          <Button variant="secondary" onClick={() => void test()} busy={action.pendingFor('test')}>
            <FlaskConical aria-hidden="true" className="h-4 w-4" /> Send test to me
          </Button>
        )}
        {sendable && (
          <>
            <Button
              onClick={() => void ask('send')}
              disabled={!!whyNoSend || action.pending}
              aria-describedby={whyNoSend ? 'issue-no-send' : undefined}
            >
              <Send aria-hidden="true" className="h-4 w-4" /> Send now
            </Button>
            <Button
              variant="secondary"
              onClick={() => void ask('schedule')}
              disabled={!!whyNoSend || action.pending}
              aria-describedby={whyNoSend ? 'issue-no-send' : undefined}
            >
              <CalendarClock aria-hidden="true" className="h-4 w-4" /> Schedule…
            </Button>
          </>
        )}
        {issue.status === 'scheduled' && (
          <Button variant="danger" onClick={() => void cancel()} busy={action.pendingFor('cancel')}>
            <Ban aria-hidden="true" className="h-4 w-4" /> Cancel schedule
          </Button>
        )}
        {sendable && (
          <Button variant="ghost" className="ml-auto" onClick={() => setAsking('delete')}>
            <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete draft
          </Button>
        )}
      </div>
      {whyNoSend && sendable && (
        <p id="issue-no-send" className="text-sm text-ink-muted">
          {whyNoSend}
        </p>
      )}
      {action.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {action.error}
        </p>
      )}
      {preview && <IssuePreviewPane preview={preview} />}
      <ConfirmDialog
        open={asking === 'send' && !!preview}
        title="Send this issue now?"
        message={`“${issue.subject}” goes to ${people(preview?.recipients ?? 0)} now. This cannot be undone.`}
        confirmLabel={`Send to ${people(preview?.recipients ?? 0)}`}
        destructive={false}
        busy={action.pendingFor('go')}
        onConfirm={() => void send()}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'delete'}
        title="Delete this draft?"
        message={`“${issue.subject}” is deleted for good.`}
        confirmLabel="Delete"
        busy={action.pendingFor('delete')}
        onConfirm={() => void remove()}
        onCancel={() => setAsking(null)}
      />
      {asking === 'schedule' && preview && (
        <ScheduleDialog
          siteZone={siteZone}
          recipients={preview.recipients}
          busy={action.pendingFor('go')}
          onSchedule={(at) => void send(at)}
          onClose={() => setAsking(null)}
        />
      )}
    </section>
  );
}
