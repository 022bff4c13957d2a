import { byPath, route, type RouteHandler } from '../../http/http';
import { adminItem, adminList } from './admin-reads';
import { createItem, deleteItem, updateItem } from './edits';
import type { CollectionApiOptions } from './options';
import { putOrder } from './order';
import { publicItem, publicRows, visible } from './public-reads';
import { collectionRouting } from './routing';
import { answerOnce } from '../answer-once';

/**
 * The whole API of one admin-edited collection: public reads, and admin create, update
 * (with `_expected` conflict checks), delete and reorder, each recorded in the history and
 * followed by a rebuild request.
 */
export function collectionApi(o: CollectionApiOptions): RouteHandler {
  const api = collectionRouting(o);
  const base = `/api/${o.name}`;
  const { keyed, list } = api;

  const table: Record<string, RouteHandler> = {
    [base]: route({
      GET: (req) =>
        keyed
          ? publicRows(api, req, { listing: o.rowLists?.listing })
          : list().then((all) => visible(api, all)),
      POST: answerOnce((req) => createItem(api, req), { signedIn: true }),
    }),
    [`${base}/order`]: route({ PUT: (req) => putOrder(api, req) }),
    [`${base}/:id`]: route({
      GET: (_req, ctx) => publicItem(api, ctx),
      PATCH: (req, ctx) => updateItem(api, req, ctx),
      DELETE: (req, ctx) => deleteItem(api, req, ctx),
    }),
  };
  if (o.release) {
    table[`${base}/all`] = route({ GET: (req) => adminList(api, req) });
    table[`${base}/all/:id`] = route({ GET: (req, ctx) => adminItem(api, req, ctx) });
  }
  for (const [view, rows] of Object.entries(o.rowLists?.views ?? {})) {
    table[`${base}/${view}`] = route({ GET: (req) => publicRows(api, req, rows) });
  }
  for (const [view, read] of Object.entries(o.views ?? {})) {
    table[`${base}/${view}`] = route({ GET: async () => visible(api, await read()) });
  }
  return byPath(table);
}
