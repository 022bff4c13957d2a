import { randomUUID } from 'node:crypto';
import {
  exportJobSchema,
  type ExportJob,
  type ExportRequest,
  type ExportView,
} from '../../schemas/export-job';
import type { User } from '../../schemas/user';
import { csvFilename } from '../http/csv';
import { HttpError, StorageError } from '../http/errors';
import { EXPORT_KEYS } from '../storage/keys';
import { blobCall, createJSON, readJSON } from '../storage/store';
import { recordAudit } from '../visitors/audit-log';
import { countContactForms } from '../visitors/contact-forms';
import { countByStatus } from '../visitors/newsletter-index';
import { newSince } from '../visitors/newsletter-export';
import { deleteJob, exportStore, isExpired, isLeased, readJob, startRunner } from './export-jobs';

/*
 * Exports of personal data (the contact inbox, the subscriber and unsubscribed lists) as CSV files
 * that can be of any size: a background run writes the file in parts (export-run.ts), the admin's
 * browser watches the job and then fetches the parts in order and saves them as one file. Every
 * answer, a part included, stays under 1 MB. Only the admin who started an export sees it; it is
 * deleted a day after it was started (the hourly retention run sweeps it), and at once by an
 * erasure, so no file outlives what it copied by more than that.
 */

/** How long an export is kept for its maker to download. */
export const EXPORT_KEPT_MS = 24 * 60 * 60_000;

/** What the file is called, and what the audit log calls the export. */
function namesOf(request: ExportRequest): { file: string; audit: string } {
  if (request.kind === 'messages') return { file: 'contact-forms', audit: 'contact-forms' };
  const list = request.list === 'subscribed' ? 'subscriptions' : 'unsubscribed';
  return { file: `newsletter-${list}${request.since ? '-new' : ''}`, audit: list };
}

/** How many rows a whole list holds (read from the index heads), for the progress shown. */
async function expectedRows(request: ExportRequest): Promise<number | undefined> {
  if (request.kind === 'messages') return countContactForms();
  if (request.since) return undefined;
  const counts = await countByStatus();
  return request.list === 'subscribed' ? counts.confirmed : counts.unsubscribed;
}

/** POST /api/admin/exports: records the export in the audit log, stores the job and starts its run. */
export async function startExport(user: User, request: ExportRequest): Promise<{ id: string }> {
  const names = namesOf(request);
  const now = new Date();
  const job: ExportJob = {
    id: randomUUID(),
    request,
    filename: csvFilename(names.file, now),
    status: 'queued',
    createdBy: user.username,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + EXPORT_KEPT_MS).toISOString(),
    parts: [],
    failures: 0,
  };
  if (request.kind === 'subscribers' && request.since) {
    const since = await newSince(request.list);
    if (since) job.since = since;
  }
  const expected = await expectedRows(request);
  if (expected !== undefined) job.expectedRows = expected;
  // Every export of personal data is on record (who, when, what kind), before any of it is copied.
  await recordAudit(user, { action: 'export', what: names.audit });
  if (!(await createJSON(exportStore(), EXPORT_KEYS.job(job.id), exportJobSchema, job)))
    throw new StorageError('A new export collided with an existing one');
  await startRunner(job.id);
  return { id: job.id };
}

const missing = () =>
  new HttpError(
    404,
    'No such export: exports are kept for 24 hours after they are started. Please start a new one.',
  );

/** The job, if it is this user's and not expired; 404 otherwise (another admin's export included). */
async function ownJob(user: User, id: string): Promise<ExportJob> {
  const job = await readJob(id);
  if (!job || job.createdBy !== user.username || isExpired(job)) throw missing();
  return job;
}

const viewOf = (job: ExportJob): ExportView => ({
  id: job.id,
  status: job.status,
  filename: job.filename,
  parts: job.parts.length,
  rows: job.parts.reduce((sum, p) => sum + p.rows, 0),
  bytes: job.parts.reduce((sum, p) => sum + p.bytes, 0),
  expectedRows: job.expectedRows ?? null,
  createdAt: job.createdAt,
  expiresAt: job.expiresAt,
  ...(job.error && { error: job.error }),
});

/**
 * GET /api/admin/exports/:id: the job's progress. A job no run holds (its start was lost, or its
 * run died or failed) is started again here: the admin's browser asks until it is ready.
 */
export async function exportStatus(user: User, id: string): Promise<ExportView> {
  const job = await ownJob(user, id);
  if ((job.status === 'queued' || job.status === 'running') && !isLeased(job))
    await startRunner(id);
  return viewOf(job);
}

/** GET /api/admin/exports/:id/parts/:n: part n (from 1) of a ready export, as its CSV bytes. */
export async function readExportPart(user: User, id: string, n: number): Promise<ArrayBuffer> {
  const job = await ownJob(user, id);
  if (job.status !== 'ready')
    throw new HttpError(409, 'This export is not ready yet: its parts can be fetched once it is');
  if (!Number.isInteger(n) || n < 1 || n > job.parts.length)
    throw new HttpError(404, `No such part: this export has parts 1 to ${job.parts.length}`);
  const key = EXPORT_KEYS.part(id, n, job.parts[n - 1]!.run);
  // As bytes: read as text, part 1 would lose its byte-order mark.
  const bytes = await blobCall(`read ${key}`, () =>
    exportStore().get(key, { type: 'arrayBuffer' }),
  );
  if (bytes === null) throw new StorageError(`Part ${n} of export ${id} is missing`);
  return bytes;
}

/**
 * Every job id stored, and every id that still has parts (a sweep cut short can leave parts). The
 * parts are listed first: a job is stored before its first part, so each id with parts made
 * before the jobs were listed is among the jobs unless its job is really gone.
 */
async function storedIds(): Promise<{ jobs: string[]; parted: string[] }> {
  const store = exportStore();
  const { directories } = await blobCall('list export parts', () =>
    store.list({ prefix: EXPORT_KEYS.partPrefix, directories: true }),
  );
  const { blobs } = await blobCall('list export jobs', () =>
    store.list({ prefix: EXPORT_KEYS.jobPrefix }),
  );
  return {
    jobs: blobs.map((b) => b.key.slice(EXPORT_KEYS.jobPrefix.length)),
    parted: directories.map((d) => d.slice(EXPORT_KEYS.partPrefix.length).replace(/\/$/, '')),
  };
}

/** Deletes the exports whose time is up, and parts whose job is gone; answers how many jobs went. */
export async function sweepExports(now = Date.now()): Promise<number> {
  const { jobs, parted } = await storedIds();
  let swept = 0;
  for (const id of jobs) {
    const job = await readJSON(exportStore(), EXPORT_KEYS.job(id), exportJobSchema);
    if (job && !isExpired(job.value, now)) continue;
    await deleteJob(id);
    swept++;
  }
  const kept = new Set(jobs);
  for (const id of parted) if (!kept.has(id)) await deleteJob(id);
  return swept;
}

/** Deletes every export (an erasure: no file may still hold what it erased). */
export async function dropExports(): Promise<void> {
  const { jobs, parted } = await storedIds();
  for (const id of new Set([...jobs, ...parted])) await deleteJob(id);
}
