import Upload from 'lucide-react/icons/upload';
import { useEffect, useRef, useState } from 'react';
import { mutate } from '../../../lib/api';
import { IMAGE_HINT } from '../../../lib/image-resize';
import { objectPosition } from '../../../schemas/image-focus';
import type { AssetView, MediaPage as Library } from '../../../schemas/media';
import Button from '../../ui/Button';
import LoadStatus from '../../ui/LoadStatus';
import Pagination from '../../ui/Pagination';
import { cx, ui } from '../../ui/styles';
import { notify } from '../../ui/toast';
import { useAction } from '../../ui/use-action';
import PageHeader from '../PageHeader';
import { useFetch } from '../use-fetch';
import AssetDetails from './AssetDetails';
import { libraryUrl, uploadAsset } from './media-api';

/** Whether the address asks for the images without alt text (the dashboard links here so). */
const askedForMissingAlt = () =>
  typeof window !== 'undefined' &&
  new URLSearchParams(window.location.search).get('alt') === 'missing';

/**
 * The media library: every image, newest first, searchable, with those lacking alt text one tick
 * away; each opens to its focal point, texts, uses, replacement and delete. On first use it moves
 * the images uploaded before the library into it (in steps, until the server says it is done).
 */
export default function MediaPage() {
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [missingAlt, setMissingAlt] = useState(askedForMissingAlt);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AssetView | null>(null);
  const list = useFetch<Library>(libraryUrl(query, page, missingAlt));
  const uploading = useAction({ toast: 'Error', fallback: 'Failed to upload image' });
  const migrating = useAction({ fallback: 'Earlier uploads could not be brought in yet.' });
  const fileRef = useRef<HTMLInputElement>(null);
  const migrationStarted = useRef(false);
  const { reload } = list;

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(q.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [q]);

  const notMigrated = list.data?.migrated === false;
  useEffect(() => {
    if (!notMigrated || migrationStarted.current) return;
    migrationStarted.current = true;
    void migrating.run(async () => {
      // Each step does what fits in one request; the server says when nothing is left.
      for (let step = 0; step < 100; step++) {
        const { done } = await mutate<{ done: boolean }>('POST', '/api/admin/media/migrate');
        if (done) break;
      }
      await reload();
    });
  }, [notMigrated, migrating, reload]);

  const upload = (file: File | undefined) =>
    file &&
    uploading.run(async () => {
      await uploadAsset(file);
      if (fileRef.current) fileRef.current.value = '';
      void notify({ title: 'Success', description: 'Image uploaded successfully' });
      setPage(1);
      await reload();
    });

  const items = list.data?.items ?? [];
  return (
    <div className="space-y-6">
      <PageHeader
        title="Media"
        description="Every image the site shows: describe it once, credit it, choose what its crops keep in view, and see where it is used."
      />
      {migrating.pending && (
        <p role="status" className="text-sm text-ink-muted">
          Bringing images uploaded before the library into it…
        </p>
      )}
      {migrating.error && (
        <p role="alert" className={ui.error}>
          {migrating.error}
        </p>
      )}
      <div className={cx(ui.card, 'flex flex-wrap items-end gap-4 p-4')}>
        <div className="min-w-56 flex-1">
          <label htmlFor="media-search" className={ui.label}>
            Search
          </label>
          <input
            id="media-search"
            type="search"
            className={ui.input}
            placeholder="Name, alt text or credit"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            checked={missingAlt}
            onChange={(e) => {
              setMissingAlt(e.target.checked);
              setPage(1);
            }}
          />
          Only images without alt text
        </label>
        <input
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="media-upload-file"
          onChange={(e) => void upload(e.target.files?.[0])}
        />
        <div>
          <Button
            busy={uploading.pending}
            busyLabel="Uploading..."
            onClick={() => fileRef.current?.click()}
            aria-describedby="media-upload-hint"
          >
            <Upload aria-hidden="true" className="h-4 w-4" />
            Upload image
          </Button>
          <p id="media-upload-hint" className={ui.help}>
            {IMAGE_HINT}
          </p>
        </div>
      </div>

      <LoadStatus loaded={!!list.data} error={list.error} />
      {list.data && items.length === 0 && (
        <p className="text-sm text-ink-muted">
          {query || missingAlt ? 'No image matches.' : 'No images yet: upload the first.'}
        </p>
      )}
      <ul
        className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4"
        aria-label="Images"
        data-testid="media-grid"
      >
        {items.map((asset) => (
          <li key={asset.id} className={cx(ui.card, 'overflow-hidden')} data-testid="media-item">
            <button
              type="button"
              className="block w-full text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              onClick={() => setOpen(asset)}
            >
              <img
                src={asset.url}
                alt=""
                loading="lazy"
                className="aspect-[4/3] w-full bg-slate-100 object-cover"
                style={{ objectPosition: objectPosition(asset) }}
              />
              <span className="block space-y-1 p-3 text-sm">
                <span className="block truncate font-medium text-ink">{asset.name}</span>
                <span className="block text-xs text-ink-muted">
                  {asset.uses === 0
                    ? 'Not used'
                    : `Used in ${asset.uses} place${asset.uses === 1 ? '' : 's'}`}
                </span>
                {!asset.alt.trim() && (
                  <span className="inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                    No alt text
                  </span>
                )}
              </span>
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
      {open && (
        <AssetDetails asset={open} onClose={() => setOpen(null)} onChanged={() => void reload()} />
      )}
    </div>
  );
}
