import ArrowLeft from 'lucide-react/icons/arrow-left';
import Upload from 'lucide-react/icons/upload';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { apiRequest } from '../../../lib/api';
import { IMAGE_HINT } from '../../../lib/image-resize';
import { objectPosition } from '../../../schemas/image-focus';
import type { AssetView, MediaPage } from '../../../schemas/media';
import { can } from '../../../schemas/roles';
import { $session } from '../../../stores/session';
import Button from '../../ui/Button';
import Dialog from '../../ui/Dialog';
import LoadStatus from '../../ui/LoadStatus';
import Pagination from '../../ui/Pagination';
import { cx, ui } from '../../ui/styles';
import { useAction } from '../../ui/use-action';
import { useFetch } from '../use-fetch';
import FocalPointEditor, { type Focal } from './FocalPointEditor';
import { libraryUrl, saveAsset, uploadAsset } from './media-api';

/** What the picker hands back: the image's address and the alt text for this use (when asked for). */
export interface Picked {
  url: string;
  alt?: string;
  asset: AssetView;
}

/**
 * The one image picker, for every image field in the admin and on the page: the library (newest
 * first, searchable) or a new upload, then the focal point (click, drag or arrow keys) and, when
 * the field has one, the alt text for this use (the image's own description to start from). The
 * focal point is the image's own, kept for every page that shows it, so only those who may change
 * the library (editors and admins) set it; a contributor sees where it is.
 */
