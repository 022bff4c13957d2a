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
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { cx, ui } from '../../ui/styles';
import type { CollectionConfig, ListedItem } from './collection-configs/collection-config';
import SortableRow from './SortableRow';

/**
 * A collection's items in the order the site shows them, each row with its editor and delete
 * buttons. They are reordered by dragging (pointer, or the keyboard, with each step spoken in the
 * items' own names) or with the rows' move buttons; either way the page saves the move (`onMove`).
 */
export default function CollectionList({
  config,
  items,
  fixed,
  busy,
  onMove,
  onMoveTop,
  onEdit,
  onDelete,
}: {
  config: CollectionConfig;
  items: ListedItem[];
  /** Shown in an order that is not the collection's (a search): no row moves. */
  fixed: boolean;
  /** A move is being saved: no other starts. */
  busy: boolean;
  onMove: (from: number, to: number) => void;
  /** A paged collection's "Move to top", whose top may be pages away. */
  onMoveTop?: (item: ListedItem) => void;
  onEdit: (item: ListedItem) => void;
  onDelete: (item: ListedItem) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onMove(
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

  return (
    <>
      <p id={`${config.api}-order-help`} className="mb-2 text-xs text-ink-soft">
        Drag the handle, or focus it and use Space and the arrow keys, or the arrow buttons, to
        change the order shown on the site.
        {onMoveTop && ' Moving works among the items on this page; "Move to top" puts one first.'}
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
                busy={busy}
                fixed={fixed}
                onMove={onMove}
                onMoveTop={onMoveTop && (() => onMoveTop(item))}
                atTop={item.order === 0}
                onEdit={() => onEdit(item)}
                onDelete={() => onDelete(item)}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </>
  );
}
