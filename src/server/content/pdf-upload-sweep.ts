/**
 * Sweeps PDF uploads that never completed: a day after an upload began, its parts are deleted
 * (and stop counting against the quota), whether the browser gave up or its first part was
 * refused. Finds them from one listing of the pending markers, oldest first, reading only the
 * records of those past the day; a run does at most `MAX_PER_RUN` and leaves the rest to the next.
 */
import { pdfUploadSchema, UPLOAD_ID } from '../../schemas/pdf-upload';
import { blobCall, deleteKey, updateJSON } from '../storage/store';
import { dropPdfUpload, PENDING_PREFIX, store, uploadKey } from './pdf-part-store';

/** How long an upload may wait for its parts: the browser resumes within this time, or starts over. */
export const ABANDONED_AFTER_MS = 24 * 3600_000;
const MAX_PER_RUN = 200;

/** Drops the uploads abandoned for a day; answers how many were dropped. */
export async function sweepAbandonedPdfUploads(now = Date.now()): Promise<{ swept: number }> {
  const { blobs } = await blobCall('list pending uploads', () =>
    store().list({ prefix: PENDING_PREFIX }),
  );
  const stale = blobs
    .map((b) => b.key)
    .filter((key) => {
      const started = Number(key.slice(PENDING_PREFIX.length).split('/')[0]);
      return Number.isFinite(started) && now - started > ABANDONED_AFTER_MS;
    })
    .sort()
    .slice(0, MAX_PER_RUN);
  let swept = 0;
  for (const marker of stale) if (await sweepPendingUpload(marker)) swept++;
  return { swept };
}

/**
 * Ends the pending state of the upload behind a marker from `PENDING_PREFIX`: one that completed
 * meanwhile keeps its parts, any other is dropped. Answers whether it was dropped. The upload is
 * first marked abandoned in a write guarded by the version read, so a completion that lands
 * between the read and the drop keeps its file (the mark is refused and the record read again),
 * and one that comes after the mark is refused.
 */
async function sweepPendingUpload(marker: string): Promise<boolean> {
  const id = marker.slice(marker.lastIndexOf('/') + 1);
  let dropped = true;
  if (UPLOAD_ID.test(id)) {
    const gone = Symbol('gone');
    const kept = await updateJSON(
      store(),
      uploadKey(id),
      pdfUploadSchema,
      () => {
        throw gone;
      },
      (u) => (u.completedAt ? u : { ...u, abandonedAt: u.abandonedAt ?? new Date().toISOString() }),
    ).then(
      (u) => Boolean(u.completedAt),
      (error: unknown) => {
        if (error === gone) return false;
        throw error;
      },
    );
    dropped = !kept;
    if (dropped) await dropPdfUpload(id);
  }
  await deleteKey(store(), marker);
  return dropped;
}
