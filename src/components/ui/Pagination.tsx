import Button from './Button';

type Props = { page: number; pageSize: number; onPage: (page: number) => void } & (
  | { total: number }
  /** A list with no count (history): whether a next page exists. */
  | { hasMore: boolean }
);

/** Previous/next paging for a server-paged list, with 'x–y of n' (or 'Page n') for orientation. */
export default function Pagination(props: Props) {
  const { page, pageSize, onPage } = props;
  const total = 'total' in props ? props.total : null;
  const hasNext =
    total === null
      ? (props as { hasMore: boolean }).hasMore
      : page < Math.max(1, Math.ceil(total / pageSize));
  if (page <= 1 && !hasNext) return null;
  const from = (page - 1) * pageSize + 1;
  return (
    <nav
      aria-label="Pages"
      className="mt-4 flex items-center justify-between text-sm text-ink-muted"
    >
      <span>
        {total === null
          ? `Page ${page}`
          : `${from}–${Math.min(total, page * pageSize)} of ${total}`}
      </span>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
