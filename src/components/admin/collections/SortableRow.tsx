import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ArrowUpToLine from 'lucide-react/icons/arrow-up-to-line';
import GripVertical from 'lucide-react/icons/grip-vertical';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash';
import { shownImage } from '../../../schemas/image-source';
import { cx, ui } from '../../ui/styles';

interface SortableRowProps {
  id: string;
  primary: string;
  secondary?: string;
  image?: string;
  index: number;
  count: number;
  busy: boolean;
  /** Shown in an order that is not the collection's (a search): it cannot be dragged here. */
  fixed?: boolean;
  onMove: (from: number, to: number) => void;
  /** Moves it first in the whole collection (a paged list: the top may be on another page). */
  onMoveTop?: () => void;
  /** Whether it is first in the whole collection already. */
  atTop?: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** One item of a collection list: drag handle (mouse, touch or keyboard), move buttons, edit, delete. */
export default function SortableRow({
  id,
  primary,
  secondary,
  image,
  index,
  count,
  busy,
  fixed,
  onMove,
  onMoveTop,
  atTop,
  onEdit,
  onDelete,
}: SortableRowProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, disabled: busy || fixed });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="collection-row"
      className={cx(
        'flex items-center gap-3 bg-white px-3 py-2.5',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-brand-500',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Drag to reorder ${primary}`}
        className={cx(ui.icon, 'cursor-grab touch-none active:cursor-grabbing')}
      >
        <GripVertical aria-hidden="true" className="h-4 w-4" />
      </button>
      {image !== undefined && (
        <div className="h-10 w-10 shrink-0 overflow-hidden rounded bg-slate-100">
          {/* One stored on another site would be blocked by the page: the box stays empty. */}
          {shownImage(image) && <img src={image} alt="" className="h-full w-full object-cover" />}
        </div>
      )}
      <div className="min-w-0 flex-1">
        {/* Whole titles, wrapped: on a phone a cut title leaves two reports looking alike. */}
        <p className="text-sm font-medium break-words text-ink" data-testid="row-title">
          {primary}
        </p>
        {secondary && <p className="text-xs break-words text-ink-soft">{secondary}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-0.5">
        {onMoveTop && (
          <button
            type="button"
            className={ui.icon}
            disabled={busy || atTop}
            onClick={onMoveTop}
            aria-label={`Move ${primary} to top`}
          >
            <ArrowUpToLine aria-hidden="true" className="h-4 w-4" />
          </button>
        )}
        <button
          type="button"
          className={ui.icon}
          disabled={busy || fixed || index === 0}
          onClick={() => onMove(index, index - 1)}
          aria-label={`Move ${primary} up`}
        >
          <ArrowUp aria-hidden="true" className="h-4 w-4" />
        </button>
        <button
          type="button"
          className={ui.icon}
          disabled={busy || fixed || index === count - 1}
          onClick={() => onMove(index, index + 1)}
          aria-label={`Move ${primary} down`}
        >
          <ArrowDown aria-hidden="true" className="h-4 w-4" />
        </button>
        <button type="button" className={ui.icon} onClick={onEdit} aria-label={`Edit ${primary}`}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
        </button>
        <button
          type="button"
          className={cx(ui.icon, 'hover:text-red-700')}
          onClick={onDelete}
          aria-label={`Delete ${primary}`}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </li>
  );
}
