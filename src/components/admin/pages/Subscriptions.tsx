import Search from 'lucide-react/icons/search';
import Trash2 from 'lucide-react/icons/trash';
import { useEffect, useState } from 'react';
import { useConfirmedDelete } from '../collections/use-delete';
import { formatWhen } from '../format-time';
import ExportButton from '../ExportButton';
import PageHeader from '../PageHeader';
import ConfirmDialog from '../../ui/ConfirmDialog';
import Pagination from '../../ui/Pagination';
import LoadStatus from '../../ui/LoadStatus';
import Button from '../../ui/Button';
import { cx, ui } from '../../ui/styles';
import { useFetch } from '../use-fetch';
import type { Page } from '../../../schemas/page';
import type { LastExports, SubscriberRow } from '../../../schemas/newsletter-subscription';

type Status = 'confirmed' | 'pending' | 'unsubscribed';

const TABS: Record<Status, string> = {
  confirmed: 'Subscribers',
  pending: 'Waiting for confirmation',
  unsubscribed: 'Unsubscribed',
};
const DATE_HEADING: Record<Status, string> = {
  confirmed: 'Confirmed',
  pending: 'Signed up',
  unsubscribed: 'Unsubscribed',
};
const dateOf = (s: SubscriberRow, status: Status) =>
  (status === 'pending'
    ? s.requestedAt
    : status === 'unsubscribed'
      ? s.unsubscribedAt
      : s.confirmedAt) ?? s.createdAt;
const countLabel = (n: number, status: Status) =>
  status === 'pending'
    ? n === 1
      ? 'signup waiting'
      : 'signups waiting'
    : status === 'unsubscribed'
      ? n === 1
        ? 'address unsubscribed'
        : 'addresses unsubscribed'
      : n === 1
        ? 'subscriber'
        : 'subscribers';

const PAGE_SIZE = 20;

/**
 * Newsletter subscribers (confirmed), with signups waiting for confirmation and addresses that
 * unsubscribed apart: search, delete, and CSV exports for a mailing tool (everyone, or only what is
 * new since the last export; subscribers or the unsubscribed).
 */
