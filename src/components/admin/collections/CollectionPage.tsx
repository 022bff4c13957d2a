import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import Plus from 'lucide-react/icons/plus';
import { useState } from 'react';
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
import { COLLECTION_CONFIGS } from './collection-configs';
import ItemEditor from './ItemEditor';
import SortableRow from './SortableRow';
import { useConfirmedDelete } from './use-delete';

type Item = Record<string, unknown> & { id: string };

/** The generic manager of one orderable collection: list, add, edit, delete and reorder. */
export default function CollectionPage({ page }: { page: string }) {
  const config = COLLECTION_CONFIGS[page]!;
  const { data, setData, error } = useFetch<Item[]>(config.listEndpoint ?? `/api/${config.api}`);
  const [editing, setEditing] = useState<{ item: Item | null } | null>(null);
  const reorder = useAction({
    toast: 'Order not saved',
    fallback: 'The new order could not be saved.',
  });
  // "Edit in admin" on a public page links here with ?item=<id>: that item's editor opens once the list is in.
  const [linkedOpened, setLinkedOpened] = useState(false);
  if (data && !linkedOpened) {
    setLinkedOpened(true);
    const linked = data.find(
      (i) => i.id === new URLSearchParams(window.location.search).get('item'),
    );
    if (linked) setEditing({ item: linked });
  }
  const items = data ?? [];
  const removal = useConfirmedDelete<Item>(
    (item) => `/api/${config.api}/${encodeURIComponent(item.id)}`,
    (item) => setData((list) => (list ?? []).filter((i) => i.id !== item.id)),
    capitalise(config.singular),
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  async function move(from: number, to: number) {
    if (to < 0 || to >= items.length || from === to) return;
    const previous = items;
    const next = arrayMove(items, from, to);
    setData(next);
    await reorder.run(
      async () => {
        await saveContent('PUT', `/api/${config.api}/order`, { ids: next.map((i) => i.id) });
        announce(`Moved ${config.primary(next[to]!)} to position ${to + 1} of ${next.length}`);
      },
      // The list goes back to the order the server still has.
      { onFailure: () => setData(previous) },
    );
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    void move(
      items.findIndex((i) => i.id === active.id),
      items.findIndex((i) => i.id === over.id),
    );
  }

  // Screen-reader announcements during a keyboard drag, in the items' own names rather than ids.
  const nameOf = (id: unknown) => {
    const item = items.find((i) => i.id === id);
    return item ? config.primary(item) : String(id);
  };
  const positionOf = (id: unknown) => items.findIndex((i) => i.id === id) + 1;
  const announcements = {
    onDragStart: ({ active }: { active: { id: unknown } }) =>
      `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${items.length}.`,
    onDragOver: ({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) =>
      over
        ? `${nameOf(active.id)} moved to position ${positionOf(over.id)} of ${items.length}.`
        : `${nameOf(active.id)} is no longer over a position.`,
    onDragEnd: ({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) =>
      over
        ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${items.length}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }: { active: { id: unknown } }) =>
      `Moving ${nameOf(active.id)} was cancelled.`,
  };

  function onSaved(saved: Item, created: boolean) {
    setData((list) =>
      created ? [...(list ?? []), saved] : (list ?? []).map((i) => (i.id === saved.id ? saved : i)),
    );
    setEditing(null);
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
      <LoadStatus loaded={!!data} error={error} />
      {data && items.length === 0 && (
        <p className={cx(ui.card, 'p-8 text-center text-ink-muted')}>
          Nothing here yet. Add the first {config.singular}.
        </p>
      )}
      {items.length > 0 && (
        <>
          <p id={`${config.api}-order-help`} className="mb-2 text-xs text-ink-soft">
            Drag the handle, or focus it and use Space and the arrow keys, or the arrow buttons, to
            change the order shown on the site.
          </p>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: {
                draggable:
                  'Press Space to pick up, the arrow keys to move, Space again to drop, Escape to cancel.',
              },
            }}
          >
            <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
              <ul
                aria-label={config.title}
                aria-describedby={`${config.api}-order-help`}
                className={cx(ui.card, 'divide-y divide-slate-100 overflow-hidden')}
              >
                {items.map((item, index) => (
                  <SortableRow
                    key={item.id}
                    id={item.id}
                    primary={config.primary(item)}
                    secondary={config.secondary?.(item)}
                    image={config.image?.(item)}
                    index={index}
                    count={items.length}
                    busy={reorder.pending}
                    onMove={(from, to) => void move(from, to)}
                    onEdit={() => setEditing({ item })}
                    onDelete={() => removal.ask(item)}
                  />
                ))}
              </ul>
            </SortableContext>
          </DndContext>
        </>
      )}
      {editing && (
        <ItemEditor
          config={config}
          item={editing.item}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => onSaved(saved as Item, created)}
        />
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

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
