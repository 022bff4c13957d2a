import { z } from 'zod';
import { cdnCacheHeaders } from '../http/cdn-cache';
import type { Collection } from '../content/collections';
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

const orderSchema = z.strictObject({ ids: z.array(z.string().min(1).max(100)).max(10_000) });

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
  /** For views that change with time alone: seconds until the list shown would change (CDN lifetime). */
  viewLifetimes?: Record<string, (shown: unknown[]) => number | undefined>;
  /**
   * Drafts and embargoes: which items visitors may see now. Public reads leave the others out
   * (a hidden item is a 404) and expire at the CDN when the next scheduled item goes public;
   * admins list everything at /api/<name>/all.
   */
  /** Cap on create and update bodies, when records may hold more than the default allows (long texts). */
  maxJsonBytes?: number;
  release?: {
    isPublic: (item: unknown, now: number) => boolean;
    next: (items: unknown[], now: number) => number | null;
  };
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
  // Public reads are tagged with the collection's name; its writes purge that tag (collections.ts).
  const publicCache = { cache: o.cache, headers: cdnCacheHeaders(o.name) };
  const release = o.release;
  /** What visitors may see of `all` now, and how long the CDN may keep that answer. */
  const visible = async <T>(all: T[], lifetime?: (shown: T[]) => number | undefined) => {
    const now = Date.now();
    const shown = release ? all.filter((i) => release.isPublic(i, now)) : all;
    // A scheduled item of this list going public changes the answer: the CDN keeps it until then.
    const untilRelease = release?.next(all, now);
    const seconds = [
      lifetime?.(shown),
      untilRelease == null ? undefined : (untilRelease - now) / 1000,
    ].filter((s) => s !== undefined);
    const maxAgeSeconds = seconds.length ? Math.min(...seconds) : undefined;
    return json(
      shown,
      maxAgeSeconds === undefined
        ? publicCache
        : { cache: o.cache, headers: cdnCacheHeaders(o.name, { maxAgeSeconds }) },
    );
  };

  const table: Record<string, RouteHandler> = {
    [base]: route({
      GET: async () => visible(await list()),
      async POST(req) {
        const user = await requirePermission(req, 'edit');
        const body = await importImages(
          (await readJson(req, o.createSchema, o.maxJsonBytes)) as Record<string, unknown>,
          items.imageFields,
        );
        const input = release ? await withSiteZone(body, true) : body;
        // Review before publish: this save waits for a second person (proposals.ts).
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
        const { ids } = await readJson(req, orderSchema);
        const { before, after } = await items.reorder(ids);
        await commitReorder(user, {
          action: 'reorder',
          target: o.name,
          summary: 'order',
          before: { ids: before },
          after: { ids },
        });
        return json(after);
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
        // Review before publish: this save waits for a second person (proposals.ts).
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
        // Review before publish: this deletion waits for a second person (proposals.ts).
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
        return json(await list(), { cache: 'no-store' });
      },
    });
  }
  for (const [view, read] of Object.entries(o.views ?? {})) {
    const lifetime = o.viewLifetimes?.[view];
    table[`${base}/${view}`] = route({ GET: async () => visible(await read(), lifetime) });
  }
  return byPath(table);
}
