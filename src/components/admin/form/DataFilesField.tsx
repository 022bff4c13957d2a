import Trash2 from 'lucide-react/icons/trash';
import type { DataColumn, DataFile } from '../../../schemas/data-file';
import { MAX_DATA_COLUMNS, MAX_DATA_FILES } from '../../../schemas/data-file';
import Button from '../../ui/Button';
import UploadField from '../../ui/UploadField';
import { cx, ui } from '../../ui/styles';
import { DATA_UPLOAD } from './upload';

interface DataFilesFieldProps {
  id: string;
  label: string;
  help?: string;
  value: DataFile[];
  onChange: (value: DataFile[]) => void;
  /** Errors from the schema, per file (`[index].title`) or for the list. */
  errors?: unknown;
}

type FileErrors = Partial<Record<keyof DataFile, { message?: string }>> | undefined;
const fileErrors = (errors: unknown, index: number): FileErrors =>
  Array.isArray(errors) ? (errors[index] as FileErrors) : undefined;

/**
 * A publication's data files: each uploaded in parts, with a title, a description and its data
 * dictionary (one row per column: its name in the file, what it means, its unit).
 */
export default function DataFilesField({
  id,
  label,
  help,
  value,
  onChange,
  errors,
}: DataFilesFieldProps) {
  const change = (i: number, patch: Partial<DataFile>) =>
    onChange(value.map((f, n) => (n === i ? { ...f, ...patch } : f)));
  const changeColumn = (i: number, c: number, patch: Partial<DataColumn>) =>
    change(i, {
      columns: value[i]!.columns.map((col, n) => (n === c ? { ...col, ...patch } : col)),
    });
  return (
    <fieldset id={id} aria-describedby={help ? `${id}-hint` : undefined} className="sm:col-span-2">
      <legend className={ui.label}>{label}</legend>
      {help && (
        <p id={`${id}-hint`} className={ui.help}>
          {help}
        </p>
      )}
      <ol className="mt-2 space-y-3">
        {value.map((file, i) => {
          const error = fileErrors(errors, i);
          const n = i + 1;
          return (
            <li key={i} className="space-y-2 rounded-md border border-slate-200 p-3">
              <fieldset aria-label={`Data file ${n}`} className="space-y-2">
                <div>
                  <label htmlFor={`${id}-${i}-url`} className={ui.label}>
                    {`File ${n}`}
                  </label>
                  <UploadField
                    id={`${id}-${i}-url`}
                    kind={DATA_UPLOAD}
                    value={file.url}
                    onChange={(url) => change(i, { url })}
                    invalid={!!error?.url}
                  />
                  {error?.url?.message && <p className={ui.error}>{error.url.message}</p>}
                </div>
                <div>
                  <label htmlFor={`${id}-${i}-title`} className={ui.label}>
                    {`Title of file ${n}`}
                  </label>
                  <input
                    id={`${id}-${i}-title`}
                    value={file.title}
                    onChange={(e) => change(i, { title: e.target.value })}
                    aria-invalid={error?.title ? true : undefined}
                    className={ui.input}
                  />
                  {error?.title?.message && <p className={ui.error}>{error.title.message}</p>}
                </div>
                <div>
                  <label htmlFor={`${id}-${i}-description`} className={ui.label}>
                    {`Description of file ${n}`}
                  </label>
                  <textarea
                    id={`${id}-${i}-description`}
                    value={file.description}
                    rows={2}
                    onChange={(e) => change(i, { description: e.target.value })}
                    className={cx(ui.input, 'resize-y')}
                  />
                </div>
                <table className="w-full text-sm">
                  <caption
                    className={cx(ui.label, 'text-left')}
                  >{`Data dictionary of file ${n}`}</caption>
                  <thead>
                    <tr className="text-left text-xs text-ink-soft">
                      <th scope="col">Column</th>
                      <th scope="col">Meaning</th>
                      <th scope="col">Unit</th>
                      <th scope="col">
                        <span className="sr-only">Remove</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {file.columns.map((col, c) => (
                      <tr key={c}>
                        {(['name', 'meaning', 'unit'] as const).map((part) => (
                          <td key={part} className="pr-1 pb-1">
                            <input
                              aria-label={`${part === 'name' ? 'Column' : part === 'meaning' ? 'Meaning' : 'Unit'} ${c + 1} of file ${n}`}
                              value={col[part]}
                              onChange={(e) => changeColumn(i, c, { [part]: e.target.value })}
                              className={ui.input}
                            />
                          </td>
                        ))}
                        <td className="pb-1">
                          <button
                            type="button"
                            className={ui.icon}
                            onClick={() =>
                              change(i, { columns: file.columns.filter((_, m) => m !== c) })
                            }
                            aria-label={`Remove column ${c + 1} of file ${n}`}
                          >
                            <Trash2 className="size-4" aria-hidden="true" />
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() =>
                      change(i, { columns: [...file.columns, { name: '', meaning: '', unit: '' }] })
                    }
                    disabled={file.columns.length >= MAX_DATA_COLUMNS}
                  >
                    {`Add a column to file ${n}`}
                  </Button>
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={() => onChange(value.filter((_, m) => m !== i))}
                  >
                    {`Remove file ${n}`}
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        className="mt-2"
        onClick={() => onChange([...value, { url: '', title: '', description: '', columns: [] }])}
        disabled={value.length >= MAX_DATA_FILES}
      >
        Add a data file
      </Button>
    </fieldset>
  );
}
