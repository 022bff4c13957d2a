/**
 * Sweeps PDF uploads that never completed: a day after an upload began, its parts are deleted
 * (and stop counting against the quota), whether the browser gave up or its first part was
 * refused. Finds them from one listing of the pending markers, oldest first, reading only the
 * records of those past the day; a run does at most `MAX_PER_RUN` and leaves the rest to the next.
 */
import { blobCall, openStore, STORES } from '../storage/store';
import { PENDING_PREFIX, sweepPendingUpload } from './pdf-parts';

/** How long an upload may wait for its parts: the browser resumes within this time, or starts over. */
export const ABANDONED_AFTER_MS = 24 * 3600_000;
const MAX_PER_RUN = 200;

/** Drops the uploads abandoned for a day; answers how many were dropped. */
export async function sweepAbandonedPdfUploads(now = Date.now()): Promise<{ swept: number }> {
  const { blobs } = await blobCall('list pending uploads', () =>
    openStore(STORES.uploads).list({ prefix: PENDING_PREFIX }),
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
