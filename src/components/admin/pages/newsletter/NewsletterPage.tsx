import Plus from 'lucide-react/icons/plus';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { IssueList, IssueStatus, IssueSummary } from '../../../../schemas/newsletter-issue';
import type { NewsletterSettings } from '../../../../schemas/notifications';
import type { SiteSettings } from '../../../../schemas/site-settings';
import { $session } from '../../../../stores/session';
import Button from '../../../ui/Button';
import LoadStatus from '../../../ui/LoadStatus';
import Pagination from '../../../ui/Pagination';
import { cx, ui } from '../../../ui/styles';
import { formatWhen } from '../../format-time';
import PageHeader from '../../PageHeader';
import { useFetch } from '../../use-fetch';
import IssueEditor from './IssueEditor';
import IssueProgress from './IssueProgress';
import { whyNoSend } from './send-permission';
import { usePolling } from './use-polling';

const PAGE_SIZE = 20;

const STATUS: Record<IssueStatus, { label: string; tone: string }> = {
  draft: { label: 'Draft', tone: 'bg-slate-100 text-slate-800' },
  scheduled: { label: 'Scheduled', tone: 'bg-amber-100 text-amber-900' },
  sending: { label: 'Sending', tone: 'bg-blue-100 text-blue-900' },
  sent: { label: 'Sent', tone: 'bg-green-100 text-green-900' },
};

/** When the issue went, goes, or was last touched. */
const whenOf = (i: IssueSummary) =>
  i.status === 'sent'
    ? `Sent ${formatWhen(i.sentAt)}`
    : i.status === 'scheduled'
      ? `Sends ${formatWhen(i.scheduledAt)}`
      : `Edited ${formatWhen(i.updatedAt)}`;

/** Whom the issue is for. */
const audienceOf = (i: IssueSummary) =>
  i.topics.length === 0
    ? 'everyone'
    : `readers of ${i.topics.length} research area${i.topics.length === 1 ? '' : 's'}`;

/**
 * The newsletter's issues: write one (an intro and cards of publications and events, for some
 * research areas or for everyone), preview it as it will arrive, test it, send it now or later,
 * and follow the send to its counts. The list reads itself again every few seconds while an
 * issue is sending.
 */
export default function NewsletterPage() {
  const session = useStore($session);
  const role = session.status === 'signed-in' ? session.user.role : 'editor';
  const [page, setPage] = useState(1);
  const list = useFetch<IssueList>(
    `/api/admin/newsletter-issues?page=${page}&pageSize=${PAGE_SIZE}`,
  );
  const settings = useFetch<SiteSettings>('/api/site-settings');
  const sending = useFetch<NewsletterSettings>('/api/admin/newsletter-settings');
  const [open, setOpen] = useState<string | 'new' | null>(null);
  usePolling(!!list.data?.items.some((i) => i.status === 'sending'), list.reload);
  // Until the settings load, an editor is told no: the server decides anyway.
  const noSend = whyNoSend(role, !!sending.data?.editorsMaySendNewsletter);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Newsletter"
        description="Issues of the newsletter: write, preview, test, then send now or at a time."
      >
        <Button onClick={() => setOpen('new')}>
          <Plus aria-hidden="true" className="h-4 w-4" /> New issue
        </Button>
      </PageHeader>
      <LoadStatus loaded={!!list.data} error={list.error} />
      {list.data?.items.length === 0 && (
        <p className="text-sm text-ink-muted">No issues yet: write the first one.</p>
      )}
      {!!list.data?.items.length && (
        <ul className={cx(ui.card, 'divide-y divide-slate-100')} aria-label="Issues">
          {list.data.items.map((i) => (
            <li key={i.id} className="space-y-2 p-4" data-testid="issue">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <button
                  type="button"
                  className="text-left font-semibold text-brand-700 underline-offset-4 hover:underline"
                  onClick={() => setOpen(i.id)}
                >
                  {i.subject}
                </button>
                <span className="flex items-center gap-2 text-sm text-ink-muted">
                  <span
                    className={cx(
                      'rounded-full px-2 py-0.5 text-xs font-medium',
                      STATUS[i.status].tone,
                    )}
                  >
                    {STATUS[i.status].label}
                  </span>
                  {whenOf(i)} · {audienceOf(i)}
                  {i.origin === 'digest' && ' · digest'}
                </span>
              </div>
              <IssueProgress issue={i} />
            </li>
          ))}
        </ul>
      )}
      {list.data && (
        <Pagination
          page={list.data.page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={setPage}
        />
      )}
      {open && (
        <IssueEditor
          id={open === 'new' ? null : open}
          whyNoSend={noSend}
          siteZone={settings.data?.siteTimeZone || 'UTC'}
          onClose={() => setOpen(null)}
          onChanged={() => void list.reload()}
        />
      )}
    </div>
  );
}
