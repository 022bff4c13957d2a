/**
 * A CSV export as the admin's browser makes it: start the job (POST /api/admin/exports), ask how
 * far it has got until it is ready, then fetch its parts in order and save them as one file under
 * the job's name. Each answer is small; the file can be of any size.
 */
import type { ExportRequest, ExportView } from '../schemas/export-job';
import { ApiError, apiRequest, mutate } from './api';
import { saveFile } from './save-file';

/** What the admin is told while an export runs. */
export type ExportProgress =
  | { step: 'writing'; rows: number; expectedRows: number | null }
  | { step: 'fetching'; part: number; parts: number };

/** How often the job is asked about while it is written. */
const POLL_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Makes the export and saves it; rejects with the server's words when it fails. */
export async function downloadExport(
  request: ExportRequest,
  onProgress: (progress: ExportProgress) => void,
): Promise<ExportView> {
  const { id } = await mutate<{ id: string }>('POST', '/api/admin/exports', request);
  const url = `/api/admin/exports/${encodeURIComponent(id)}`;
  let job = await apiRequest<ExportView>('GET', url);
  while (job.status !== 'ready') {
    if (job.status === 'failed')
      throw new ApiError(500, 'export failed', {
        message: job.error ?? 'The export failed: please start it again',
      });
    onProgress({ step: 'writing', rows: job.rows, expectedRows: job.expectedRows });
    await sleep(POLL_MS);
    job = await apiRequest<ExportView>('GET', url);
  }
  const parts: Blob[] = [];
  for (let n = 1; n <= job.parts; n++) {
    onProgress({ step: 'fetching', part: n, parts: job.parts });
    const res = await fetch(`${url}/parts/${n}`, { credentials: 'include' });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as ApiError['body'];
      throw new ApiError(res.status, `${res.status}: ${res.statusText}`, body);
    }
    parts.push(await res.blob());
  }
  saveFile(new Blob(parts, { type: 'text/csv;charset=utf-8' }), job.filename);
  return job;
}
