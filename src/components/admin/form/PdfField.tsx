import { FileText, RotateCw, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api';
import { downloadUnpublishedPdf, uploadPdf, type UploadProgress } from '../../../lib/pdf-upload';
import { parsePdfFileUrl } from '../../../schemas/pdf-upload';
import { MAX_PDF_FILE_BYTES, PDF_FILE_TOO_LARGE } from '../../../schemas/upload-limits';
import { announce } from '../../../stores/admin-announce';
import { notify } from '../../ui/toast';
import { cx, ui } from '../../ui/styles';

interface PdfFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * A PDF's address with an upload button: the file goes up in parts with a progress bar
 * (lib/pdf-upload.ts), and an interrupted upload resumes where it stopped. The server checks
 * the bytes.
 */
export default function PdfField({ id, value, onChange, invalid, describedBy }: PdfFieldProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  /** The file of an upload that stopped part-way, to resume. */
  const [paused, setPaused] = useState<File | null>(null);
  const hintId = useId();
  const progressId = useId();
  const busy = progress !== null;
  const parted = parsePdfFileUrl(value);

  async function upload(file: File) {
    if (file.size > MAX_PDF_FILE_BYTES) {
      notify({ title: 'Error', description: PDF_FILE_TOO_LARGE, variant: 'destructive' });
      return;
    }
    setPaused(null);
    setProgress({ sent: 0, total: file.size });
    try {
      const { pdfUrl } = await uploadPdf(file, setProgress);
      onChange(pdfUrl);
      notify({ title: 'Success', description: 'PDF uploaded successfully' });
      announce('PDF uploaded');
    } catch (error) {
      // Too large or not a PDF: nothing to resume. Anything else stopped part-way.
      if (!(error instanceof ApiError && [413, 415].includes(error.status))) setPaused(file);
      const message = error instanceof ApiError || !(error instanceof Error) ? errorMessage(error, 'Failed to upload the PDF') : error.message;
      notify({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setProgress(null);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  async function open() {
    if (!parted) return;
    try {
      await downloadUnpublishedPdf(parted.id, parted.fileName);
    } catch (error) {
      notify({ title: 'Error', description: errorMessage(error, 'Failed to open the PDF'), variant: 'destructive' });
    }
  }

  return (
    <div className="space-y-2">
      <input
        id={id}
        type="text"
        inputMode="url"
        value={value}
        placeholder="https://… or upload a PDF"
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={cx(describedBy, hintId) || undefined}
        className={ui.input}
      />
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={fileRef}
          type="file"
          accept="application/pdf"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid={`${id}-file`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <button type="button" className={cx(ui.btn, ui.secondary, 'py-1.5')} disabled={busy} onClick={() => fileRef.current?.click()}>
          <Upload aria-hidden="true" className="h-4 w-4" />
          {busy ? 'Uploading...' : 'Upload PDF'}
        </button>
        {paused && !busy && (
          <button type="button" className={cx(ui.btn, ui.secondary, 'py-1.5')} onClick={() => void upload(paused)}>
            <RotateCw aria-hidden="true" className="h-4 w-4" />
            Resume upload
          </button>
        )}
        {parted && (
          <button type="button" className={cx(ui.btn, ui.ghost, 'py-1.5')} onClick={() => void open()}>
            <FileText aria-hidden="true" className="h-4 w-4" />
            Open
          </button>
        )}
        {value && !parted && (
          <a href={value} className={cx(ui.btn, ui.ghost, 'py-1.5')} target="_blank" rel="noopener noreferrer">
            <FileText aria-hidden="true" className="h-4 w-4" />
            Open
          </a>
        )}
        {value && (
          <button type="button" className={cx(ui.btn, ui.ghost, 'py-1.5')} onClick={() => onChange('')}>
            Remove
          </button>
        )}
        <span id={hintId} className="text-xs text-ink-soft">
          PDF only, at most {MAX_PDF_FILE_BYTES / 1024 / 1024} MB.
        </span>
      </div>
      {progress && (
        <div className="flex items-center gap-3">
          <progress id={progressId} className="h-2 w-full max-w-xs accent-brand-700" max={progress.total} value={progress.sent} aria-label="PDF upload progress" />
          <span className="text-xs text-ink-soft tabular-nums" data-testid={`${id}-progress`}>
            {mb(progress.sent)} of {mb(progress.total)} MB
          </span>
        </div>
      )}
    </div>
  );
}
