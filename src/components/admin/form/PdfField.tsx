import { FileText, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { errorMessage, mutate } from '../../../lib/api';
import { MAX_PDF_BYTES, PDF_TOO_LARGE } from '../../../schemas/upload-limits';
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

/** A PDF's address with an upload button (POST /api/admin/upload-pdf; the server checks the bytes). */
export default function PdfField({ id, value, onChange, invalid, describedBy }: PdfFieldProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const hintId = useId();

  async function upload(file: File) {
    if (file.size > MAX_PDF_BYTES) {
      notify({ title: 'Error', description: PDF_TOO_LARGE, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const { pdfUrl } = await mutate<{ pdfUrl: string }>('POST', '/api/admin/upload-pdf', body);
      onChange(pdfUrl);
      notify({ title: 'Success', description: 'PDF uploaded successfully' });
      announce('PDF uploaded');
    } catch (error) {
      notify({ title: 'Error', description: errorMessage(error, 'Failed to upload the PDF'), variant: 'destructive' });
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
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
        {value && (
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
          PDF only, at most {(MAX_PDF_BYTES / 1024 / 1024).toFixed(1)} MB.
        </span>
      </div>
    </div>
  );
}
