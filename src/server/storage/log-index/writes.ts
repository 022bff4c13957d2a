import { StorageError } from '../../http/errors';
import { createJSON, updateJSON } from '../store';
import { all, deleteChunks, refsOf, rowsOfRef, split, writeChunks } from './chunks';
import { current, needsSweep, type LogContext } from './context';
import type { Head, TimeWindow } from './schemas';
import { fold } from './tail';

/*
 * The writes of a log index: the snapshot built once from a full scan, rows changed under the
 * head's etag (the tail folded in, only the chunks a window touches rewritten), and the chunks
 * kept for readers of earlier heads let go.
 */

/** A chunk no head names any more is kept this long (longer than any function runs) for readers of an older head. */
const RETIRED_MS = 20 * 60_000;

/** An etag-guarded change of the head, which `ensure` has made: one gone meanwhile is an error. */
const updateHead = <Row>(
  ix: LogContext<Row>,
  change: (head: Head<Row>) => Head<Row> | Promise<Head<Row>>,
) =>
  updateJSON(
    ix.o.snapshotStore(),
    ix.o.snapshotKey,
    ix.headSchema,
    () => {
      throw new StorageError(`The ${ix.o.what} index disappeared during an update`);
    },
    (stored) => change(stored as Head<Row>),
  );

/** Builds the snapshot from a full scan, once, for a store the index has not seen. */
export async function ensure<Row>(ix: LogContext<Row>): Promise<Head<Row>> {
  const { o } = ix;
  const have = await current(ix);
  if (have) return have;
  // Tail keys written during the scan are stamped after it began, so they stay listed.
  const began = new Date().toISOString();
  const items = (await o.scan()).sort(o.order);
  const { refs, fresh } = split(ix, items, []);
  await writeChunks(ix, fresh);
  const created = await createJSON(o.snapshotStore(), o.snapshotKey, ix.headSchema, {
    watermark: began,
    chunks: refs,
    ...(o.orphans && { swept: true }),
  });
  // Another reader built it first: its chunks are the ones named.
  if (!created)
    await deleteChunks(
      ix,
      fresh.map((c) => c.key),
    );
  const made = await current(ix);
  if (!made) throw new StorageError(`The ${o.what} index disappeared while it was built`);
  return made;
}

/** The span of times `rows` cover, widened by `window`. */
const spanOf = <Row>(
  { o }: LogContext<Row>,
  rows: Row[],
  window: TimeWindow | undefined,
): TimeWindow | undefined => {
  if (!window) return undefined;
  let { oldest, newest } = window;
  for (const r of rows) {
    const t = o.timeOf(r);
    if (t < oldest) oldest = t;
    if (t > newest) newest = t;
  }
  return { oldest, newest };
};

export async function update<Row>(
  ix: LogContext<Row>,
  mutate: (rows: Row[]) => Row[] | Promise<Row[]>,
  window?: TimeWindow,
): Promise<void> {
  const { o } = ix;
  await ensure(ix);
  // Per try of the guarded write: the chunks it wrote, and the retired ones its head lets go.
  const attempts: { written: string[]; due: string[] }[] = [];
  try {
    await updateHead(ix, async (head) => {
      const attempt = { written: [] as string[], due: [] as string[] };
      attempts.push(attempt);
      const { added, watermark } = await fold(ix, head);
      const found = needsSweep(ix, head)
        ? await o.orphans!(new Set((await all(ix, head)).ids))
        : [];
      const span = found.length || !head.chunks ? undefined : spanOf(ix, added, window);
      // The chunks before the span (all newer), in it, and after it (all older).
      const refs = head.chunks ?? [];
      const before = span && refs.filter((r) => r.oldest > span.newest);
      const after = span && refs.filter((r) => r.newest < span.oldest);
      const middle = span
        ? refs.slice(before!.length, refs.length - after!.length)
        : (head.chunks ?? []);
      const rows: Row[] = [];
      for (const ref of head.chunks ? middle : refsOf(head))
        rows.push(...(await rowsOfRef(ix, ref)));
      const known = new Set(rows.map(o.idOf));
      const next = (
        await mutate([...rows, ...added.filter((r) => !known.has(o.idOf(r))), ...found])
      ).sort(o.order);
      // Rows stay between the chunks before and after: a change must keep to its window.
      const upper = before?.at(-1)?.oldest;
      const lower = after?.[0]?.newest;
      if (
        next.some(
          (r) =>
            (upper !== undefined && o.timeOf(r) > upper) ||
            (lower !== undefined && o.timeOf(r) < lower),
        )
      )
        throw new Error(`A change to the ${o.what} index went outside the times it named`);
      const { refs: made, fresh } = split(ix, next, middle);
      await writeChunks(ix, fresh);
      attempt.written = fresh.map((c) => c.key);
      const kept = new Set(made.map((r) => r.key));
      const dropped = middle.filter((r) => !kept.has(r.key)).map((r) => r.key);
      const now = Date.now();
      const retired = [
        ...(head.retired ?? []),
        ...dropped.map((key) => ({ key, at: new Date(now).toISOString() })),
      ];
      attempt.due = retired.filter((r) => now - Date.parse(r.at) >= RETIRED_MS).map((r) => r.key);
      return {
        watermark,
        ...(o.orphans && { swept: true }),
        chunks: [...(before ?? []), ...made, ...(after ?? [])],
        retired: retired.filter((r) => now - Date.parse(r.at) < RETIRED_MS),
      };
    });
  } catch (error) {
    await deleteChunks(
      ix,
      attempts.flatMap((a) => a.written),
    ).catch(() => {});
    throw error;
  }
  // Chunks of attempts whose head write lost were never named; chunks retired long enough are
  // named by no head a running reader can hold.
  const landed = attempts.pop()!;
  await deleteChunks(ix, [...attempts.flatMap((a) => a.written), ...landed.due]);
}

export async function dropRetired<Row>(ix: LogContext<Row>): Promise<void> {
  if (!(await current(ix))?.retired?.length) return;
  let keys: string[] = [];
  await updateHead(ix, (head) => {
    keys = (head.retired ?? []).map((r) => r.key);
    return { ...head, retired: [] };
  });
  await deleteChunks(ix, keys);
}
