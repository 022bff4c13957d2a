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

interface Subscription {
  id: string;
  email: string;
  createdAt: string;
}

const PAGE_SIZE = 20;

/** Newsletter subscribers: search, delete and CSV export. */
export default function Subscriptions() {
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
  const url = `/api/admin/subscriptions?q=${encodeURIComponent(search)}&page=${page}&pageSize=${PAGE_SIZE}`;
  const { data, error, reload } = useFetch<Page<Subscription>>(url);
  const removal = useConfirmedDelete<Subscription>((s) => `/api/admin/subscriptions/${encodeURIComponent(s.id)}`, () => void reload(), 'Subscription');

  return (
    <div>
      <PageHeader title="Subscriptions" description="People who signed up for the newsletter.">
        <a href="/api/admin/subscriptions/export" download className={cx(ui.btn, ui.secondary)}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Export CSV
        </a>
      </PageHeader>
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
            {data.total} {data.total === 1 ? 'subscriber' : 'subscribers'}
            {search && ` matching “${search}”`}
          </p>
          <div className={cx(ui.card, 'overflow-x-auto')}>
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-xs text-ink-soft uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">E-mail</th>
                  <th scope="col" className="px-4 py-2 font-medium">Subscribed</th>
                  <th scope="col" className="px-4 py-2"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.items.map((s) => (
                  <tr key={s.id}>
                    <td className="px-4 py-2 break-all">{s.email}</td>
                    <td className="px-4 py-2 whitespace-nowrap text-ink-muted">{formatWhen(s.createdAt)}</td>
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
