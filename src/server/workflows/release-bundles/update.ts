import { withLog, type ReleaseBundle, type ReleaseUpdate } from '../../../schemas/release-bundle';
import { SETTINGS_IMAGE_KEYS } from '../../../schemas/site-settings';
import type { User } from '../../../schemas/user';
import { importImages } from '../../content/image-import';
import { HttpError } from '../../http/errors';
import { commitChange } from '../../publishing/history';
import { zoneOrSite } from '../site-zone';
import { admissible, assertNotElsewhere, futureInstant, key, stillScheduled } from './checks';
import { describeItems, describeTexts } from './describe';
import { scheduleItems, settleItems, unscheduleItems } from './item-schedules';
import { readReleaseDoc, releases } from './release-doc';

/**
 * Renames, reschedules (moving all its items), or replaces its items or text changes. `seen`: the
 * `updatedAt` of the release the caller worked the patch out from, when it read the release
 * itself beforehand (a 409 if it changed since).
 */
export async function updateRelease(
  user: Pick<User, 'username'>,
  id: string,
  patch: ReleaseUpdate,
  seen?: string,
): Promise<ReleaseBundle> {
  const current = stillScheduled((await readReleaseDoc()).bundles.find((b) => b.id === id));
  if (seen !== undefined && current.updatedAt !== seen)
    throw new HttpError(
      409,
      'Someone else changed this release meanwhile: reload it and try again',
    );
  const publishAt = patch.publishAt ?? current.publishAt;
  const timeZone = await zoneOrSite(patch.timeZone ?? current.timeZone);
  const moved = publishAt !== current.publishAt || timeZone !== current.timeZone;
  const at = moved ? futureInstant(publishAt, timeZone) : Date.parse(current.at);
  const items = patch.items ?? current.items;
  const added = items.filter((i) => !current.items.some((c) => key(c) === key(i)));
  const removed = current.items.filter((c) => !items.some((i) => key(i) === key(c)));
  // A new time re-saves every item, so all of them must still be fit to schedule.
  await admissible(moved ? items : added);
  const lines: [string, string][] = [];
  if (patch.name !== undefined && patch.name !== current.name)
    lines.push(['rename', `Renamed from “${current.name}” to “${patch.name}”`]);
  if (moved)
    lines.push([
      'reschedule',
      `Moved from ${current.publishAt.replace('T', ' ')} (${current.timeZone}) to ${publishAt.replace('T', ' ')} (${timeZone})`,
    ]);
  if (added.length) lines.push(['add-items', `Added ${await describeItems(added)}`]);
  if (removed.length) lines.push(['remove-items', `Took out ${await describeItems(removed)}`]);
  if (patch.texts !== undefined)
    lines.push(['texts', `Text changes: ${describeTexts(patch.texts)}`]);
  // A text change's image comes onto this site as a settings save's does, before it is kept.
  const texts = patch.texts && (await importImages(patch.texts, SETTINGS_IMAGE_KEYS));
  let next: ReleaseBundle | undefined;
  await releases.update((doc) => {
    const fresh = stillScheduled(doc.bundles.find((b) => b.id === id));
    // Someone else changed the release meanwhile: what this edit was worked out from is stale.
    if (fresh.updatedAt !== current.updatedAt)
      throw new HttpError(
        409,
        'Someone else changed this release meanwhile: reload it and try again',
      );
    assertNotElsewhere(doc, added, id);
    next = lines.reduce((b, [action, summary]) => withLog(b, user.username, action, summary), {
      ...fresh,
      name: patch.name ?? fresh.name,
      publishAt,
      timeZone,
      at: new Date(at).toISOString(),
      items,
      texts: texts ?? fresh.texts,
      updatedAt: new Date().toISOString(),
    });
    return { bundles: doc.bundles.map((b) => (b.id === id ? next! : b)) };
  });
  const unscheduled = await unscheduleItems(user, current, removed);
  const scheduled = await scheduleItems(user, next!, moved ? items : added);
  const settled = await settleItems(user, next!, moved ? items : added);
  const summary = `${next!.name}: ${lines.map(([, s]) => s).join('; ') || 'no change'}`;
  await commitChange(
    user,
    { action: 'update', target: `releases/${id}`, summary, before: current, after: next },
    { rebuild: unscheduled || scheduled || settled },
  );
  return next!;
}
