import type { AdminSummary } from '../../../schemas/admin-summary';
import { cx, ui } from '../../ui/styles';

const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;

/** How much of the site's upload quota images and PDFs take; highlighted from 90% on. */
export default function UploadStorage({ usedBytes, quotaBytes }: AdminSummary['uploadStorage']) {
  const nearlyFull = usedBytes >= quotaBytes * 0.9;
  return (
    <p
      className={cx(
        'text-sm',
        nearlyFull
          ? cx(ui.card, 'border-accent-400 bg-amber-50/60 p-4 text-ink')
          : 'text-ink-muted',
      )}
      data-testid="upload-storage"
    >
      Uploads use {gb(usedBytes)} of {gb(quotaBytes)}.
      {nearlyFull && ' New uploads are refused once the space is full.'}
    </p>
  );
}
