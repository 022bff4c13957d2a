import { ImageIcon, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../ui/toast';
import { announce } from '../../../stores/admin-announce';
import { cx, ui } from '../../ui/styles';
import { IMAGE_HINT } from '../../../lib/image-resize';
import { IMAGE_ACCEPT, uploadImage } from './upload';

interface ImageFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
}

/** An image address with a preview, an upload button and a way to clear it. */
export default function ImageField({ id, value, onChange, placeholder, invalid, describedBy }: ImageFieldProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [broken, setBroken] = useState(false);
  const hintId = useId();

  async function upload(file: File) {
    setBusy(true);
    try {
      const url = await uploadImage(file);
      setBroken(false);
      onChange(url);
      notify({ title: 'Success', description: 'Image uploaded successfully' });
      announce('Image uploaded');
    } catch (error) {
      notify({ title: 'Error', description: errorMessage(error, 'Failed to upload image'), variant: 'destructive' });
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  return (
    <div className="flex gap-3">
      <div className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50">
        {value && !broken ? (
          <img src={value} alt="Preview" className="h-full w-full object-cover" onError={() => setBroken(true)} />
        ) : (
          <ImageIcon aria-hidden="true" className="h-6 w-6 text-slate-400" />
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <input
          id={id}
          type="text"
          inputMode="url"
          value={value}
          placeholder={placeholder ?? 'https://… or upload an image'}
          onChange={(e) => {
            setBroken(false);
            onChange(e.target.value);
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={cx(describedBy, hintId) || undefined}
          className={ui.input}
        />
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={fileRef}
            type="file"
            accept={IMAGE_ACCEPT}
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
            {busy ? 'Uploading...' : 'Upload image'}
          </button>
          {value && (
            <button type="button" className={cx(ui.btn, ui.ghost, 'py-1.5')} onClick={() => onChange('')}>
              Remove
            </button>
          )}
          <span id={hintId} className="text-xs text-ink-soft">
            {IMAGE_HINT}
          </span>
        </div>
      </div>
    </div>
  );
}
