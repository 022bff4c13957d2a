import { expect } from 'vitest';
import type { Client } from './admin-site';
import type { TestSite } from './platform';

/** What POST /api/admin/exports takes. */
export type ExportBody =
  | { kind: 'messages' }
  | { kind: 'subscribers'; list?: 'subscribed' | 'unsubscribed'; since?: 'last' };

/** GET /api/admin/exports/:id as a test reads it. */
export interface ExportJobView {
  id: string;
  status: string;
  filename: string;
  parts: number;
  rows: number;
  bytes: number;
  expectedRows: number | null;
  error?: string;
}

/**
 * Asks for the job until it is ready, as the admin's browser does; each look starts a run when
 * none holds the job, and the background runs it started are awaited before the next look.
 */
export async function waitForExport(
  site: TestSite,
  who: Client,
  id: string,
): Promise<ExportJobView> {
  for (let look = 0; look < 30; look++) {
    await site.platform.backgroundIdle();
    const res = await who.get(`/api/admin/exports/${id}`);
    expect(res.status, res.text).toBe(200);
    const job = res.json as ExportJobView;
    if (job.status === 'ready') return job;
    if (job.status === 'failed') throw new Error(`The export failed: ${job.error}`);
  }
  throw new Error('The export was never ready');
}

/**
 * Starts an export, waits for its background run, and joins its parts in order as the admin page
 * does. `csv` is the file as text (the client's decoding drops the byte-order mark part 1 starts
 * with; tests/api/exports.test.ts reads it as bytes).
 */
export async function exportCsv(
  site: TestSite,
  who: Client,
  body: ExportBody,
): Promise<{ id: string; job: ExportJobView; parts: string[]; csv: string }> {
  const started = await who.post('/api/admin/exports', body);
  expect(started.status, started.text).toBe(202);
  const id = started.json.id as string;
  const job = await waitForExport(site, who, id);
  const parts: string[] = [];
  for (let n = 1; n <= job.parts; n++) {
    const res = await who.get(`/api/admin/exports/${id}/parts/${n}`);
    expect(res.status, `part ${n}: ${res.text}`).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    parts.push(res.text);
  }
  return { id, job, parts, csv: parts.join('') };
}
