import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Trash2 from 'lucide-react/icons/trash';
import { ui } from '../../ui/styles';

/** The list with row `i` moved `by` places (-1 up, 1 down). */
export function moved<T>(list: readonly T[], i: number, by: number): T[] {
  const next = [...list];
  const [row] = next.splice(i, 1);
  next.splice(i + by, 0, row!);
  return next;
}

/**
 * Move up, move down and remove for row `index` of `count` in an ordered list field, each button
 * named for its row ('Move finding 2 up'), since a screen reader meets them away from the row.
 */
export default function RowControls({
  index,
  count,
  itemName,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  itemName: string;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <div className="flex gap-1">
      <button
        type="button"
        className={ui.icon}
        onClick={() => onMove(-1)}
        disabled={index === 0}
        aria-label={`Move ${itemName} ${n} up`}
      >
        <ArrowUp className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={ui.icon}
        onClick={() => onMove(1)}
        disabled={index === count - 1}
        aria-label={`Move ${itemName} ${n} down`}
      >
        <ArrowDown className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={ui.icon}
        onClick={onRemove}
        aria-label={`Remove ${itemName} ${n}`}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
