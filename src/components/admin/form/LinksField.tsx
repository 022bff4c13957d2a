import type { NavLinkSetting } from '../../../schemas/site-settings';
import Button from '../../ui/Button';
import { cx, ui } from '../../ui/styles';
import RowControls, { moved } from './RowControls';

interface LinksFieldProps {
  id: string;
  label: string;
  help?: string;
  /** The admin's list, or null while the site shows the built-in links. */
  value: NavLinkSetting[] | null;
  /** The links the site shows while the value is null. */
  builtIn: NavLinkSetting[];
  onChange: (value: NavLinkSetting[] | null) => void;
  /** Row errors from the schema (`[index].label`, `[index].href`), or one message for the list. */
  errors?: unknown;
}

const rowError = (errors: unknown, index: number, key: 'label' | 'href'): string | undefined => {
  const row = Array.isArray(errors)
    ? (errors[index] as Record<string, { message?: string }> | undefined)
    : undefined;
  return row?.[key]?.message;
};

/**
 * A navigation list: label, address and "new tab" per link, in order. The built-in links are
 * shown as the list itself, ready to change; the first change makes the list the admin's own,
 * and "Use the built-in links" goes back (the site then follows the built-in list again).
 */
export default function LinksField({
  id,
  label,
  help,
  value,
  builtIn,
  onChange,
  errors,
}: LinksFieldProps) {
  const rows = value ?? builtIn;
  const set = (next: NavLinkSetting[]) => onChange(next);
  const update = (i: number, patch: Partial<NavLinkSetting>) =>
    set(rows.map((r, n) => (n === i ? { ...r, ...patch } : r)));
  const listMessage =
    errors && !Array.isArray(errors) ? (errors as { message?: string }).message : undefined;
  return (
    <fieldset
      id={id}
      aria-describedby={cx(help && `${id}-hint`, `${id}-state`) || undefined}
      className="sm:col-span-2"
    >
      <legend className={ui.label}>{label}</legend>
      {help && (
        <p id={`${id}-hint`} className={ui.help}>
          {help}
        </p>
      )}
      <p id={`${id}-state`} className="mt-1 text-xs text-ink-soft">
        {value
          ? 'Your own list.'
          : 'The built-in links: change any of them to make the list your own.'}
      </p>
      <ol className="mt-2 space-y-2">
        {rows.map((row, i) => {
          const labelError = rowError(errors, i, 'label');
          const hrefError = rowError(errors, i, 'href');
          return (
            <li
              key={i}
              className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[1fr_1.5fr_auto_auto] sm:items-start"
            >
              <div>
                <label
                  htmlFor={`${id}-${i}-label`}
                  className="sr-only"
                >{`Link ${i + 1} label`}</label>
                <input
                  id={`${id}-${i}-label`}
                  value={row.label}
                  onChange={(e) => update(i, { label: e.target.value })}
                  placeholder="Label"
                  aria-invalid={labelError ? true : undefined}
                  className={ui.input}
                />
                {labelError && <p className={ui.error}>{labelError}</p>}
              </div>
              <div>
                <label
                  htmlFor={`${id}-${i}-href`}
                  className="sr-only"
                >{`Link ${i + 1} address`}</label>
                <input
                  id={`${id}-${i}-href`}
                  value={row.href}
                  onChange={(e) => update(i, { href: e.target.value })}
                  placeholder="/page, #section or https://…"
                  aria-invalid={hrefError ? true : undefined}
                  className={ui.input}
                />
                {hrefError && <p className={ui.error}>{hrefError}</p>}
              </div>
              <label className="flex min-h-9 items-center gap-2 text-sm text-ink">
                <input
                  type="checkbox"
                  checked={row.newTab}
                  onChange={(e) => update(i, { newTab: e.target.checked })}
                  className="size-4 rounded border-slate-300"
                />
                New tab
              </label>
              <RowControls
                index={i}
                count={rows.length}
                itemName="link"
                onMove={(by) => set(moved(rows, i, by))}
                onRemove={() => set(rows.filter((_, n) => n !== i))}
              />
            </li>
          );
        })}
      </ol>
      {listMessage && <p className={ui.error}>{listMessage}</p>}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => set([...rows, { label: '', href: '', newTab: false }])}
          disabled={rows.length >= 12}
        >
          Add a link
        </Button>
        {value && (
          <Button variant="ghost" onClick={() => onChange(null)}>
            Use the built-in links
          </Button>
        )}
      </div>
    </fieldset>
  );
}
