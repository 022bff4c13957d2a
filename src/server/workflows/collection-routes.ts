import { z } from 'zod';
import { cdnCacheHeaders } from '../http/cdn-cache';
import type { Collection } from '../content/collections';
import type { MoveTo, Row } from '../content/keyed-collection';
import { RELEASE_STATUSES } from '../../schemas/release';
import { pageQuerySchema, queryOf } from '../storage/records';
import { importImages } from '../content/image-import';
import { HttpError } from '../http/errors';
import { requirePermission } from '../auth/guard';
import { commitChange, commitReorder } from '../publishing/history';
import { withSiteZone } from './site-zone';
import { acceptedAsProposal, propose } from './proposals';
import { mustPropose } from './review-policy';
import {
  byPath,
  json,
  parseWith,
  readJson,
  readPatch,
  route,
  type FnContext,
  type RouteHandler,
} from '../http/http';

/** Short label of an item for the history list. */
function describe(item: object): string {
  const fields = item as Record<string, unknown>;
  const label = fields.title ?? fields.name ?? fields.label ?? fields.id;
  return typeof label === 'string' ? label : String(fields.id);
}

const itemIdSchema = z.string().min(1).max(100);
/**
 * A new order: the whole list of ids (small collections), or one move (any collection: an
 * on-screen drag is one move too), which answers only the moved item and its new place.
 */
const orderSchema = z.union([
  z.strictObject({ ids: z.array(itemIdSchema).max(10_000) }),
  z.strictObject({ id: itemIdSchema, before: itemIdSchema }),
  z.strictObject({ id: itemIdSchema, after: itemIdSchema }),
  z.strictObject({ id: itemIdSchema, position: z.literal('top') }),
]);

/** The admin list's query: a page, a search, and filters by status and topic. */
const adminQuerySchema = pageQuerySchema.extend({
  // An empty filter (a form's "Any") is no filter.
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(RELEASE_STATUSES, { error: 'status must be published, scheduled or draft' }).optional(),
  ),
  topic: z.string().trim().max(100).optional(),
});
/** Public lists of keyed collections answer at most this many items a request (`?page=` for more). */
export const PUBLIC_PAGE_SIZE = 100;

/** A row as lists answer it: the record's own field names, without what only the index needs. */
function summary(row: Row, order: number): Record<string, unknown> {
  const {
    orderKey: _key,
    rev: _rev,
    sum: _sum,
    previousSlugs: _old,
    missingAlt: _alt,
    ...shown
  } = row;
  return { ...shown, order };
}

export interface CollectionApiOptions {
  /** API and history name, e.g. 'events': served at /api/events. */
  name: string;
  collection: Collection;
  createSchema: z.ZodType;
  updateSchema: z.ZodType;
  /** Browser Cache-Control of the public reads (the CDN keeps them until a write purges the collection's tag). */
  cache: string;
  /** Public list when it is not simply by order (events: by start date). */
  list?: () => Promise<unknown[]>;
  /** Extra public lists at /api/<name>/<view>. */
  views?: Record<string, () => Promise<unknown[]>>;
  /** Cap on create and update bodies, when records may hold more than the default allows (long texts). */
  maxJsonBytes?: number;
  /**
   * Public lists of a collection kept one key per record, answered from its index rows, each a
   * page of one of its listings (keyed-collection/ `sorted`; the index order when not named),
   * with `open` only the rows still upcoming: the main list, and `views` at /api/<name>/<view>.
   * `complete` tells a row that holds every field the lists answer from one written before rows
   * held them: such a row is answered as made afresh from its record (read for that page only),
   * until the record's next save rewrites the row.
   */
  rowLists?: {
    listing?: string;
    views?: Record<string, RowList>;
    complete?: (row: Row) => boolean;
  };
  /**
   * Drafts and embargoes: which items visitors may see now. Public reads leave the others out (a
   * hidden item is a 404); lists from the index expire at the CDN when their next scheduled row
   * goes public (`rowLists`). Admins list everything at /api/<name>/all.
   */
  release?: {
    isPublic: (item: unknown, now: number) => boolean;
  };
}