export default function Subscriptions() {
  const [status, setStatus] = useState<Status>('confirmed');
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // Search as the admin types, without a request per keystroke.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(query.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [query]);
  const url = `/api/admin/subscriptions?status=${status}&q=${encodeURIComponent(search)}&page=${page}&pageSize=${PAGE_SIZE}`;
  const show = (next: Status) => {
    setStatus(next);
    setPage(1);
  };
  const { data, error, reload } = useFetch<Page<SubscriberRow>>(url);
  const { data: lastExports, reload: reloadExports } = useFetch<LastExports>(
    '/api/admin/subscriptions/last-export',
  );
  const since = (list: keyof LastExports) => {
    const last = lastExports?.[list];
    return last ? `last exported ${formatWhen(last.at)}` : 'never exported';
  };
  const removal = useConfirmedDelete<SubscriberRow>(
    (s) => `/api/admin/subscriptions/${encodeURIComponent(s.id)}`,
    () => void reload(),
    'Subscription',
  );

  return (
    <div>
      <PageHeader
        title="Subscriptions"
        description="People who confirmed their newsletter signup. Only they count, are listed here and are exported as subscribers."
      >
        <ExportButton
          request={{ kind: 'subscribers', list: 'subscribed' }}
          onDone={() => void reloadExports()}
        >
          Export CSV
        </ExportButton>
      </PageHeader>
      <section aria-labelledby="export-title" className="mb-6 text-sm text-ink-muted">
        <h2 id="export-title" className="font-medium text-ink">
          Exports for a mailing tool
        </h2>
        <p className="mt-1">
          Each file has the consent record: where and when each person signed up, the wording
          version shown, and when they confirmed. Import the unsubscribed list too, so the tool
          never writes to people who left.
        </p>
        <ul className="mt-2 space-y-1">
          <li>
            <ExportButton
              look="link"
              request={{ kind: 'subscribers', list: 'subscribed', since: 'last' }}
              onDone={() => void reloadExports()}
            >
              New subscribers since the last export
            </ExportButton>{' '}
            ({since('subscribed')})
          </li>
          <li>
            <ExportButton
              look="link"
              request={{ kind: 'subscribers', list: 'unsubscribed' }}
              onDone={() => void reloadExports()}
            >
              All unsubscribed addresses
            </ExportButton>
            {' or '}
            <ExportButton
              look="link"
              request={{ kind: 'subscribers', list: 'unsubscribed', since: 'last' }}
              onDone={() => void reloadExports()}
            >
              only those new since the last export
            </ExportButton>{' '}
            ({since('unsubscribed')})
          </li>
        </ul>
      </section>
      <div role="group" aria-label="Which signups" className="mb-4 flex flex-wrap gap-2">
        {(Object.keys(TABS) as Status[]).map((s) => (
          <Button
            key={s}
            variant={status === s ? 'primary' : 'secondary'}
            aria-pressed={status === s}
            onClick={() => show(s)}
          >
            {TABS[s]}
          </Button>
        ))}
      </div>
      {status === 'pending' && (
        <p className="mb-4 text-sm text-ink-muted">
          These people signed up but have not used the link in their confirmation email yet. They
          get nothing else, and are forgotten 7 days after signing up.
        </p>
      )}
      {status === 'unsubscribed' && (
        <p className="mb-4 text-sm text-ink-muted">
          These people unsubscribed. They get no newsletter, and no import or restore adds them back
          (even if you delete them here): only a new signup they confirm themselves.
        </p>
      )}
      <div className="relative mb-4 max-w-sm">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400"
        />
        <label htmlFor="subscription-search" className="sr-only">
          Search subscribers
        </label>
        <input
          id="subscription-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search by e-mail"
          className={cx(ui.input, 'pl-9')}
        />
      </div>
      <LoadStatus loaded={!!data} error={error} />
      {data && (
        <>
          <p className="mb-2 text-sm text-ink-muted" aria-live="polite">
            {data.total} {countLabel(data.total, status)}
            {search && ` matching “${search}”`}
          </p>
          <div className={cx(ui.card, 'overflow-x-auto')}>
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-xs text-ink-soft uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    E-mail
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    {DATE_HEADING[status]}
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Topics
                  </th>
                  <th scope="col" className="px-4 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.items.map((s) => (
                  <tr key={s.id}>
                    <td className="px-4 py-2 break-all">{s.email}</td>
                    <td className="px-4 py-2 whitespace-nowrap text-ink-muted">
                      {formatWhen(dateOf(s, status))}
                    </td>
                    {/* Research area slugs the reader chose; none means every newsletter. */}
                    <td className="px-4 py-2 text-ink-muted">
                      {s.topics?.length ? s.topics.join(', ') : 'Everything'}
                    </td>
                    <td className="px-4 py-2 text-right">
                      <button
                        type="button"
                        className={cx(ui.icon, 'hover:text-red-700')}
                        onClick={() => removal.ask(s)}
                        aria-label={`Delete ${s.email}`}
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                      </button>
                    </td>
                  </tr>
                ))}
                {data.items.length === 0 && (
                  <tr>
                    <td colSpan={4} className="px-4 py-8 text-center text-ink-muted">
                      No subscribers found.
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          <Pagination
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={setPage}
          />
        </>
      )}
      <ConfirmDialog
        open={removal.target !== null}
        title={status === 'unsubscribed' ? 'Delete this address?' : 'Delete this subscriber?'}
        message={
          removal.target
            ? status === 'unsubscribed'
              ? `${removal.target.email} leaves this list and the unsubscribed export; it stays suppressed, so no import adds it back.`
              : `${removal.target.email} will no longer receive the newsletter.`
            : ''
        }
        confirmLabel="Delete"
        busy={removal.busy}
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
      />
    </div>
  );
}
