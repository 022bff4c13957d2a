import { all, refsOf, rowsOfRef } from './chunks';
import { current, type LogContext } from './context';
import type { Counts, Head, TimeWindow } from './schemas';
import { fold } from './tail';
import { ensure, update } from './writes';

/*
 * The reads of a log index: every row, batches for an export, a page of rows and the counts, each
 * from a head with the tail folded in.
 */

/** The head, with anything new folded in (written, so later readers skip it). */
async function fresh<Row>(ix: LogContext<Row>): Promise<Head<Row>> {
  const head = await ensure(ix);
  if (!(await fold(ix, head)).changed) return head;
  await update(ix, (items) => items, { oldest: head.watermark, newest: head.watermark });
  return (await current(ix)) ?? head;
}

export async function rows<Row>(ix: LogContext<Row>): Promise<readonly Row[]> {
  return (await all(ix, await fresh(ix))).rows;
}

export async function* batches<Row>(
  ix: LogContext<Row>,
  after?: Row,
): AsyncGenerator<readonly Row[]> {
  const { o } = ix;
  for (const ref of refsOf(await fresh(ix))) {
    if (!after) {
      yield await rowsOfRef(ix, ref);
      continue;
    }
    // Newer than `after` throughout (rows of its own time may sort either side of it).
    if ('key' in ref && ref.oldest > o.timeOf(after)) continue;
    yield (await rowsOfRef(ix, ref)).filter((row) => o.order(row, after) > 0);
  }
}

export async function find<Row>(
  ix: LogContext<Row>,
  keep: (row: Row) => boolean,
  skip: number,
  take: number,
  window?: TimeWindow,
): Promise<{ rows: Row[]; counts: Counts }> {
  const head = await fresh(ix);
  const out: Row[] = [];
  let seen = 0;
  for (const ref of refsOf(head)) {
    if (out.length >= take) break;
    if (window && 'key' in ref && (ref.oldest > window.newest || ref.newest < window.oldest))
      continue;
    for (const row of await rowsOfRef(ix, ref)) {
      if (!keep(row)) continue;
      if (seen++ >= skip) out.push(row);
      if (out.length >= take) break;
    }
  }
  return { rows: out, counts: countsOf(ix, head) };
}

function countsOf<Row>({ o }: LogContext<Row>, head: Head<Row>): Counts {
  const tally: Record<string, number> = {};
  const add = (t: string | undefined, n = 1) => {
    if (t !== undefined) tally[t] = (tally[t] ?? 0) + n;
  };
  if (!head.chunks) {
    for (const row of head.items ?? []) add(o.tally?.(row));
    return { total: head.items?.length ?? 0, tally };
  }
  let total = 0;
  for (const ref of head.chunks) {
    total += ref.count;
    for (const [t, n] of Object.entries(ref.tally ?? {})) add(t, n);
  }
  return { total, tally };
}

export const counts = async <Row>(ix: LogContext<Row>) => countsOf(ix, await fresh(ix));