/** One public list of a keyed collection's rows: its listing, and whether only upcoming rows. */
interface RowList {
  listing?: string;
  open?: boolean;
}

/**
 * The whole API of one admin-edited collection: public reads, and admin create, update
 * (with `_expected` conflict checks), delete and reorder, each recorded in the history and
 * followed by a rebuild request.
 */
export function collectionApi(o: CollectionApiOptions): RouteHandler {
  const base = `/api/${o.name}`;
  const items = o.collection;
  const list = o.list ?? (() => items.list());
  const target = (id: string) => `${o.name}/${id}`;
  const itemId = (ctx: FnContext) => ctx.params.id ?? '';
  // Public reads are tagged with the collection's name; its writes purge that tag
  // (content/collections/).
  const publicCache = { cache: o.cache, headers: cdnCacheHeaders(o.name) };
  const release = o.release;
  /** What visitors may see of `all` now. */
  const visible = async <T>(all: T[]) => {
    const now = Date.now();
    return json(release ? all.filter((i) => release.isPublic(i, now)) : all, publicCache);
  };

  const keyed = 'page' in items ? items : null;
  /**
   * A public list of a keyed collection: one page (`?page=`, at most PUBLIC_PAGE_SIZE) of the
   * rows visitors may see in one listing, as summaries, the total in X-Total-Count. It reads the
   * index head and the chunks the page falls in (the head says how many rows of each chunk
   * visitors may see, and which are upcoming), and the records of rows not yet `complete`. The
   * CDN keeps it until a scheduled row goes public or, for upcoming rows, until one ends.
   */
  const publicRows = async (req: Request, view: RowList) => {
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
        ? publicCache
        : { cache: o.cache, headers: cdnCacheHeaders(o.name, { maxAgeSeconds }) },
    );
    response.headers.set('X-Total-Count', String(page.total));
    return response;
  };
  /** One item to its new place: answers it (a summary with its place) and where it was. */
  const moveOne = async (id: string, to: MoveTo) => {
    if (keyed) {
      const moved = await keyed.move(id, to);
      return {
        title: moved.row.title,
        item: summary(moved.row, moved.position),
        was: moved.was,
        now: moved.now,
      };
    }
    // A document collection: the whole new order in one etag-guarded write.
    const ids = (await items.list()).map((i) => i.id);
    const from = ids.indexOf(id);
    const other = to === 'top' ? null : 'before' in to ? to.before : to.after;
    if (from < 0) throw new HttpError(404, 'Item not found');
    if (other === id) throw new HttpError(400, 'An item cannot move next to itself');
    const was = ids[from - 1] ?? null;
    ids.splice(from, 1);
    const at = other === null ? 0 : ids.indexOf(other);
    if (at < 0) throw new HttpError(404, 'The item to move next to was not found');
    ids.splice(to !== 'top' && 'after' in to ? at + 1 : at, 0, id);
    const { after } = await items.reorder(ids);
    const position = after.findIndex((i) => i.id === id);
    const item = after[position]!;
    return {
      title: describe(item),
      item,
      was,
      now: after[position - 1]?.id ?? null,
    };
  };

  const table: Record<string, RouteHandler> = {
    [base]: route({
      GET: (req) =>
        keyed
          ? publicRows(req, { listing: o.rowLists?.listing })
          : list().then((all) => visible(all)),
      async POST(req) {
        const user = await requirePermission(req, 'edit');
        const body = await importImages(
          (await readJson(req, o.createSchema, o.maxJsonBytes)) as Record<string, unknown>,
          items.imageFields,
        );
        const input = release ? await withSiteZone(body, true) : body;
        // Review before publish: this save waits for a second person (workflows/proposals/).
        if (await mustPropose(user))
          return acceptedAsProposal(
            await propose(user, { subject: o.name, action: 'create', changes: input }),
          );
        const created = await items.create(input);
        await commitChange(user, {
          action: 'create',
          target: target(created.id),
          summary: describe(created),
          after: created,
        });
        return json(created, { status: 201 });
      },
    }),
    [`${base}/order`]: route({
      async PUT(req) {
        const user = await requirePermission(req, 'content');
        const body = await readJson(req, orderSchema);
        if ('ids' in body) {
          const { before, after } = await items.reorder(body.ids);
          await commitReorder(user, {
            action: 'reorder',
            target: o.name,
            summary: 'order',
            before: { ids: before },
            after: { ids: body.ids },
          });
          return json(keyed ? (after as Row[]).map(summary) : after);
        }
        const to: MoveTo =
          'before' in body
            ? { before: body.before }
            : 'after' in body
              ? { after: body.after }
              : 'top';
        const moved = await moveOne(body.id, to);
        // One entry per moved item: consecutive moves of it join, and a restore puts it back.
        await commitReorder(user, {
          action: 'reorder',
          target: target(body.id),
          summary: moved.title,
          before: { id: body.id, after: moved.was },
          after: { id: body.id, after: moved.now },
        });
        return json(moved.item);
      },
    }),
    [`${base}/:id`]: route({
      async GET(_req, ctx) {
        const item = await items.get(itemId(ctx));
        const now = Date.now();
        if (!item || (release && !release.isPublic(item, now)))
          throw new HttpError(404, 'Item not found');
        return json(item, publicCache);
      },
      async PATCH(req, ctx) {
        const user = await requirePermission(req, 'edit');
        const { patch, expected } = await readPatch(
          req,
          o.updateSchema,
          items.fieldNames,
          o.maxJsonBytes,
        );
        const changes = await importImages(patch as Record<string, unknown>, items.imageFields);
        const fields = release ? await withSiteZone(changes, false) : changes;
        // Review before publish: this save waits for a second person (workflows/proposals/).
        if (await mustPropose(user))
          return acceptedAsProposal(
            await propose(user, {
              subject: o.name,
              action: 'update',
              recordId: itemId(ctx),
              changes: fields,
              expected,
            }),
          );
        const { before, after } = await items.update(itemId(ctx), fields, expected);
        const summary = `${describe(after)}: ${Object.keys(patch as object).join(', ')}`;
        await commitChange(user, {
          action: 'update',
          target: target(after.id),
          summary,
          before,
          after,
        });
        return json(after);
      },
      async DELETE(req, ctx) {
        const user = await requirePermission(req, 'edit');
        // Review before publish: this deletion waits for a second person (workflows/proposals/).
        if (await mustPropose(user))
          return acceptedAsProposal(
            await propose(user, {
              subject: o.name,
              action: 'delete',
              recordId: itemId(ctx),
              changes: {},
            }),
          );
        const removed = await items.remove(itemId(ctx));
        await commitChange(user, {
          action: 'delete',
          target: target(removed.id),
          summary: describe(removed),
          before: removed,
        });
        return json(removed);
      },
    }),
  };
  if (release) {
    table[`${base}/all`] = route({
      async GET(req) {
        await requirePermission(req, 'edit');
        if (!keyed) return json(await list(), { cache: 'no-store' });
        const query = parseWith(adminQuerySchema, queryOf(req));
        const found = await keyed.page(query);
        return json(
          { ...found, items: found.items.map((r) => summary(r, r.order)) },
          { cache: 'no-store' },
        );
      },
    });
    // One record for the editor, drafts and embargoed ones too (the public read hides those).
    table[`${base}/all/:id`] = route({
      async GET(req, ctx) {
        await requirePermission(req, 'edit');
        const id = itemId(ctx);
        const item = keyed ? await keyed.open(id) : await items.get(id);
        if (!item) throw new HttpError(404, 'Item not found');
        return json(item, { cache: 'no-store' });
      },
    });
  }
  for (const [view, rows] of Object.entries(o.rowLists?.views ?? {})) {
    table[`${base}/${view}`] = route({ GET: (req) => publicRows(req, rows) });
  }
  for (const [view, read] of Object.entries(o.views ?? {})) {
    table[`${base}/${view}`] = route({ GET: async () => visible(await read()) });
  }
  return byPath(table);
}
