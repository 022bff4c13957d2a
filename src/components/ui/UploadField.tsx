import ImageIcon from 'lucide-react/icons/image';
import RotateCw from 'lucide-react/icons/rotate-cw';
import Upload from 'lucide-react/icons/upload';
import { useId, useRef, useState, type ReactNode } from 'react';
import type { UploadProgress } from '../../lib/pdf-upload';
import { shownImage } from '../../schemas/image-source';
import Button from './Button';
import { cx, ui, type ButtonLook } from './styles';
import { notify } from './toast';
import { useAction } from './use-action';

/** What differs between the site's uploads: where the file goes and the words around it. */
export interface UploadKind {
  /** Sends the file; resolves to its address. Reports the bytes sent when it can (a progress bar shows them). */
  upload: (file: File, onProgress: (progress: UploadProgress) => void) => Promise<string>;
  /** Accepted types (the server checks the bytes too). */
  accept: string;
  /** The upload button's words, e.g. 'Upload image'. */
  uploadLabel: string;
  /** The button's words once there is a file, when they differ (e.g. 'Change photo'). */
  changeLabel?: string;
  /** The address field's placeholder (the admin look). */
  placeholder?: string;
  /** The line under the field: types and size. */
  hint: string;
  /** The success toast's words, e.g. 'Image uploaded successfully'. */
  uploaded: string;
  /** What a failure says when the server gives no reason. */
  failed: string;
  /** Words for a failure other than the server's reason or `failed` (e.g. a dropped connection's own). */
  describeFailure?: (failure: unknown) => string;
  /** Whether an upload that failed this way can resume (it then offers 'Resume upload'). */
  resumable?: (failure: unknown) => boolean;
  /** The name of the progress bar, e.g. 'PDF upload progress'. */
  progressLabel?: string;
  /** Runs after a successful upload (e.g. a screen-reader announcement). */
  onUploaded?: () => void;
}

interface UploadFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  kind: UploadKind;
  /**
   * admin: the address can also be typed, and a button opens the file picker; site: a labelled
   * file input styled as a button, for visitors.
   */
  look?: ButtonLook;
  /** A square thumbnail of the image (admin), a round avatar (site), or none (a PDF). */
  preview?: 'thumbnail' | 'avatar' | 'none';
  /** The site look's label above the field. */
  label?: ReactNode;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  /** Something else is running (the form sends, a lookup fills the field): no new file meanwhile. */
  disabled?: boolean;
  /** More buttons beside the upload button (e.g. 'Open'). */
  actions?: ReactNode;
  /** A live line under the hint (the site look), e.g. what fills the field meanwhile. */
  status?: ReactNode;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * The one upload field: an address with an upload button, a preview, progress when the upload
 * reports it, a 'Resume upload' after a failure that can resume, and a toast either way.
 */
