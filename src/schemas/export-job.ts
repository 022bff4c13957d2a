import { z } from 'zod';

/*
 * A CSV export of personal data, made by a background function in parts that each fit one
 * function answer: the admin starts it, watches its progress, and the browser joins the parts
 * into one file. The job and its parts are deleted when it expires.
 */

/** POST /api/admin/exports: what to export. */
export const exportRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('messages') }),
    z.strictObject({
      kind: z.literal('subscribers'),
      list: z
        .enum(['subscribed', 'unsubscribed'], { error: 'list must be subscribed or unsubscribed' })
        .default('subscribed'),
      since: z
        .literal('last', { error: 'since must be last (only what is new since the last export)' })
        .optional(),
    }),
  ],
  { error: 'kind must be subscribers or messages' },
);
export type ExportRequest = z.infer<typeof exportRequestSchema>;

/**
 * Where a run stopped: the sort time and tie-break of the last row written (see
 * src/server/storage/log-index/).
 */
export const rowPositionSchema = z.object({ time: z.string(), key: z.string() });

export const exportStatusSchema = z.enum(['queued', 'running', 'ready', 'failed']);
export type ExportStatus = z.infer<typeof exportStatusSchema>;

/** The stored job: `jobs/<id>` in the exports store; part n is `parts/<id>/<n>-<run>`. */
export const exportJobSchema = z.object({
  id: z.string(),
  request: exportRequestSchema,
  /** The file the browser saves, named and dated as the export was started. */
  filename: z.string(),
  status: exportStatusSchema,
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** "New since the last export" keeps rows that joined after this (fixed when the job starts). */
  since: z.string().optional(),
  /**
   * The parts written and recorded, in order: never rewritten once here. `run` is the run that
   * wrote the part, and names its key, so a run that lost the job cannot write over it.
   */
  parts: z.array(
    z.object({ rows: z.number().int(), bytes: z.number().int(), run: z.string().optional() }),
  ),
  /** Where the next part starts; absent before the first row is written. */
  after: rowPositionSchema.optional(),
  /** Rows the export should hold, when known at the start (the progress shown). */
  expectedRows: z.number().int().optional(),
  /** The run writing it holds it until then, renewing as each part lands. */
  leaseUntil: z.string().optional(),
  runner: z.string().optional(),
  /** Runs that failed: a job whose runs keep failing stops as failed. */
  failures: z.number().int().default(0),
  finishedAt: z.string().optional(),
  error: z.string().optional(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

/** GET /api/admin/exports/:id */
export interface ExportView {
  id: string;
  status: ExportStatus;
  filename: string;
  /** Parts written so far (all of them once ready): fetch 1 … parts in order. */
  parts: number;
  rows: number;
  bytes: number;
  expectedRows: number | null;
  createdAt: string;
  expiresAt: string;
  error?: string;
}
