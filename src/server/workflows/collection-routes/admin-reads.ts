import { z } from 'zod';
import { RELEASE_STATUSES } from '../../../schemas/release';
import { requirePermission } from '../../auth/guard';
import { HttpError } from '../../http/errors';
import { json, parseWith, type FnContext } from '../../http/http';
import { pageQuerySchema, queryOf } from '../../storage/records';
import { itemId, type CollectionRouting } from './routing';
import { summary } from './summaries';

/** The admin list's query: a page, a search, and filters by status and topic. */
const adminQuerySchema = pageQuerySchema.extend({
  // An empty filter (a form's "Any") is no filter.
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(RELEASE_STATUSES, { error: 'status must be published, scheduled or draft' }).optional(),
  ),
  topic: z.string().trim().max(100).optional(),
});

/** Every item for the editor, drafts and embargoed ones too: a page of them when keyed. */
export async function adminList({ keyed, list }: CollectionRouting, req: Request) {
  await requirePermission(req, 'edit');
  if (!keyed) return json(await list(), { cache: 'no-store' });
  const query = parseWith(adminQuerySchema, queryOf(req));
  const found = await keyed.page(query);
  return json(
    { ...found, items: found.items.map((r) => summary(r, r.order)) },
    { cache: 'no-store' },
  );
}

/** One record for the editor, drafts and embargoed ones too (the public read hides those). */
export async function adminItem({ items, keyed }: CollectionRouting, req: Request, ctx: FnContext) {
  await requirePermission(req, 'edit');
  const id = itemId(ctx);
  const item = keyed ? await keyed.open(id) : await items.get(id);
  if (!item) throw new HttpError(404, 'Item not found');
  return json(item, { cache: 'no-store' });
}
