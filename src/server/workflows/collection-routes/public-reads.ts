import { cdnCacheHeaders } from '../../http/cdn-cache';
import { HttpError } from '../../http/errors';
import { json, parseWith, type FnContext } from '../../http/http';
import { pageQuerySchema, queryOf } from '../../storage/records';
import type { RowList } from './options';
import { itemId, type CollectionRouting } from './routing';
import { summary } from './summaries';

/** Public lists of keyed collections answer at most this many items a request (`?page=` for more). */
export const PUBLIC_PAGE_SIZE = 100;

/** What visitors may see of `all` now. */
export const visible = async <T>(api: CollectionRouting, all: T[]) => {
  const release = api.o.release;
  const now = Date.now();
  return json(release ? all.filter((i) => release.isPublic(i, now)) : all, api.publicCache);
};

/**
 * A public list of a keyed collection: one page (`?page=`, at most PUBLIC_PAGE_SIZE) of the
 * rows visitors may see in one listing, as summaries, the total in X-Total-Count. It reads the
 * index head and the chunks the page falls in (the head says how many rows of each chunk
 * visitors may see, and which are upcoming), and the records of rows not yet `complete`. The
 * CDN keeps it until a scheduled row goes public or, for upcoming rows, until one ends.
 */
export async function publicRows(api: CollectionRouting, req: Request, view: RowList) {
  const { o, keyed } = api;
  const query = parseWith(pageQuerySchema, { pageSize: PUBLIC_PAGE_SIZE, ...queryOf(req) });
  const now = Date.now();
  const page = await keyed!.shownPage(query, now, view);
  const complete = o.rowLists?.complete ?? (() => true);
  const behind = page.items.filter((r) => !complete(r));
  const fresh = new Map(
    (await keyed!.getMany(behind.map((r) => r.id))).map((item) => {
      const row = behind.find((r) => r.id === item.id)!;
      return [item.id, keyed!.rowOf(item, row.orderKey, row.rev)];
    }),
  );
  const answer = page.items.map((r) => summary(fresh.get(r.id) ?? r, r.order));
  const changes = [page.next, view.open ? page.nextEnd : null].filter((t) => t !== null);
  const maxAgeSeconds = changes.length ? (Math.min(...changes) - now) / 1000 : undefined;
  const response = json(
    answer,
    maxAgeSeconds === undefined
      ? api.publicCache
      : { cache: o.cache, headers: cdnCacheHeaders(o.name, { maxAgeSeconds }) },
  );
  response.headers.set('X-Total-Count', String(page.total));
  return response;
}

/** One item, if visitors may see it now; a 404 otherwise. */
export async function publicItem(api: CollectionRouting, ctx: FnContext) {
  const release = api.o.release;
  const item = await api.items.get(itemId(ctx));
  const now = Date.now();
  if (!item || (release && !release.isPublic(item, now)))
    throw new HttpError(404, 'Item not found');
  return json(item, api.publicCache);
}
