import { cx, ui } from './styles';

/** Previous/next paging for a server-paged list, with 'x–y of n' for orientation. */
export default function Pagination({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-ink-muted">
      <span>
        {from}–{to} of {total}
      </span>
      <div className="flex gap-2">
        <button type="button" className={cx(ui.btn, ui.secondary, 'py-1.5')} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <button type="button" className={cx(ui.btn, ui.secondary, 'py-1.5')} disabled={page >= last} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
