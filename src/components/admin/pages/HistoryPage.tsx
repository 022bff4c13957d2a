import ChevronDown from 'lucide-react/icons/chevron-down';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useState } from 'react';
import { notify } from '../../ui/toast';
import { announce } from '../../../stores/admin-announce';
import { saveContent } from '../../../stores/publish';
import { formatAgo, formatWhen } from '../format-time';
import PageHeader from '../PageHeader';
import ConfirmDialog from '../../ui/ConfirmDialog';
import LoadStatus from '../../ui/LoadStatus';
import Button from '../../ui/Button';
import { cx, ui } from '../../ui/styles';
import { useAction } from '../../ui/use-action';
import { useFetch } from '../use-fetch';
import { describeChange, targetName } from './change-text';
import DiffView from './DiffView';
import type { HistoryEntry, HistoryPage as HistoryPageOf } from '../../../schemas/history';
import Pagination from '../../ui/Pagination';

const PAGE_SIZE = 20;

/** Recent admin changes with a readable diff and one-click restore of the state before a change. */
export default function HistoryPage() {
  const [page, setPage] = useState(1);
  const {
    data: found,
    error,
    reload,
  } = useFetch<HistoryPageOf>(`/api/admin/history?page=${page}&pageSize=${PAGE_SIZE}`);
  const data = found?.items;
  const [restoring, setRestoring] = useState<HistoryEntry | null>(null);
  const restoration = useAction({
    toast: 'Not restored',
    fallback: 'This change could not be restored.',
  });

  async function restore() {
    if (!restoring) return;
    await restoration.run(async () => {
      await saveContent('POST', `/api/admin/history/${encodeURIComponent(restoring.id)}/restore`);
      notify({ title: 'Restored', description: describeChange(restoring) });
      announce('Change restored');
      setRestoring(null);
      await reload();
    });
  }

  return (
    <div>
      <PageHeader
        title="History"
        description="Changes made in the admin, newest first. Restore puts back the state from before a change."
      />
      <LoadStatus loaded={!!data} error={error} />
      {data && data.length === 0 && (
        <p className={cx(ui.card, 'p-8 text-center text-ink-muted')}>No changes recorded yet.</p>
      )}
      <ul className="space-y-2" aria-label="Changes">
        {data?.map((entry) => (
          <li key={entry.id} className={ui.card} data-testid="history-row">
            <details className="group">
              <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 [&::-webkit-details-marker]:hidden">
                <ChevronDown
                  aria-hidden="true"
                  className="h-4 w-4 text-ink-soft transition group-open:rotate-180"
                />
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-ink">
                  {describeChange(entry)}
                </span>
                {/* A space in the text itself, not only the layout's gap: read aloud or copied, the entry stays a sentence. */}{' '}
                <span className="text-xs text-ink-soft" title={formatWhen(entry.at)}>
                  by <span data-testid="history-user">{entry.user}</span> · {formatAgo(entry.at)}
                </span>
              </summary>
              <div className="space-y-3 border-t border-slate-100 px-4 py-3">
                <p className="text-xs text-ink-soft">
                  {targetName(entry.target)} · {formatWhen(entry.at)}
                  {entry.restoredFrom && ' · restores an earlier change'}
                </p>
                <DiffView before={entry.before} after={entry.after} />
                {entry.notRestorable ? (
                  <p className="text-sm text-ink-muted" data-testid="history-not-restorable">
                    {entry.notRestorable}.
                  </p>
                ) : (
                  <Button variant="secondary" size="sm" onClick={() => setRestoring(entry)}>
                    <RotateCcw aria-hidden="true" className="h-4 w-4" />
                    Restore the version before this change
                  </Button>
                )}
              </div>
            </details>
          </li>
        ))}
      </ul>
      {found && (
        <Pagination page={page} pageSize={PAGE_SIZE} hasMore={found.hasMore} onPage={setPage} />
      )}
      <ConfirmDialog
        open={restoring !== null}
        title="Restore this change?"
        message={
          restoring
            ? `“${describeChange(restoring)}” goes back to how it was before this change. The restore is recorded too, so it can be undone.`
            : ''
        }
        confirmLabel="Restore"
        destructive={false}
        busy={restoration.pending}
        onConfirm={() => void restore()}
        onCancel={() => setRestoring(null)}
      />
    </div>
  );
}
