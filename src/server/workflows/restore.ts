import { z } from 'zod';
import { SETTINGS_IMAGE_KEYS, siteSettingsPatchSchema } from '../../schemas/site-settings';
import type { User } from '../../schemas/user';
import { COLLECTIONS, type Collection } from '../content/collections';
import { HttpError } from '../http/errors';
import { commitChange, getHistoryEntry, type HistoryEntry } from '../publishing/history';
import { getSiteSettings, patchSiteSettings, pickFields } from '../content/site-settings';
import { testimonialUpdateSchema } from '../../schemas/testimonial';
import { sameField } from '../storage/store';
import { getTestimonial, reinsertTestimonial, updateTestimonial } from '../visitors/testimonials';
import { findSubscription, reinsertSubscription } from '../visitors/newsletter';
import { maySee } from '../publishing/site-changes';
import { claimRestore, endRestoreClaim } from './restore-claim';
import { assertImagesKept, goneImages, takeBackIfErased } from './restore-guards';
import { whyNotRestorable } from './restorable';
import { undoMove, undoOrder } from './restore-order';
import { ALREADY, Already, asConflict, cannot, type State } from './restore-steps';

const itemState = z.looseObject({ id: z.string() });
const fieldsState = z.record(z.string(), z.unknown());
// Server-owned fields never take part in a restore patch.
const META = new Set(['id', 'createdAt', 'updatedAt']);

/**
 * Brings back the "before" state of a history entry, records that as a 'restore' entry (itself
 * restorable) and asks for a rebuild. 404 for an unknown entry or one the user may not see, 409
 * when it cannot be restored, or when the content is as it was before the change already (a
 * repeated request: nothing is written or recorded again).
 *
 * Exactly once: a claim (restore-claim.ts) lets one restore of an entry run at a time and decides
 * its History entry's id before anything changes. A restore cut off after its change landed (a
 * write that failed, a function that died) is finished by restoring again, which finds the
 * content restored and records it then, once; or finds its entry written, asks again for the
 * rebuild it may not have asked for, and answers that entry.
 */
export async function restoreEntry(
  user: Pick<User, 'username' | 'role'>,
  entryId: string,
): Promise<HistoryEntry> {
  const started = Date.now();
  const entry = await getHistoryEntry(entryId);
  // An entry the caller may not see is answered as if it did not exist.
  if (!entry || !maySee(user)(entry.target)) throw new HttpError(404, 'History entry not found');
  const why = whyNotRestorable(entry);
  if (why) throw cannot(why);
  const claim = await claimRestore(user, entry.id);
  try {
    // A restore that died after writing its entry: that entry stands, and its rebuild is asked for.
    const finished =
      claim.recorded && (await commitChange(user, claim.recorded, { id: claim.recorded.id }));
    const { state, already } = await undoOnce(entry);
    let answer: HistoryEntry;
    // Found as before the change: a cut-off restore's change landed (recorded now), or there is
    // nothing to do (a repeated request, answered with the restore it repeats when known).
    if (already && !claim.resumed) {
      if (!finished) throw cannot(ALREADY);
      answer = finished;
    } else
      answer = await commitChange(
        user,
        {
          action: 'restore',
          target: entry.target,
          summary: entry.summary,
          restoredFrom: entry.id,
          ...state,
        },
        { id: claim.id },
      );
    await takeBackIfErased(entry, answer, started);
    await endRestoreClaim(entry.id, claim.id, false);
    return answer;
  } catch (error) {
    // Refused (4xx): nothing changed. Anything else may have come after the change landed.
    const refused = error instanceof HttpError && error.status < 500;
    await endRestoreClaim(entry.id, claim.id, !refused);
    throw error;
  }
}

/**
 * Undoes the entry's change, or finds the content as it was before the change already
 * (`already`, with the state a restore of it leaves; nothing is written).
 */
async function undoOnce(entry: HistoryEntry): Promise<{ state: State; already: boolean }> {
  try {
    return { state: await undo(entry), already: false };
  } catch (error) {
    if (error instanceof Already) return { state: error.state, already: true };
    // A create undone already has nothing to delete; a delete undone already, a record in the way.
    const landed =
      error instanceof HttpError && error.status === 409 ? await restored(entry) : null;
    if (!landed) throw error;
    return { state: landed, already: true };
  }
}

/**
 * The state a restore of a create or a delete left, when the record is gone again or back (null
 * when it is not): what a cut-off restore's change left, or what makes a repeated one a no-op.
 */
async function restored(entry: HistoryEntry): Promise<State | null> {
  const before = itemState.safeParse(entry.before);
  const after = itemState.safeParse(entry.after);
  if (before.success === after.success) return null;
  const [name = '', id = ''] = entry.target.split('/');
  if (name === 'subscriptions') {
    const email = before.success ? before.data.email : undefined;
    const back = typeof email === 'string' && (await findSubscription(email)) !== null;
    return back ? { before: undefined, after: before.data } : null;
  }
  const items = name === 'testimonials' ? testimonialItems : COLLECTIONS[name];
  if (!items || !id) return null;
  const current = await items.get(id);
  if (after.success) return current ? null : { before: after.data, after: undefined };
  return current ? { before: undefined, after: current } : null;
}

