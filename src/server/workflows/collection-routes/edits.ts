import { requirePermission } from '../../auth/guard';
import { importImages } from '../../content/image-import';
import { json, readJson, readPatch, type FnContext } from '../../http/http';
import { commitChange } from '../../publishing/history';
import { acceptedAsProposal, propose } from '../proposals';
import { mustPropose } from '../review-policy';
import { withSiteZone } from '../site-zone';
import { itemId, type CollectionRouting } from './routing';
import { describe } from './summaries';

/** An editor adds an item: in History, or kept aside as a proposal. */
export async function createItem({ o, items, target }: CollectionRouting, req: Request) {
  const release = o.release;
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
}

/** An editor changes an item (with `_expected` conflict checks): in History, or as a proposal. */
export async function updateItem(
  { o, items, target }: CollectionRouting,
  req: Request,
  ctx: FnContext,
) {
  const release = o.release;
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
}

/** An editor deletes an item: in History, or as a proposal. */
export async function deleteItem(
  { o, items, target }: CollectionRouting,
  req: Request,
  ctx: FnContext,
) {
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
}
