import { randomUUID } from 'node:crypto';
import type { ExportJob } from '../../schemas/export-job';
import { csvHeaderLine, csvRowLine } from '../http/csv';
import type { Placed, RowPosition } from '../storage/log-index';
import { EXPORT_KEYS } from '../storage/keys';
import { deleteKey, landedWrite } from '../storage/store';
import { contactFormBatches, positionOfMessage } from '../visitors/contact-forms';
import { EXPORT_COLUMNS, exportBatches, recordExport } from '../visitors/newsletter-export';
import {
  changeJob,
  deleteParts,
  exportStore,
  isExpired,
  isLeased,
  JobGone,
  readJob,
  startRunner,
} from './export-jobs';

/*
 * Writes an export job's CSV as a background function (15 minutes on Netlify), in parts that each
 * fit one function answer. Rows come newest first from the index, a chunk at a time; the header is
 * the start of part 1 and every row starts with its line end, so the parts joined in order are the
 * file, with the header once and each row once.
 *
 * Each part is written whole, under a key of the run's own, then recorded in the job with where
 * the next part starts (the sort position of its last row), in one etag-guarded write that also
 * renews the run's lease. A run that dies after writing a part but before recording it leaves a
 * part nobody reads: the next run writes that part again from the recorded position, under its own
 * key. A run that stalled past its lease and wakes up after another took the job over writes its
 * part beside the one recorded, never over it (it made that part from the rows as they were then:
 * where it ends need not be where the next recorded part starts), and then learns it lost the job.
 * So a recorded part is never changed, and the file is complete and has each row once however
 * often a run stops. Rows that arrive while it runs come in if they sort after the position
 * reached (the index is newest first, so new rows usually do not): an export is the list as it was
 * read, part by part.
 */

/** Limits of one run; an object so a test can shrink them (and inject a crash). */
export const EXPORT_TUNING = {
  /** A part's bytes at most (unless one row alone is longer): each is one answer, under 1 MB. */
  partBytes: 1_000_000,
  /** How long a run holds the job without recording a part. */
  leaseMs: 60_000,
  /** A run starts no new part after this, and starts the next run: well inside 15 minutes. */
  budgetMs: 12 * 60_000,
  /** Runs that may fail before the job is given up as failed. */
  maxFailures: 3,
  /** Tests only: the run dies after writing this many parts, before recording the last one. */
  crashAfterParts: Number.POSITIVE_INFINITY,
};

/** What one kind of export reads, and what it records once complete. */
interface Source {
  columns: readonly string[];
  batches(after?: RowPosition): AsyncIterable<Placed<object>[]>;
  finished?(job: ExportJob, rows: number): Promise<void>;
}

/** The contact inbox's columns, as the export has always had them. */
const MESSAGE_COLUMNS = ['createdAt', 'name', 'email', 'subject', 'message', 'read', 'id'];

function sourceOf(job: ExportJob): Source {
  const request = job.request;
  if (request.kind === 'messages')
    return {
      columns: MESSAGE_COLUMNS,
      async *batches(after) {
        for await (const messages of contactFormBatches(after))
          yield messages.map((m) => ({ row: m, position: positionOfMessage(m) }));
      },
    };
  return {
    columns: EXPORT_COLUMNS,
    batches: (after) => exportBatches(request.list, job.since, after),
    // "New since the last export" counts from when this one started.
    finished: (done, rows) => recordExport(request.list, done.createdAt, rows),
  };
}

class Crash extends Error {}
/** The run's lease was taken over, or the job is finished or gone: stop without writing more. */
class Lost extends Error {}

/** Takes the job for this run, or null when it needs none (finished, gone, expired, or held). */
async function claim(id: string, runner: string): Promise<ExportJob | null> {
  const seen = await readJob(id);
  if (!seen || seen.status === 'ready' || seen.status === 'failed' || isExpired(seen)) return null;
  if (isLeased(seen)) return null;
  let claimed = false;
  const job = await changeJob(id, (current) => {
    claimed = false;
    if (current.status === 'ready' || current.status === 'failed' || isLeased(current))
      return current;
    if (current.failures >= EXPORT_TUNING.maxFailures)
      return {
        ...current,
        status: 'failed',
        error: current.error ?? 'The export failed: please start it again',
      };
    claimed = true;
    const until = new Date(Date.now() + EXPORT_TUNING.leaseMs).toISOString();
    return { ...current, status: 'running', runner, leaseUntil: until };
  }).catch((error: unknown) => {
    if (error instanceof JobGone) return null;
    throw error;
  });
  return claimed ? job : null;
}

