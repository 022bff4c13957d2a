import RefreshCw from 'lucide-react/icons/refresh-cw';
import Trash2 from 'lucide-react/icons/trash-2';
import { useId, useRef, useState } from 'react';
import { ApiError, mutate } from '../../../lib/api';
import { prepareUpload } from '../../../lib/image-resize';
import type { AssetUse, AssetView } from '../../../schemas/media';
import Button from '../../ui/Button';
import ConfirmDialog from '../../ui/ConfirmDialog';
import Dialog from '../../ui/Dialog';
import LoadStatus from '../../ui/LoadStatus';
import { ui } from '../../ui/styles';
import { notify } from '../../ui/toast';
import { useAction } from '../../ui/use-action';
import AdminLink from '../AdminLink';
import { useFetch } from '../use-fetch';
import FocalPointEditor, { type Focal } from './FocalPointEditor';
import { saveAsset } from './media-api';

const COLLECTION_LABELS: Record<string, string> = {
  'research-areas': 'Research area',
  'team-members': 'Team member',
  publications: 'Publication',
  events: 'Event',
  stats: 'Stat',
};

/** Where a use is edited: the collection's page, or the site texts. */
function UseLink({ use }: { use: AssetUse }) {
  const [collection = ''] = use.target.split('/');
  const page = use.target === 'site-settings' ? 'site-settings' : collection;
  const kind = use.target === 'site-settings' ? 'Site texts' : COLLECTION_LABELS[collection];
  return (
    <AdminLink page={page} className="font-medium text-brand-700 underline">
      {kind && kind !== use.label ? `${kind}: ${use.label}` : use.label}
    </AdminLink>
  );
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * One asset: its focal point, alt text, credit and licence, every place that shows it, a new
 * file for all of them at once, and delete (offered only while nothing shows it).
 */
export default function AssetDetails({
  asset,
  onClose,
  onChanged,
}: {
  asset: AssetView;
  onClose: () => void;
  onChanged: () => void;
}) {
  const idPrefix = useId();
  const [shown, setShown] = useState(asset);
  const [focal, setFocal] = useState<Focal>({ focalX: asset.focalX, focalY: asset.focalY });
  const [texts, setTexts] = useState({
    alt: asset.alt,
    credit: asset.credit,
    licence: asset.licence,
  });
  const [confirming, setConfirming] = useState(false);
  const uses = useFetch<AssetUse[]>(`/api/admin/media/${asset.id}/uses`);
  const saving = useAction({ fallback: 'The image could not be saved. Please try again.' });
  const replacing = useAction({ toast: 'Error', fallback: 'The file could not be replaced.' });
  const deleting = useAction({ fallback: 'The image could not be deleted.' });
  const fileRef = useRef<HTMLInputElement>(null);

  const save = () =>
    saving.run(async () => {
      const next = await saveAsset(asset.id, { ...texts, ...focal });
      setShown(next);
      onChanged();
      void notify({
        title: 'Image saved',
        description:
          next.focalX !== shown.focalX || next.focalY !== shown.focalY
            ? 'The pages that show it are being rebuilt with the new crop.'
            : 'Its details are saved.',
      });
    });

  const replace = (file: File | undefined) =>
    file &&
    replacing.run(async () => {
      const body = new FormData();
      body.append('file', await prepareUpload(file, 2000));
      const next = await mutate<AssetView>('PUT', `/api/admin/media/${asset.id}/file`, body);
      setShown(next);
      onChanged();
      void uses.reload();
      void notify({
        title: 'File replaced',
        description: 'Every place that showed it shows the new one.',
      });
      if (fileRef.current) fileRef.current.value = '';
    });

  const remove = () =>
    deleting.run(
      async () => {
        await mutate('DELETE', `/api/admin/media/${asset.id}`);
        setConfirming(false);
        onChanged();
        onClose();
        void notify({ title: 'Image deleted', description: `${asset.name} is gone.` });
      },
      {
        onFailure: (failure) => {
          setConfirming(false);
          if (failure instanceof ApiError && failure.status === 409) void uses.reload();
        },
      },
    );

  const used = uses.data?.length ?? 0;
  return (
    <Dialog open onClose={onClose} variant="panel" title={shown.name}>
      <div className="space-y-5" data-testid="asset-details">
        <p className="text-xs text-ink-soft">
          {shown.width} × {shown.height} · {mb(shown.size)} · {shown.type}
          {shown.uploadedBy && ` · uploaded by ${shown.uploadedBy}`}
        </p>
        <FocalPointEditor
          src={shown.url}
          alt={texts.alt || shown.name}
          value={focal}
          onChange={setFocal}
          idPrefix={idPrefix}
        />
        {(['alt', 'credit', 'licence'] as const).map((key) => (
          <div key={key}>
            <label htmlFor={`${idPrefix}-${key}`} className={ui.label}>
              {key === 'alt' ? 'Alt text' : key === 'credit' ? 'Credit' : 'Licence'}
            </label>
            <input
              id={`${idPrefix}-${key}`}
              className={ui.input}
              maxLength={300}
              value={texts[key]}
              onChange={(e) => setTexts({ ...texts, [key]: e.target.value })}
            />
            {key === 'alt' && (
              <p className={ui.help}>
                What it shows, for people who cannot see it. Each place can say it differently.
              </p>
            )}
          </div>
        ))}
        {saving.error && (
          <p role="alert" className={ui.error}>
            {saving.error}
          </p>
        )}
        <Button onClick={() => void save()} busy={saving.pending} busyLabel="Saving...">
          Save
        </Button>

        <section aria-labelledby={`${idPrefix}-uses`}>
          <h3 id={`${idPrefix}-uses`} className="text-sm font-semibold">
            Where it is shown
          </h3>
          <LoadStatus loaded={!!uses.data} error={uses.error} />
          {uses.data && used === 0 && (
            <p className="mt-1 text-sm text-ink-muted">Nothing shows this image.</p>
          )}
          {used > 0 && (
            <ul className="mt-1 list-disc pl-5 text-sm" data-testid="asset-uses">
              {uses.data!.map((u) => (
                <li key={`${u.target}:${u.field}`}>
                  <UseLink use={u} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4">
          <input
            ref={fileRef}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="asset-replace-file"
            onChange={(e) => void replace(e.target.files?.[0])}
          />
          <Button
            variant="secondary"
            busy={replacing.pending}
            busyLabel="Replacing..."
            onClick={() => fileRef.current?.click()}
          >
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            Replace file everywhere
          </Button>
          <Button
            variant="danger"
            disabled={!uses.data || used > 0}
            aria-describedby={used > 0 ? `${idPrefix}-delete-note` : undefined}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete
          </Button>
          {used > 0 && (
            <p id={`${idPrefix}-delete-note`} className="text-xs text-ink-soft">
              Shown in {used} place{used === 1 ? '' : 's'}: it can be deleted once nothing shows it.
            </p>
          )}
        </div>
        {deleting.error && (
          <p role="alert" className={ui.error} data-testid="asset-delete-error">
            {deleting.error}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete this image?"
        message={`${asset.name} will be removed from the library and its file deleted. This cannot be undone.`}
        confirmLabel="Delete image"
        busy={deleting.pending}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </Dialog>
  );
}
