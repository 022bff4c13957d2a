import { assignSlugs } from '../../../lib/slug';
import { StorageError } from '../../http/errors';
import { paginate, readRecords, type Page } from '../../storage/records';
import { live, ready, readRecord, rows, type CollectionContext } from './context';
import { commitRow } from './record-writes';
import type { Item, RecordCache, Row, RowQuery, ShownPage } from './schemas';

/*
 * What the build, visitors and editors read of a keyed collection: every item (the build alone),
 * one or several records, and pages of rows that read only the index chunks they fall in.
 */

/** Every item in order, each with `order` set (keyedCollection's `list`). */
export async function list<I extends Item>(
  cx: CollectionContext<I>,
  { cache }: { cache?: RecordCache<I> } = {},
): Promise<I[]> {
  // The build may not write: before any function has moved a single document, it reads that.
  const all = await cx.index.all();
  if (!all) {
    return cx.single.read();
  }
  const kept = (await cache?.load()) ?? new Map<string, { sum: string; item: I }>();
  const copy = (row: Row) => {
    const hit = row.sum ? kept.get(row.id) : undefined;
    return hit?.sum === row.sum ? hit : undefined;
  };
  const missing = all.filter((row) => !copy(row));
  const records = await readRecords(
    cx.store(),
    missing.map((r) => cx.recordKey(r.id)),
    cx.recordSchema,
  );
  const read = new Map(records.flatMap((r) => (live(r) ? [[r.item!.id, r]] : [])));
  const now = new Map<string, { sum: string; item: I }>();
  const items = all.flatMap((row, order) => {
    const cached = copy(row);
    const rec = cached ? null : read.get(row.id);
    const item = cached?.item ?? (rec?.item as I | undefined);
    if (!item) return [];
    // Kept only when the row was made from this very version (its rev), so its sum is this item's.
    if (cached || (row.sum && rec!.rev === row.rev)) now.set(row.id, { sum: row.sum, item });
    return [{ ...item, order }];
  });
  if (cache && (missing.length > 0 || now.size !== kept.size)) await cache.save(now);
  // Every write stores a slug; a record that somehow has none still gets an address, so one
  // record cannot stop the build.
  return items.some((i) => !i.slug) ? (assignSlugs(items) as I[]) : items;
}

/** One item for its editor, its row brought up to its record (keyedCollection's `open`). */
export async function open<I extends Item>(
  cx: CollectionContext<I>,
  id: string,
): Promise<I | null> {
  await ready(cx);
  const found = await readRecord(cx, id);
  const item = live(found?.value);
  if (!item) return null;
  const place = found!.value.place ?? null;
  const row = (await cx.index.find(id, place))?.row;
  if (!row) return null;
  if (row.rev < found!.value.rev || row.orderKey !== place) {
    await commitRow(cx, { ...found!.value, item }, row.orderKey, null);
    await cx.purge();
  }
  return item;
}

/** Several items by id, in the order asked (keyedCollection's `getMany`). */
export async function getMany<I extends Item>(
  cx: CollectionContext<I>,
  ids: string[],
): Promise<I[]> {
  if (!ids.length) return [];
  const records = await readRecords(cx.store(), ids.map(cx.recordKey), cx.recordSchema);
  return records.flatMap((r) => (live(r) ? [r.item!] : []));
}

/** One page of the rows visitors may see now (keyedCollection's `shownPage`). */
export async function shownPage<I extends Item>(
  cx: CollectionContext<I>,
  query: { page: number; pageSize: number },
  now: number,
  view: { listing?: string; open?: boolean },
): Promise<ShownPage> {
  const read = () => cx.index.shown((query.page - 1) * query.pageSize, query.pageSize, now, view);
  // No index yet, or one of an earlier layout: it is made or brought up to date first.
  const found = (await read()) ?? (await ready(cx).then(read));
  // An index still not of this layout was not brought up to date: never an empty list for it.
  if (!found && (await cx.index.exists()))
    throw new StorageError(`The ${cx.name} index could not be brought up to date; try again`);
  return {
    items: (found?.rows ?? []).map(({ row, position }) => ({ ...row, order: position })),
    total: found?.total ?? 0,
    next: found?.next ?? null,
    nextEnd: found?.nextEnd ?? null,
  };
}

/** One page of rows filtered on the server (keyedCollection's `page`). */
export async function page<I extends Item>(
  cx: CollectionContext<I>,
  query: RowQuery,
): Promise<Page<Row & { order: number }>> {
  const q = query.q?.trim().toLowerCase() ?? '';
  // Unfiltered: only the chunks the page falls in are read.
  if (!q && !query.status && !query.topic) {
    const skip = (query.page - 1) * query.pageSize;
    const found = (await cx.index.slice(skip, query.pageSize)) ?? {
      rows: (await rows(cx)).slice(skip, skip + query.pageSize),
      total: (await rows(cx)).length,
    };
    return {
      items: found.rows.map((row, n) => ({ ...row, order: skip + n })),
      total: found.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
  const shown = (await rows(cx)).flatMap((row, order) =>
    (!q || row.title.toLowerCase().includes(q) || row.slug.includes(q) || row.id === q) &&
    (!query.status || row.status === query.status) &&
    (!query.topic || row.topics.includes(query.topic))
      ? [{ ...row, order }]
      : [],
  );
  return paginate(shown, query);
}
