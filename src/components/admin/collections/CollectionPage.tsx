import { arrayMove } from '@dnd-kit/sortable';
import Plus from 'lucide-react/icons/plus';
import { Suspense, useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api';
import Pagination from '../../ui/Pagination';
import { preloadable } from '../../ui/preloadable';
import Button from '../../ui/Button';
import { useAction } from '../../ui/use-action';
import { announce } from '../../../stores/admin-announce';
import { saveContent } from '../../../stores/publish';
import PageHeader from '../PageHeader';
import ScheduledReleases from '../ScheduledReleases';
import ConfirmDialog from '../../ui/ConfirmDialog';
import LoadStatus from '../../ui/LoadStatus';
import { cx, ui } from '../../ui/styles';
import { useFetch } from '../use-fetch';
import CollectionFilters from './CollectionFilters';
import CollectionList from './CollectionList';
import { COLLECTION_CONFIGS } from './collection-configs';
import { capitalise, type ListedItem as Item } from './collection-configs/collection-config';
import { useConfirmedDelete } from './use-delete';

// The form and its field code (uploads, image resizing, drafts) are not needed to show the list:
// page 1 no longer waits for them. They are fetched once the list is in, before an editor opens.
const ItemEditor = preloadable(() => import('./ItemEditor'));

/** One page of a paged collection's admin list. */
interface Rows {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

const PAGE_SIZE = 20;

/** The generic manager of one orderable collection: list, add, edit, delete and reorder. */
export default function CollectionPage({ page }: { page: string }) {
  const config = COLLECTION_CONFIGS[page]!;
  const paged = !!config.paged;
  // A paged collection: what the server is asked for (search as the admin types, debounced).
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ q: '', status: '', page: 1 });
  useEffect(() => {
    const timer = setTimeout(() => setQuery((now) => ({ ...now, q: typed.trim(), page: 1 })), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const listUrl = config.listEndpoint ?? `/api/${config.api}`;
  const { data, setData, error, reload } = useFetch<Item[] | Rows>(
    paged
      ? `${listUrl}?page=${query.page}&pageSize=${PAGE_SIZE}&q=${encodeURIComponent(query.q)}&status=${query.status}`
      : listUrl,
  );
  const rows = data && !Array.isArray(data) ? data : null;
  const listed = data !== null;
  useEffect(() => {
    if (listed) void ItemEditor.load();
  }, [listed]);
  const items = (rows ? rows.items : (data as Item[] | null)) ?? [];
  /** Changes the items shown, whichever shape the list has. */
  const setItems = (change: (items: Item[]) => Item[]) =>
    setData((now) =>
      now === null ? now : Array.isArray(now) ? change(now) : { ...now, items: change(now.items) },
    );
  // The list shows the collection's order only unfiltered: a search shows matches in that order,
  // but moving among them would say nothing of the items between.
  const filtered = paged && (query.q !== '' || query.status !== '');
  const [editing, setEditing] = useState<{ item: Item | null } | null>(null);
  const reorder = useAction({
    toast: 'Order not saved',
    fallback: 'The new order could not be saved.',
  });
  const opening = useAction({ toast: 'Could not open', fallback: 'Please try again.' });
  /** Opens one item's editor: a paged collection's list holds summaries, so the record is read. */
  const open = (item: Item | { id: string }) =>
    paged
      ? void opening.run(
          async () =>
            setEditing({
              item: await apiRequest<Item>('GET', `${listUrl}/${encodeURIComponent(item.id)}`),
            }),
          { key: item.id },
        )
      : setEditing({ item: item as Item });
  // "Edit in admin" on a public page links here with ?item=<id>: that item's editor opens once the list is in.
  const [linkedOpened, setLinkedOpened] = useState(false);
  if (data && !linkedOpened) {
    setLinkedOpened(true);
    const linked = new URLSearchParams(window.location.search).get('item');
    if (linked && paged) open({ id: linked });
    else if (linked) {
      const found = items.find((i) => i.id === linked);
      if (found) setEditing({ item: found });
    }
  }
  const removal = useConfirmedDelete<Item>(
    (item) => `/api/${config.api}/${encodeURIComponent(item.id)}`,
    (item) => setItems((list) => list.filter((i) => i.id !== item.id)),
    capitalise(config.singular),
  );

  async function move(from: number, to: number) {
    if (to < 0 || to >= items.length || from === to) return;
    const previous = items;
    const next = arrayMove(items, from, to);
    const moved = next[to]!;
    // Rows carry their place in the whole collection: a page holds consecutive places.
    const first = rows ? (rows.page - 1) * rows.pageSize : 0;
    setItems(() => (paged ? next.map((i, n) => ({ ...i, order: first + n })) : next));
    await reorder.run(
      async () => {
        // One move: just before the item it now precedes, or just after the one it follows.
        const body = paged
          ? from > to
            ? { id: moved.id, before: next[to + 1]!.id }
            : { id: moved.id, after: next[to - 1]!.id }
          : { ids: next.map((i) => i.id) };
        await saveContent('PUT', `/api/${config.api}/order`, body);
        const count = rows ? rows.total : next.length;
        announce(`Moved ${config.primary(moved)} to position ${first + to + 1} of ${count}`);
      },
      // The list goes back to the order the server still has.
      { onFailure: () => setItems(() => previous) },
    );
  }

  /** First in the whole collection (the top may be pages away): then page 1 is shown. */
  async function moveTop(item: Item) {
    await reorder.run(async () => {
      await saveContent('PUT', `/api/${config.api}/order`, { id: item.id, position: 'top' });
      announce(`Moved ${config.primary(item)} to the top`);
      if (query.page === 1) await reload();
      else setQuery((now) => ({ ...now, page: 1 }));
    });
  }

  function onSaved(saved: Item, created: boolean) {
    setEditing(null);
    // A new item of a paged collection goes first: the server's page 1 shows where.
    if (created && paged) return void reload();
    setItems((list) =>
      created
        ? [...list, saved]
        : list.map((i) => (i.id === saved.id ? { ...i, ...saved, order: i.order } : i)),
    );
  }

  return (
    <div>
      <PageHeader title={config.title} description={config.description}>
        <Button onClick={() => setEditing({ item: null })}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add {config.singular}
        </Button>
      </PageHeader>
      {(config.api === 'publications' || config.api === 'events') && (
        <ScheduledReleases only={config.api} />
      )}
      {paged && (
        <CollectionFilters
          api={config.api}
          title={config.title}
          typed={typed}
          onType={setTyped}
          status={query.status}
          onStatus={(status) => setQuery((now) => ({ ...now, status, page: 1 }))}
        />
      )}
      <LoadStatus loaded={!!data} error={error || opening.error} />
      {rows && (
        <p className="mb-2 text-sm text-ink-muted" aria-live="polite">
          {rows.total} {rows.total === 1 ? config.singular : config.title.toLowerCase()}
          {query.q && ` matching “${query.q}”`}
        </p>
      )}
      {data && items.length === 0 && !filtered && (
        <p className={cx(ui.card, 'p-8 text-center text-ink-muted')}>
          Nothing here yet. Add the first {config.singular}.
        </p>
      )}
      {items.length > 0 && (
        <CollectionList
          config={config}
          items={items}
          fixed={filtered}
          busy={reorder.pending}
          onMove={(from, to) => void move(from, to)}
          onMoveTop={paged ? (item) => void moveTop(item) : undefined}
          onEdit={open}
          onDelete={removal.ask}
        />
      )}
      {rows && (
        <Pagination
          page={rows.page}
          pageSize={rows.pageSize}
          total={rows.total}
          onPage={(n) => setQuery((now) => ({ ...now, page: n }))}
        />
      )}
      {editing && (
        <Suspense fallback={null}>
          <ItemEditor
            config={config}
            item={editing.item}
            onClose={() => setEditing(null)}
            onSaved={(saved, created) => onSaved(saved as Item, created)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={removal.target !== null}
        title={`Delete this ${config.singular}?`}
        message={
          removal.target
            ? `"${config.primary(removal.target)}" will be removed from the site. You can restore it from History.`
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
