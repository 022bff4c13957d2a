import { ui } from '../../ui/styles';
import { capitalise } from './collection-configs/collection-config';

const STATUSES = ['published', 'scheduled', 'draft'] as const;

/**
 * A paged collection's search and status filter above its list: the server does the searching,
 * so the page sends the words once the admin pauses (it debounces `onType`'s text).
 */
export default function CollectionFilters({
  api,
  title,
  typed,
  onType,
  status,
  onStatus,
}: {
  /** The collection's API name, which makes the fields' ids. */
  api: string;
  /** The collection's name in the plural, as the search's label says it. */
  title: string;
  typed: string;
  onType: (text: string) => void;
  status: string;
  onStatus: (status: string) => void;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <div className="max-w-sm flex-1">
        <label htmlFor={`${api}-search`} className="mb-1 block text-sm font-medium">
          Search {title.toLowerCase()}
        </label>
        <input
          id={`${api}-search`}
          type="search"
          value={typed}
          onChange={(e) => onType(e.target.value)}
          placeholder="Words of the title"
          className={ui.input}
        />
      </div>
      <div>
        <label htmlFor={`${api}-status`} className="mb-1 block text-sm font-medium">
          Status
        </label>
        <select
          id={`${api}-status`}
          value={status}
          onChange={(e) => onStatus(e.target.value)}
          className={ui.input}
        >
          <option value="">Any</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {capitalise(s)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
