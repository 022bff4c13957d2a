import { useId, useState } from 'react';
import { errorMessage, mutate } from '../../lib/api';
import { IMAGE_HINT, prepareUpload } from '../../lib/image-resize';
import { notify } from '../ui/toast';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * Optional profile photo: shrunk in the browser, uploaded to /api/upload/testimonial-photo
 * (multipart field 'testimonial-photo'), previewed, removable. `busy` also covers the LinkedIn lookup.
 */
export default function PhotoField({ value, onChange, busy, lookingUp }: { value: string; onChange: (url: string) => void; busy: boolean; lookingUp: boolean }) {
  const id = useId();
  const [uploading, setUploading] = useState(false);

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      const body = new FormData();
      body.append('testimonial-photo', await prepareUpload(file));
      const { imageUrl } = await mutate<{ imageUrl: string }>('POST', '/api/upload/testimonial-photo', body);
      onChange(imageUrl);
      notify({ title: 'Success', description: 'Image uploaded successfully' });
    } catch (error) {
      notify({ title: 'Error', description: errorMessage(error, 'Failed to upload image'), variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  }

  const working = uploading || busy;
  return (
    <div>
      <span id={`${id}-label`} className="text-sm font-medium text-ink">Profile Photo <span className="font-normal text-ink-soft">(optional)</span></span>
      <div className="mt-2 flex items-center gap-4">
        <span className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-50 ring-1 ring-slate-200">
          {value ? (
            <img src={value} alt="Preview of your upload" className="size-full object-cover" width={64} height={64} data-photo-preview />
          ) : (
            <svg className="size-7 text-brand-300" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.5-8 5.5V21h16v-1.5c0-3-3.6-5.5-8-5.5z" />
            </svg>
          )}
        </span>
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <input
              id={id}
              type="file"
              accept={ACCEPT}
              className="peer sr-only"
              disabled={working}
              aria-labelledby={`${id}-label ${id}-button`}
              aria-describedby={`${id}-hint`}
              onChange={(e) => {
                void upload(e.currentTarget.files?.[0]);
                e.currentTarget.value = '';
              }}
            />
            <label
              id={`${id}-button`}
              htmlFor={id}
              className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3.5 text-sm font-medium text-ink shadow-sm hover:bg-slate-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-wait peer-disabled:opacity-60"
            >
              {uploading && <span className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" aria-hidden="true" />}
              {uploading ? 'Uploading...' : value ? 'Change photo' : 'Upload photo'}
            </label>
            {value && !working && (
              <button type="button" className="min-h-10 rounded-lg px-2 text-sm font-medium text-ink-muted underline-offset-4 hover:text-red-700 hover:underline" onClick={() => onChange('')}>
                Remove
              </button>
            )}
          </div>
          <p id={`${id}-hint`} className="text-xs text-ink-soft">{IMAGE_HINT}</p>
          <p className="text-xs text-brand-700" role="status" aria-live="polite">
            {lookingUp ? 'Fetching your LinkedIn profile photo...' : ''}
          </p>
        </div>
      </div>
    </div>
  );
}
