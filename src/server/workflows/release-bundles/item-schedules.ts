import { isPublic, releaseTime } from '../../../schemas/release';
import type { ReleaseBundle, ReleaseItem } from '../../../schemas/release-bundle';
import type { User } from '../../../schemas/user';
import { releaseRecord, setItemSchedule } from '../release-items';
import { readReleaseDoc } from './release-doc';

/**
 * Schedules items for the release's time (each change in History); answers whether any item
 * changed, so the release's own entry asks for one rebuild for them all.
 */
export async function scheduleItems(
  user: Pick<User, 'username'>,
  bundle: ReleaseBundle,
  items: ReleaseItem[],
): Promise<boolean> {
  let changed = false;
  for (const item of items) {
    // One deleted (or published by hand) since it was checked is left alone: the check names it.
    const record = await releaseRecord(item);
    if (!record || isPublic(record.item)) continue;
    await setItemSchedule(
      user,
      item,
      { status: 'scheduled', publishAt: bundle.publishAt, timeZone: bundle.timeZone },
      `in the release “${bundle.name}”`,
    );
    changed = true;
  }
  return changed;
}

/**
 * Puts items back to draft, unless someone has since published them or given them a time of
 * their own: only what the release scheduled is undone. Answers whether any item changed.
 */
export async function unscheduleItems(
  user: Pick<User, 'username'>,
  bundle: ReleaseBundle,
  items: ReleaseItem[],
): Promise<boolean> {
  let changed = false;
  for (const item of items) {
    const record = await releaseRecord(item);
    if (
      !record ||
      record.item.status !== 'scheduled' ||
      releaseTime(record.item) !== Date.parse(bundle.at)
    )
      continue;
    await setItemSchedule(user, item, { status: 'draft' }, `out of the release “${bundle.name}”`);
    changed = true;
  }
  return changed;
}

/**
 * After a create or reschedule has written its items. They are written one by one after the
 * release, so a cancel or another reschedule can land while they move: a cancel puts back to
 * draft the items already at the release's time and passes over those not yet moved, which this
 * change then moves; another reschedule's write of an item can come before this change's, which
 * then leaves it at an older time. So the release is read again and the items this change wrote
 * are brought to what it is now. Answers whether any changed.
 */
export async function settleItems(
  user: Pick<User, 'username'>,
  wrote: ReleaseBundle,
  items: ReleaseItem[],
): Promise<boolean> {
  const now = (await readReleaseDoc()).bundles.find((b) => b.id === wrote.id);
  if (now?.status === 'cancelled') return unscheduleItems(user, wrote, items);
  if (now?.status === 'scheduled' && now.at !== wrote.at) return scheduleItems(user, now, items);
  return false;
}