export default function UploadField({
  id,
  value,
  onChange,
  kind,
  look = 'admin',
  preview = 'none',
  label,
  placeholder,
  invalid,
  describedBy,
  disabled = false,
  actions,
  status,
}: UploadFieldProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  /** The file of an upload that stopped part-way, to resume. */
  const [paused, setPaused] = useState<File | null>(null);
  const [broken, setBroken] = useState(false);
  const hintId = useId();
  const action = useAction({
    toast: 'Error',
    fallback: kind.failed,
    describe: kind.describeFailure,
  });
  const busy = action.pending;

  async function send(file: File) {
    setPaused(null);
    await action.run(
      async () => {
        const url = await kind.upload(file, setProgress);
        setBroken(false);
        onChange(url);
        notify({ title: 'Success', description: kind.uploaded });
        kind.onUploaded?.();
      },
      { onFailure: (failure) => kind.resumable?.(failure) && setPaused(file) },
    );
    setProgress(null);
    if (fileRef.current) fileRef.current.value = '';
  }

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (file) void send(file);
  };
  const setAddress = (text: string) => {
    setBroken(false);
    onChange(text);
  };

  if (look === 'site') {
    return (
      <div>
        <span id={`${id}-label`} className="text-sm font-medium text-ink">
          {label}
        </span>
        <div className="mt-2 flex items-center gap-4">
          <span className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-50 ring-1 ring-slate-200">
            {value ? (
              <img
                src={value}
                alt="Preview of your upload"
                className="size-full object-cover"
                width={64}
                height={64}
                data-photo-preview
              />
            ) : (
              <svg
                className="size-7 text-brand-300"
                viewBox="0 0 24 24"
                fill="currentColor"
                aria-hidden="true"
              >
                <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.5-8 5.5V21h16v-1.5c0-3-3.6-5.5-8-5.5z" />
              </svg>
            )}
          </span>
          <div className="flex flex-col gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <input
                ref={fileRef}
                id={id}
                type="file"
                accept={kind.accept}
                className="peer sr-only"
                disabled={busy || disabled}
                aria-labelledby={`${id}-label ${id}-button`}
                aria-describedby={hintId}
                onChange={(e) => choose(e.currentTarget.files)}
              />
              <label
                id={`${id}-button`}
                htmlFor={id}
                className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3.5 text-sm font-medium text-ink shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-wait peer-disabled:opacity-60 hover:bg-slate-50"
              >
                {busy && (
                  <span
                    className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
                    aria-hidden="true"
                  />
                )}
                {busy
                  ? 'Uploading...'
                  : value
                    ? (kind.changeLabel ?? kind.uploadLabel)
                    : kind.uploadLabel}
              </label>
              {value && !busy && !disabled && (
                <button
                  type="button"
                  className="min-h-10 rounded-lg px-2 text-sm font-medium text-ink-muted underline-offset-4 hover:text-red-700 hover:underline"
                  onClick={() => onChange('')}
                >
                  Remove
                </button>
              )}
            </div>
            <p id={hintId} className="text-xs text-ink-soft">
              {kind.hint}
            </p>
            {status}
          </div>
        </div>
      </div>
    );
  }

  const body = (
    <div className={cx('space-y-2', preview === 'thumbnail' && 'min-w-0 flex-1')}>
      <input
        id={id}
        type="text"
        inputMode="url"
        value={value}
        placeholder={placeholder ?? kind.placeholder}
        onChange={(e) => setAddress(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={cx(describedBy, hintId) || undefined}
        className={ui.input}
      />
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={fileRef}
          type="file"
          accept={kind.accept}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid={`${id}-file`}
          onChange={(e) => choose(e.target.files)}
        />
        <Button
          variant="secondary"
          size="sm"
          disabled={busy || disabled}
          onClick={() => fileRef.current?.click()}
        >
          <Upload aria-hidden="true" className="h-4 w-4" />
          {busy ? 'Uploading...' : kind.uploadLabel}
        </Button>
        {paused && !busy && (
          <Button variant="secondary" size="sm" onClick={() => void send(paused)}>
            <RotateCw aria-hidden="true" className="h-4 w-4" />
            Resume upload
          </Button>
        )}
        {actions}
        {value && (
          <Button variant="ghost" size="sm" onClick={() => onChange('')}>
            Remove
          </Button>
        )}
        <span id={hintId} className="text-xs text-ink-soft">
          {kind.hint}
        </span>
      </div>
      {progress && (
        <div className="flex items-center gap-3">
          <progress
            className="h-2 w-full max-w-xs accent-brand-700"
            max={progress.total}
            value={progress.sent}
            aria-label={kind.progressLabel}
          />
          <span className="text-xs text-ink-soft tabular-nums" data-testid={`${id}-progress`}>
            {mb(progress.sent)} of {mb(progress.total)} MB
          </span>
        </div>
      )}
    </div>
  );
  if (preview !== 'thumbnail') return body;
  return (
    <div className="flex gap-3">
      <div className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50">
        {/* A pasted address on another site cannot load here: the save brings it onto this site. */}
        {shownImage(value) && !broken ? (
          <img
            src={value}
            alt="Preview"
            className="h-full w-full object-cover"
            onError={() => setBroken(true)}
          />
        ) : (
          <ImageIcon aria-hidden="true" className="h-6 w-6 text-slate-400" />
        )}
      </div>
      {body}
    </div>
  );
}