/** Records part n (already written) and where the next starts; `last` finishes the job. */
async function recordPart(
  id: string,
  runner: string,
  n: number,
  part: { rows: number; bytes: number; run: string } | null,
  after: RowPosition | undefined,
  last: boolean,
): Promise<void> {
  try {
    await changeJob(id, (job) => {
      if (job.runner !== runner || job.status !== 'running' || job.parts.length !== n - 1)
        throw new Lost();
      const parts = part ? [...job.parts, part] : job.parts;
      const position = after ?? job.after;
      if (!last)
        return {
          ...job,
          parts,
          ...(position && { after: position }),
          leaseUntil: new Date(Date.now() + EXPORT_TUNING.leaseMs).toISOString(),
        };
      const { leaseUntil: _l, runner: _r, error: _e, ...rest } = job;
      return {
        ...rest,
        parts,
        ...(position && { after: position }),
        status: 'ready',
        finishedAt: new Date().toISOString(),
      };
    });
  } catch (error) {
    // Taken over by another run: the part just written is under this run's key, and nobody's
    // (if this delete fails, it goes with the job).
    if (error instanceof Lost && part)
      await deleteKey(exportStore(), EXPORT_KEYS.part(id, n, runner)).catch(() => {});
    if (!(error instanceof JobGone)) throw error;
    // Deleted meanwhile (expired or erased): the part just written must not outlive it.
    await deleteParts(id);
    throw new Lost();
  }
}

async function writePart(id: string, n: number, runner: string, text: string): Promise<void> {
  const key = EXPORT_KEYS.part(id, n, runner);
  await landedWrite(`write ${key}`, () => exportStore().set(key, text));
}

/** What a run did: finished the file, handed on to a next run, or found nothing to do. */
export type RunOutcome = 'ready' | 'continued' | 'idle';

/** Writes an export's remaining parts (see above); the background function's whole work. */
export async function runExport(id: string): Promise<RunOutcome> {
  const runner = randomUUID();
  const started = Date.now();
  const job = await claim(id, runner);
  if (!job) return 'idle';
  const source = sourceOf(job);
  let n = job.parts.length + 1;
  let text = n === 1 ? csvHeaderLine(source.columns) : '';
  let bytes = Buffer.byteLength(text);
  let rows = 0;
  let total = job.parts.reduce((sum, p) => sum + p.rows, 0);
  let after = job.after;
  let written = 0;
  const flush = async (last: boolean) => {
    // Nothing left after a recorded part (its next row was deleted meanwhile): no empty part.
    const part = text ? { rows, bytes, run: runner } : null;
    if (part) {
      await writePart(id, n, runner, text);
      // An injected crash dies as a killed process would: the part is written, not recorded.
      if (++written >= EXPORT_TUNING.crashAfterParts) throw new Crash('Injected crash');
    }
    await recordPart(id, runner, n, part, after, last);
    total += rows;
    n++;
    text = '';
    bytes = 0;
    rows = 0;
  };
  try {
    for await (const batch of source.batches(job.after)) {
      for (const { row, position } of batch) {
        const line = csvRowLine(row, source.columns);
        const size = Buffer.byteLength(line);
        if (rows > 0 && bytes + size > EXPORT_TUNING.partBytes) {
          await flush(false);
          if (Date.now() - started > EXPORT_TUNING.budgetMs) {
            await handOver(id, runner);
            return 'continued';
          }
        }
        text += line;
        bytes += size;
        rows++;
        after = position;
      }
    }
    await flush(true);
    // Recorded only once the file is whole: an export that never gets there (it failed, or was
    // erased) must not move "new since the last export" past rows its maker never received. A run
    // that stops in between leaves the previous time, so the next such export repeats rows (which
    // a mailing tool takes twice without harm) rather than missing them.
    await source.finished?.(job, total);
    return 'ready';
  } catch (error) {
    if (error instanceof Lost) return 'idle';
    if (!(error instanceof Crash)) await giveBack(id, runner, error);
    throw error;
  }
}

/** Lets go of the job at the end of a run's time and starts the next run, which carries on. */
async function handOver(id: string, runner: string): Promise<void> {
  await changeJob(id, (job) => {
    if (job.runner !== runner) return job;
    const { leaseUntil: _l, runner: _r, ...rest } = job;
    return rest;
  });
  await startRunner(id);
}

/** A run that failed lets go of the job at once, saying why, so the next look starts another. */
async function giveBack(id: string, runner: string, error: unknown): Promise<void> {
  await changeJob(id, (job) => {
    if (job.runner !== runner) return job;
    const { leaseUntil: _l, runner: _r, ...rest } = job;
    return {
      ...rest,
      failures: job.failures + 1,
      error: `The export stopped: ${error instanceof Error ? error.message : String(error)}`,
    };
  }).catch(() => {});
}
