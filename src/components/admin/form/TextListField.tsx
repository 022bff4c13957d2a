import Button from '../../ui/Button';
import { cx, ui } from '../../ui/styles';
import RowControls, { moved } from './RowControls';

interface TextListFieldProps {
  id: string;
  label: string;
  help?: string;
  value: string[];
  onChange: (value: string[]) => void;
  /** What one item is called in button labels ('finding'). */
  itemName: string;
  maxItems: number;
  /** Item errors from the schema (`[index]`), or one message for the list. */
  errors?: unknown;
}

const itemError = (errors: unknown, index: number): string | undefined =>
  Array.isArray(errors) ? (errors[index] as { message?: string } | undefined)?.message : undefined;

/** An ordered list of short texts: add, remove, and move each up or down. */
export default function TextListField({
  id,
  label,
  help,
  value,
  onChange,
  itemName,
  maxItems,
  errors,
}: TextListFieldProps) {
  const listMessage =
    errors && !Array.isArray(errors) ? (errors as { message?: string }).message : undefined;
  return (
    <fieldset id={id} aria-describedby={help ? `${id}-hint` : undefined} className="sm:col-span-2">
      <legend className={ui.label}>{label}</legend>
      {help && (
        <p id={`${id}-hint`} className={ui.help}>
          {help}
        </p>
      )}
      <ol className="mt-2 space-y-2">
        {value.map((item, i) => {
          const error = itemError(errors, i);
          return (
            <li
              key={i}
              className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[1fr_auto] sm:items-start"
            >
              <div>
                <label htmlFor={`${id}-${i}`} className="sr-only">{`${label} ${i + 1}`}</label>
                <textarea
                  id={`${id}-${i}`}
                  value={item}
                  rows={2}
                  onChange={(e) => onChange(value.map((v, n) => (n === i ? e.target.value : v)))}
                  aria-invalid={error ? true : undefined}
                  className={cx(ui.input, 'resize-y')}
                />
                {error && <p className={ui.error}>{error}</p>}
              </div>
              <RowControls
                index={i}
                count={value.length}
                itemName={itemName}
                onMove={(by) => onChange(moved(value, i, by))}
                onRemove={() => onChange(value.filter((_, n) => n !== i))}
              />
            </li>
          );
        })}
      </ol>
      {listMessage && <p className={ui.error}>{listMessage}</p>}
      <Button
        variant="secondary"
        className="mt-2"
        onClick={() => onChange([...value, ''])}
        disabled={value.length >= maxItems}
      >
        {`Add a ${itemName}`}
      </Button>
    </fieldset>
  );
}