export default function MediaPicker({
  open,
  onClose,
  onPick,
  current,
  alt,
  onFocalChange,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (picked: Picked) => void | Promise<void>;
  /** The field's image now: marked in the grid. */
  current?: string;
  /** The alt text this use has now; undefined when the field keeps none. */
  alt?: string;
  /** Follows the focal point as it moves (in place: the page's own crop previews it). */
  onFocalChange?: (url: string, focal: Focal) => void;
}) {
  const idPrefix = useId();
  const session = useStore($session);
  const canPlace = session.status === 'signed-in' && can(session.user.role, 'content');
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<AssetView | null>(null);
  const [focal, setFocal] = useState<Focal>({ focalX: 0.5, focalY: 0.5 });
  const [altText, setAltText] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const list = useFetch<MediaPage>(libraryUrl(query, page));
  const uploading = useAction({ toast: 'Error', fallback: 'Failed to upload image' });
  const using = useAction({ fallback: 'The image could not be used. Please try again.' });

  // A search waits for a pause in typing, then starts at its first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(q.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [q]);

  const place = (url: string, next: Focal) => {
    setFocal(next);
    onFocalChange?.(url, next);
  };

  const choose = (asset: AssetView) => {
    setChosen(asset);
    place(asset.url, { focalX: asset.focalX, focalY: asset.focalY });
    setAltText(alt?.trim() ? alt : asset.alt);
  };

  const upload = (file: File | undefined) =>
    file &&
    uploading.run(async () => {
      const { id } = await uploadAsset(file);
      choose(await apiRequest<AssetView>('GET', `/api/admin/media/${id}`));
      if (fileRef.current) fileRef.current.value = '';
      void list.reload();
    });

  const use = () =>
    chosen &&
    using.run(async () => {
      const moved = canPlace && (focal.focalX !== chosen.focalX || focal.focalY !== chosen.focalY);
      const asset = moved ? await saveAsset(chosen.id, focal) : chosen;
      await onPick({ url: asset.url, asset, ...(alt === undefined ? {} : { alt: altText }) });
      setChosen(null);
    });

  const close = () => {
    setChosen(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      variant="panel"
      title={chosen ? 'Place the image' : 'Choose an image'}
      description={
        chosen
          ? canPlace
            ? 'Set the focal point every crop keeps in view, then use the image.'
            : 'Check the image, then use it.'
          : 'Pick one from the media library, or upload a new one.'
      }
    >
      {chosen ? (
        <div className="space-y-4" data-testid="media-picker-place">
          {canPlace ? (
            <FocalPointEditor
              src={chosen.url}
              alt={chosen.alt || chosen.name}
              value={focal}
              onChange={(next) => place(chosen.url, next)}
              idPrefix={idPrefix}
            />
          ) : (
            <div>
              <img
                src={chosen.url}
                alt={chosen.alt || chosen.name}
                className="max-h-72 w-full rounded-md bg-slate-100 object-contain"
              />
              <p className={ui.help}>
                Crops keep this image's focal point, which an editor or admin sets.
              </p>
            </div>
          )}
          <p className="text-xs text-ink-soft">
            {chosen.name} · {chosen.width} × {chosen.height}
            {chosen.credit && ` · ${chosen.credit}`}
            {chosen.licence && ` · ${chosen.licence}`}
          </p>
          {alt !== undefined && (
            <div>
              <label htmlFor={`${idPrefix}-alt`} className={ui.label}>
                Alt text here
              </label>
              <input
                id={`${idPrefix}-alt`}
                className={ui.input}
                value={altText}
                maxLength={300}
                onChange={(e) => setAltText(e.target.value)}
                aria-describedby={`${idPrefix}-alt-hint`}
              />
              <p id={`${idPrefix}-alt-hint`} className={ui.help}>
                What the image shows in this place. It starts from the image’s own description.
              </p>
            </div>
          )}
          {using.error && (
            <p role="alert" className={ui.error}>
              {using.error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void use()} busy={using.pending} busyLabel="Saving...">
              Use this image
            </Button>
            <Button variant="secondary" onClick={() => setChosen(null)}>
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              Back to the library
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4" data-testid="media-picker-library">
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-48 flex-1">
              <label htmlFor={`${idPrefix}-q`} className={ui.label}>
                Search the library
              </label>
              <input
                id={`${idPrefix}-q`}
                type="search"
                className={ui.input}
                value={q}
                placeholder="Name, alt text or credit"
                onChange={(e) => setQ(e.target.value)}
              />
            </div>
            <input
              ref={fileRef}
              id={`${idPrefix}-file`}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="media-picker-file"
              onChange={(e) => void upload(e.target.files?.[0])}
            />
            <Button
              variant="secondary"
              busy={uploading.pending}
              busyLabel="Uploading..."
              onClick={() => fileRef.current?.click()}
              aria-describedby={`${idPrefix}-hint`}
            >
              <Upload aria-hidden="true" className="h-4 w-4" />
              Upload new image
            </Button>
          </div>
          <p id={`${idPrefix}-hint`} className={ui.help}>
            {IMAGE_HINT}
          </p>
          <LoadStatus loaded={!!list.data} error={list.error} />
          {list.data && list.data.items.length === 0 && (
            <p className="text-sm text-ink-muted">
              {query ? 'No image matches this search.' : 'The library is empty: upload an image.'}
            </p>
          )}
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Images">
            {list.data?.items.map((asset) => (
              <li key={asset.id}>
                <button
                  type="button"
                  className={cx(
                    'block w-full overflow-hidden rounded-md border text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                    asset.url === current
                      ? 'border-brand-600 ring-2 ring-brand-600'
                      : 'border-slate-200 hover:border-brand-400',
                  )}
                  aria-pressed={asset.url === current}
                  onClick={() => choose(asset)}
                  data-testid="media-picker-item"
                >
                  <img
                    src={asset.url}
                    alt=""
                    loading="lazy"
                    className="aspect-[4/3] w-full bg-slate-100 object-cover"
                    style={{ objectPosition: objectPosition(asset) }}
                  />
                  <span className="block truncate px-2 py-1 text-xs text-ink">{asset.name}</span>
                </button>
              </li>
            ))}
          </ul>
          {list.data && (
            <Pagination
              page={list.data.page}
              pageSize={list.data.pageSize}
              total={list.data.total}
              onPage={setPage}
            />
          )}
        </div>
      )}
    </Dialog>
  );
}
