import type { Store } from '@netlify/blobs';
import { exportJobSchema, type ExportJob } from '../../schemas/export-job';
import { siteUrl } from '../http/invocation';
import { EXPORT_KEYS } from '../storage/keys';
import { blobCall, deleteKey, openStore, readJSON, STORES, updateJSON } from '../storage/store';

/*
 * The records of export jobs (`jobs/<id>`) and their parts (`parts/<id>/<n>-<run>`), in their own store.
 * A job is changed only through etag-guarded writes, so the runner recording a part and a request
 * reading or sweeping the job never undo each other's writes.
 */

export const exportStore = (): Store => openStore(STORES.exports);

/** Where the background runner listens (netlify/functions/export-run-background.ts). */
export const EXPORT_RUNNER_PATH = '/api/exports/run';

/** The stored job, or null when there is none (never made, swept, or erased). */
export async function readJob(id: string): Promise<ExportJob | null> {
  return (await readJSON(exportStore(), EXPORT_KEYS.job(id), exportJobSchema))?.value ?? null;
}

/** Thrown by `changeJob` when the job is gone. */
export class JobGone extends Error {}

/** Changes a job (etag-guarded, retried on a concurrent write); JobGone when it is not stored. */
export function changeJob(
  id: string,
  mutate: (job: ExportJob) => ExportJob | Promise<ExportJob>,
): Promise<ExportJob> {
  return updateJSON(
    exportStore(),
    EXPORT_KEYS.job(id),
    exportJobSchema,
    () => {
      throw new JobGone(`Export ${id} is gone`);
    },
    mutate,
  );
}

/** Whether a job's time is up: it is no longer shown, and the sweep deletes it. */
export const isExpired = (job: ExportJob, now = Date.now()) => Date.parse(job.expiresAt) <= now;

/** Whether a run is writing the job now (its lease has not run out). */
export const isLeased = (job: ExportJob, now = Date.now()) =>
  !!job.leaseUntil && Date.parse(job.leaseUntil) > now;

/**
 * Starts the background runner on a job. Netlify answers a background function at once (202) and
 * runs it for up to 15 minutes; if this call is lost, the next look at the job starts it again.
 */
export async function startRunner(id: string): Promise<void> {
  try {
    await fetch(siteUrl(EXPORT_RUNNER_PATH), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id }),
    });
  } catch (error) {
    console.error('Could not start the export runner:', (error as Error).message);
  }
}

/** Deletes a job's part files (after its record, so no runner can record a part meanwhile). */
export async function deleteParts(id: string): Promise<void> {
  const store = exportStore();
  const { blobs } = await blobCall(`list ${EXPORT_KEYS.parts(id)}`, () =>
    store.list({ prefix: EXPORT_KEYS.parts(id) }),
  );
  for (const { key } of blobs) await deleteKey(store, key);
}

/** Deletes a job: its record first, so a runner still writing learns at its next record that it is gone. */
export async function deleteJob(id: string): Promise<void> {
  await deleteKey(exportStore(), EXPORT_KEYS.job(id));
  await deleteParts(id);
}
