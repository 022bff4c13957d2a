import { ui } from '../../ui/styles';
import { useLibraryOptions, type Option } from './library-options';

interface TopicsFieldProps {
  id: string;
  label: string;
  help?: string;
  value: string[];
  onChange: (value: string[]) => void;
  /** What the value holds of each area: its id (records) or its slug (newsletter topics). */
  by?: 'id' | 'slug';
}

/** The research areas a record belongs to, as checkboxes under one legend (several allowed). */
export default function TopicsField({
  id,
  label,
  help,
  value,
  onChange,
  by = 'id',
}: TopicsFieldProps) {
  const { options, error } = useLibraryOptions();
  return (
    <fieldset id={id} aria-describedby={help ? `${id}-hint` : undefined} className="sm:col-span-2">
      <legend className={ui.label}>{label}</legend>
      {help && (
        <p id={`${id}-hint`} className={ui.help}>
          {help}
        </p>
      )}
      <div className="mt-2">
        {!options ? (
          <p className="text-sm text-ink-soft">
            {error
              ? 'The research areas could not load. Reopen this form to try again.'
              : 'Loading research areas…'}
          </p>
        ) : options.topics.length ? (
          <Choices
            topics={options.topics.map((t) => ({
              ...t,
              id: by === 'slug' ? (t.slug ?? '') : t.id,
            }))}
            value={value}
            onChange={onChange}
          />
        ) : (
          <p className="text-sm text-ink-soft">
            No research areas yet: add them under Research areas first.
          </p>
        )}
      </div>
    </fieldset>
  );
}

function Choices({
  topics,
  value,
  onChange,
}: {
  topics: Option[];
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const known = new Set(topics.map((t) => t.id));
  const toggle = (topic: string, on: boolean) =>
    // Ids of areas since deleted are dropped on the next change.
    onChange(
      on
        ? [...value.filter((v) => known.has(v)), topic]
        : value.filter((v) => v !== topic && known.has(v)),
    );
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {topics.map((t) => (
        <label key={t.id} className="flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            checked={value.includes(t.id)}
            onChange={(e) => toggle(t.id, e.target.checked)}
            className="size-4 rounded border-slate-300"
          />
          {t.label}
        </label>
      ))}
    </div>
  );
}
