import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import Button from '../../ui/Button';

interface ConflictNoticeProps {
  /** Field name -> the value someone else saved meanwhile. */
  conflicts: Record<string, string>;
  labelFor: (field: string) => string;
  onKeepTheirs: (field: string) => void;
  onOverwrite: (field: string) => void;
}

/** After a 409: shows what someone else saved, and lets the admin keep theirs or overwrite it. */
export default function ConflictNotice({
  conflicts,
  labelFor,
  onKeepTheirs,
  onOverwrite,
}: ConflictNoticeProps) {
  const fields = Object.keys(conflicts);
  if (fields.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p className="flex items-center gap-2 font-medium">
        <AlertTriangle aria-hidden="true" className="h-4 w-4" />
        Someone else changed this since you started editing
      </p>
      <ul className="mt-3 space-y-3">
        {fields.map((field) => (
          <li key={field} className="rounded border border-amber-200 bg-white p-3">
            <p className="font-medium text-ink">{labelFor(field)}</p>
            <p className="mt-1 break-words whitespace-pre-wrap text-ink-muted">
              Current value: <span className="text-ink">{conflicts[field] || '(empty)'}</span>
            </p>
            <div className="mt-2 flex gap-2">
              <Button
                variant="secondary"
                className="py-1 text-xs"
                onClick={() => onKeepTheirs(field)}
              >
                Keep theirs
              </Button>
              <Button className="py-1 text-xs" onClick={() => onOverwrite(field)}>
                Overwrite with mine
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