async function undo(entry: HistoryEntry): Promise<State> {
  if (entry.target === 'site-settings') return undoSettings(entry);
  const [name = '', id, ...rest] = entry.target.split('/');
  if (name === 'testimonials' && id && rest.length === 0)
    return undoItem(testimonialItems, id, entry);
  if (name === 'subscriptions' && id && rest.length === 0) return undoSubscription(entry);
  // whyNotRestorable let through only a collection's item or its whole order.
  const items = COLLECTIONS[name]!;
  if (id === undefined) return undoOrder(items, entry);
  return entry.action === 'reorder' ? undoMove(items, id, entry) : undoItem(items, id, entry);
}

/** Settings entries hold only the changed fields: patch those back. */
async function undoSettings(entry: HistoryEntry): Promise<State> {
  const before = fieldsState.safeParse(entry.before);
  const patch = before.success ? siteSettingsPatchSchema.safeParse(before.data) : null;
  if (!patch?.success) throw cannot('This settings change cannot be restored');
  const keys = Object.keys(patch.data);
  const current = await getSiteSettings();
  if (keys.every((k) => sameField(current[k as keyof typeof current], before.data![k]))) {
    const left = fieldsState.safeParse(entry.after);
    throw new Already({
      before: left.success ? pickFields(left.data, keys) : undefined,
      after: pickFields(current, keys),
    });
  }
  await assertImagesKept(patch.data, SETTINGS_IMAGE_KEYS);
  const result = await patchSiteSettings(patch.data);
  return { before: pickFields(result.before, keys), after: pickFields(result.after, keys) };
}

/** Testimonials behave like a collection for restores: patched back, or re-created after a delete. */
const testimonialItems = {
  // A deleted testimonial's photo went with it: reinsertTestimonial brings it back without one.
  imageFields: [] as string[],
  get: (id: string) => getTestimonial(id),
  remove: async (): Promise<never> => {
    throw cannot('Submitted testimonials are not removed by a restore');
  },
  reinsert: (record: { id: string }) => reinsertTestimonial(record),
  update: (id: string, patch: Record<string, unknown>) =>
    updateTestimonial(id, testimonialUpdateSchema.parse(patch)),
};

/**
 * Subscriptions: only a delete is undone, by re-creating the subscription as it was, and never
 * for an address that unsubscribed since (409): no restore brings back someone who left.
 */
async function undoSubscription(entry: HistoryEntry): Promise<State> {
  const before = entry.before === undefined ? null : itemState.safeParse(entry.before);
  if (entry.after !== undefined || !before?.success)
    throw cannot('Only a deleted subscription can be restored');
  const restored = await asConflict(
    reinsertSubscription(before.data),
    'This subscription cannot be re-created',
  );
  return { before: undefined, after: restored };
}

/** Item entries: a create is undone by deleting, a delete by re-creating, an update by patching back. */
async function undoItem(
  items: Pick<Collection, 'get' | 'imageFields' | 'remove' | 'reinsert' | 'update'>,
  id: string,
  entry: HistoryEntry,
): Promise<State> {
  const before = entry.before === undefined ? null : itemState.safeParse(entry.before);
  const after = entry.after === undefined ? null : itemState.safeParse(entry.after);
  if (before?.success === false || after?.success === false || (!before && !after))
    throw cannot('This change cannot be restored');
  if (!before) {
    const removed = await asConflict(items.remove(id), 'This item has already been deleted');
    return { before: removed, after: undefined };
  }
  if (!after) {
    // An image deleted from the media library since is left out: the default image shows instead.
    const gone = await goneImages(before.data, items.imageFields);
    const restored = await asConflict(
      items.reinsert({ ...before.data, ...Object.fromEntries(gone.map((f) => [f, ''])) }),
      'This item cannot be re-created',
    );
    return { before: undefined, after: restored };
  }
  const old = before.data as Record<string, unknown>;
  const now = after.data as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter(
    (k) => !META.has(k) && JSON.stringify(old[k]) !== JSON.stringify(now[k]),
  );
  if (keys.length === 0) throw cannot('This change has nothing to restore');
  const deleted = 'This item has been deleted since, so the change cannot be restored';
  const current = (await items.get(id)) as Record<string, unknown> | null;
  if (!current) throw cannot(deleted);
  if (keys.every((k) => sameField(current[k], old[k])))
    throw new Already({
      before: { ...current, ...Object.fromEntries(keys.map((k) => [k, now[k]])) },
      after: current,
    });
  // A field the old version did not have is sent as undefined, which removes it.
  const patch = Object.fromEntries(keys.map((k) => [k, old[k]]));
  await assertImagesKept(patch, items.imageFields);
  const result = await asConflict(items.update(id, patch), deleted);
  return { before: result.before, after: result.after };
}
