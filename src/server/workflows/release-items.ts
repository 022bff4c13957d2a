/**
 * The publications and events of a release, read and (re)scheduled one at a time through their
 * collections, so every rule a save obeys (a scheduled item needs a time, images need alt text)
 * holds for a release's items too, and each change is in History with its before and after.
 */
import type { Releasable } from '../../schemas/release';
import type { ReleaseItem } from '../../schemas/release-bundle';
import type { User } from '../../schemas/user';
import { events, publications } from '../content/collections';
import { commitChange } from '../publishing/history';

/** A release's item as stored now, with what the release needs to know of it. */
export interface ReleaseRecord {
  item: Releasable & Record<string, unknown> & { id: string; title: string };
  title: string;
  /** Where the record keeps its image: `image` on publications, `imageUrl` on events. */
  imageField: 'image' | 'imageUrl';
}

/** The record behind a release item, or null when it was deleted. */
export async function releaseRecord(ref: ReleaseItem): Promise<ReleaseRecord | null> {
  if (ref.collection === 'publications') {
    const item = await publications.get(ref.id);
    return item && { item, title: item.title, imageField: 'image' };
  }
  const item = await events.get(ref.id);
  return item && { item, title: item.title, imageField: 'imageUrl' };
}

/** Sets an item's status and time; recorded in History as the user's change (the release's own entry asks for the rebuild, once). */
export async function setItemSchedule(
  user: Pick<User, 'username'>,
  ref: ReleaseItem,
  change: { status: 'scheduled' | 'draft'; publishAt?: string; timeZone?: string },
  why: string,
): Promise<void> {
  const collection = ref.collection === 'publications' ? publications : events;
  const { before, after } = await collection.update(ref.id, change);
  const when =
    change.status === 'scheduled'
      ? `scheduled for ${change.publishAt?.replace('T', ' ')} (${change.timeZone})`
      : 'back to draft';
  await commitChange(
    user,
    {
      action: 'update',
      target: `${ref.collection}/${ref.id}`,
      summary: `${after.title}: ${when}, ${why}`,
      before,
      after,
    },
    { rebuild: false },
  );
}
