import { z } from 'zod';
import { cdnCacheHeaders } from './cdn-cache';
import type { Collection } from './collections';
import { HttpError } from './errors';
import { requirePermission } from './guard';
import { commitChange, commitReorder } from './history';
import { errorResponse, json, MAX_JSON_BYTES, parseWith, readJson, route, type FnContext } from './http';

/** A function handler as `route()` builds it. */
export type RouteHandler = ReturnType<typeof route>;

const isParam = (segment: string) => segment.startsWith(':');

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * One function file may declare several `config.path` patterns; Netlify calls the same handler
 * for all of them. This picks the `route()` for the pattern the request matched (literal
 * segments before :params, as Netlify does) and fills `ctx.params` from it.
 */
export function byPath(table: Record<string, RouteHandler>): RouteHandler {
  const patterns = Object.entries(table)
    .map(([pattern, handler]) => ({ segments: pattern.split('/').filter(Boolean), handler }))
    .sort((a, b) => a.segments.filter(isParam).length - b.segments.filter(isParam).length);
  return async (req, context = {}) => {
    const got = new URL(req.url).pathname.split('/').filter(Boolean);
    for (const { segments, handler } of patterns) {
      if (segments.length !== got.length) continue;
      if (!segments.every((s, i) => isParam(s) || s === got[i])) continue;
      const params = Object.fromEntries(segments.flatMap((s, i) => (isParam(s) ? [[s.slice(1), decode(got[i]!)]] : [])));
      // Only what handlers use is passed on: Netlify's context may keep fields behind getters.
      return handler(req, { ip: context.ip, waitUntil: context.waitUntil, params: { ...params, ...context.params } });
    }
    return errorResponse(404, 'No such API endpoint');
  };
}

// Lists (authors, speakers, topics) are compared whole, as the editor loaded them.
const expectedSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.unknown()).max(1000)]), {
  error: '_expected must map field names to the values you started from',
});
const patchEnvelopeSchema = z.looseObject({ _expected: expectedSchema.optional() });

/**
 * Reads a PATCH body: the fields to change plus an optional `_expected` map of the values the
 * editor started from. `_expected` is split off before the (strict) update schema sees the body.
 */
export async function readPatch<S extends z.ZodType>(
  req: Request,
  schema: S,
  fieldNames: readonly string[],
  maxBytes = MAX_JSON_BYTES,
): Promise<{ patch: z.infer<S>; expected?: Record<string, unknown> }> {
  const { _expected: expected, ...fields } = await readJson(req, patchEnvelopeSchema, maxBytes);
  const unknown = Object.keys(expected ?? {}).filter((k) => !fieldNames.includes(k));
  if (unknown.length > 0) {
    const message = `Unknown field in _expected: ${unknown.join(', ')}`;
    throw new HttpError(400, message, { _expected: message });
  }
  if (Object.keys(fields).length === 0) throw new HttpError(400, 'Send at least one field to change');
  return { patch: parseWith(schema, fields), expected };
}

/**
 * Mutations without a body (restore, publish) still refuse form and text bodies: those are what a
 * cross-site form can send without a preflight.
 */
export function assertNoFormBody(req: Request): void {
  const type = req.headers.get('content-type');
  if (type && !/^application\/json\b/i.test(type)) {
    throw new HttpError(415, 'Send the request without a body or as JSON (Content-Type: application/json)');
  }
}

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
  release?: { isPublic: (item: unknown, now: number) => boolean; next: (items: unknown[], now: number) => number | null };
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
    const seconds = [lifetime?.(shown), untilRelease == null ? undefined : (untilRelease - now) / 1000].filter((s) => s !== undefined);
    const maxAgeSeconds = seconds.length ? Math.min(...seconds) : undefined;
    return json(shown, maxAgeSeconds === undefined ? publicCache : { cache: o.cache, headers: cdnCacheHeaders(o.name, { maxAgeSeconds }) });
  };

  const table: Record<string, RouteHandler> = {
    [base]: route({
      GET: async () => visible(await list()),
      async POST(req) {
        const user = await requirePermission(req, 'content');
        const created = await items.create((await readJson(req, o.createSchema, o.maxJsonBytes)) as Record<string, unknown>);
        await commitChange(user, { action: 'create', target: target(created.id), summary: describe(created), after: created });
        return json(created, { status: 201 });
      },
    }),
    [`${base}/order`]: route({
      async PUT(req) {
        const user = await requirePermission(req, 'content');
        const { ids } = await readJson(req, orderSchema);
        const { before, after } = await items.reorder(ids);
        await commitReorder(user, { action: 'reorder', target: o.name, summary: 'order', before: { ids: before }, after: { ids } });
        return json(after);
      },
    }),
    [`${base}/:id`]: route({
      async GET(_req, ctx) {
        const item = await items.get(itemId(ctx));
        const now = Date.now();
        if (!item || (release && !release.isPublic(item, now))) throw new HttpError(404, 'Item not found');
        return json(item, publicCache);
      },
      async PATCH(req, ctx) {
        const user = await requirePermission(req, 'content');
        const { patch, expected } = await readPatch(req, o.updateSchema, items.fieldNames, o.maxJsonBytes);
        const { before, after } = await items.update(itemId(ctx), patch as Record<string, unknown>, expected);
        const summary = `${describe(after)}: ${Object.keys(patch as object).join(', ')}`;
        await commitChange(user, { action: 'update', target: target(after.id), summary, before, after });
        return json(after);
      },
      async DELETE(req, ctx) {
        const user = await requirePermission(req, 'content');
        const removed = await items.remove(itemId(ctx));
        await commitChange(user, { action: 'delete', target: target(removed.id), summary: describe(removed), before: removed });
        return json(removed);
      },
    }),
  };
  if (release) {
    table[`${base}/all`] = route({
      async GET(req) {
        await requirePermission(req, 'content');
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
