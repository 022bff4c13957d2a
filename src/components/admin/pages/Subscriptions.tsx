import { Download, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useConfirmedDelete } from '../collections/use-delete';
import { formatWhen } from '../format-time';
import PageHeader from '../PageHeader';
import ConfirmDialog from '../../ui/ConfirmDialog';
import Pagination from '../../ui/Pagination';
import LoadStatus from '../../ui/LoadStatus';
import { cx, ui } from '../../ui/styles';
import { useFetch } from '../use-fetch';
import type { Page } from '../../../schemas/page';
import type { SubscriberRow } from '../../../schemas/newsletter-subscription';

type Subscription = Pick<SubscriberRow, 'id' | 'email' | 'createdAt' | 'requestedAt' | 'confirmedAt'>;
type Status = 'confirmed' | 'pending';

const PAGE_SIZE = 20;

/** Newsletter subscribers (confirmed), signups waiting for confirmation apart: search, delete and CSV export. */
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
  const { data, error, reload } = useFetch<Page<Subscription>>(url);
  const removal = useConfirmedDelete<Subscription>((s) => `/api/admin/subscriptions/${encodeURIComponent(s.id)}`, () => void reload(), 'Subscription');

  return (
    <div>
      <PageHeader title="Subscriptions" description="People who confirmed their newsletter signup. Only they count, are listed here and are exported.">
        <a href="/api/admin/subscriptions/export" download className={cx(ui.btn, ui.secondary)}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Export CSV
        </a>
      </PageHeader>
      <div role="group" aria-label="Which signups" className="mb-4 flex gap-2">
        {(['confirmed', 'pending'] as const).map((s) => (
          <button key={s} type="button" aria-pressed={status === s} onClick={() => show(s)} className={cx(ui.btn, status === s ? ui.primary : ui.secondary)}>
            {s === 'confirmed' ? 'Subscribers' : 'Waiting for confirmation'}
          </button>
        ))}
      </div>
      {status === 'pending' && <p className="mb-4 text-sm text-ink-muted">These people signed up but have not used the link in their confirmation email yet. They get nothing else, and are forgotten 7 days after signing up.</p>}
      <div className="relative mb-4 max-w-sm">
        <Search aria-hidden="true" className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400" />
        <label htmlFor="subscription-search" className="sr-only">
          Search subscribers
        </label>
        <input id="subscription-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search by e-mail" className={cx(ui.input, 'pl-9')} />
      </div>
      <LoadStatus loaded={!!data} error={error} />
      {data && (
        <>
          <p className="mb-2 text-sm text-ink-muted" aria-live="polite">
            {data.total} {status === 'pending' ? (data.total === 1 ? 'signup waiting' : 'signups waiting') : data.total === 1 ? 'subscriber' : 'subscribers'}
            {search && ` matching “${search}”`}
          </p>
          <div className={cx(ui.card, 'overflow-x-auto')}>
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-xs text-ink-soft uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">E-mail</th>
                  <th scope="col" className="px-4 py-2 font-medium">{status === 'pending' ? 'Signed up' : 'Confirmed'}</th>
                  <th scope="col" className="px-4 py-2"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.items.map((s) => (
                  <tr key={s.id}>
                    <td className="px-4 py-2 break-all">{s.email}</td>
                    <td className="px-4 py-2 whitespace-nowrap text-ink-muted">{formatWhen((status === 'pending' ? s.requestedAt : s.confirmedAt) ?? s.createdAt)}</td>
                    <td className="px-4 py-2 text-right">
                      <button type="button" className={cx(ui.icon, 'hover:text-red-700')} onClick={() => removal.ask(s)} aria-label={`Delete ${s.email}`}>
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                      </button>
                    </td>
                  </tr>
                ))}
                {data.items.length === 0 && (
                  <tr>
                    <td colSpan={3} className="px-4 py-8 text-center text-ink-muted">No subscribers found.</td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
        </>
      )}
      <ConfirmDialog
        open={removal.target !== null}
        title="Delete this subscriber?"
        message={removal.target ? `${removal.target.email} will no longer receive the newsletter.` : ''}
        confirmLabel="Delete"
        busy={removal.busy}
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
      />
    </div>
  );
}
