import Download from 'lucide-react/icons/download';
import { useState, type ReactNode } from 'react';
import { downloadExport, type ExportProgress } from '../../lib/exports';
import type { ExportRequest } from '../../schemas/export-job';
import Button from '../ui/Button';
import { cx } from '../ui/styles';
import { useAction } from '../ui/use-action';

const count = (n: number) => n.toLocaleString('en-GB');

function describe(progress: ExportProgress): string {
  if (progress.step === 'fetching')
    return `Downloading part ${progress.part} of ${progress.parts}…`;
  return progress.expectedRows === null
    ? `Preparing the file: ${count(progress.rows)} rows so far…`
    : `Preparing the file: ${count(progress.rows)} of ${count(progress.expectedRows)} rows…`;
}

/**
 * Starts a CSV export and saves the file once it is made (lib/exports.ts), saying how far it has
 * got meanwhile: a large list is written in the background first, then fetched in parts.
 * `look="link"` shows it as a link in running text.
 */
export default function ExportButton({
  request,
  children,
  look = 'button',
  onDone,
}: {
  request: ExportRequest;
  children: ReactNode;
  look?: 'button' | 'link';
  /** After the file was saved (e.g. to show the new "last exported" time). */
  onDone?: () => void;
}) {
  const action = useAction({
    toast: 'Export failed',
    fallback: 'The export failed. Please try again.',
  });
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const start = async () => {
    const saved = await action.run(() => downloadExport(request, setProgress));
    setProgress(null);
    if (saved) onDone?.();
  };
  return (
    <span className={cx('inline-flex flex-wrap items-center gap-2', look === 'link' && 'gap-1')}>
      {look === 'button' ? (
        <Button variant="secondary" busy={action.pending} spinner onClick={() => void start()}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {children}
        </Button>
      ) : (
        <button
          type="button"
          className="font-medium text-brand-700 underline underline-offset-4 disabled:opacity-60"
          disabled={action.pending}
          onClick={() => void start()}
        >
          {children}
        </button>
      )}
      <span role="status" className="text-sm text-ink-muted">
        {progress && describe(progress)}
      </span>
    </span>
  );
}
