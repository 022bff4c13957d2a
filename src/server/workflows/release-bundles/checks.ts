import { isPublic, releaseTime } from '../../../schemas/release';
import type { ReleaseBundle, ReleaseDoc, ReleaseItem } from '../../../schemas/release-bundle';
import { missingAltText } from '../../content/image-alt';
import { HttpError } from '../../http/errors';
import { releaseRecord, type ReleaseRecord } from '../release-items';

/** An item as `collection/id`, to compare items between releases and between edits of one. */
export const key = (i: ReleaseItem) => `${i.collection}/${i.id}`;

/** The instant a local time names; a 400 unless it is still to come. */
export function futureInstant(publishAt: string, timeZone: string, now = Date.now()): number {
  const at = releaseTime({ publishAt, timeZone });
  if (at === null)
    throw new HttpError(400, 'That date and time does not exist', {
      publishAt: 'That date and time does not exist',
    });
  if (at <= now)
    throw new HttpError(400, 'Choose a release time in the future', {
      publishAt: 'Choose a release time in the future',
    });
  return at;
}

/**
 * Checks items before they join a release: each exists, is not public already, and (as it will be
 * scheduled, so in public view at the time) has alt text for its images. Answers the records.
 */
export async function admissible(items: ReleaseItem[]): Promise<ReleaseRecord[]> {
  const records: ReleaseRecord[] = [];
  for (const item of items) {
    const record = await releaseRecord(item);
    if (!record)
      throw new HttpError(
        404,
        `No ${item.collection === 'publications' ? 'publication' : 'event'} with id ${item.id}`,
        { items: `No such item: ${item.id}` },
      );
    if (isPublic(record.item))
      throw new HttpError(
        409,
        `“${record.title}” is already public: a release takes drafts and scheduled items`,
        { items: `“${record.title}” is already public` },
      );
    const [missing] = missingAltText({ ...record.item, status: 'scheduled' }, record.imageField);
    if (missing)
      throw new HttpError(400, `“${record.title}”: ${missing.message}`, { items: missing.message });
    records.push(record);
  }
  return records;
}

/** A 409 when an item already belongs to another scheduled release (an item has one release time). */
export function assertNotElsewhere(doc: ReleaseDoc, items: ReleaseItem[], self: string | null) {
  for (const other of doc.bundles) {
    if (other.id === self || other.status !== 'scheduled') continue;
    const clash = items.find((i) => other.items.some((o) => key(o) === key(i)));
    if (clash)
      throw new HttpError(
        409,
        `An item is already in the release “${other.name}”: take it out there first`,
        { items: `Already in “${other.name}”` },
      );
  }
}

export const stillScheduled = (bundle: ReleaseBundle | undefined): ReleaseBundle => {
  if (!bundle) throw new HttpError(404, 'No release with that id');
  if (bundle.status !== 'scheduled')
    throw new HttpError(409, `This release was ${bundle.status} and can no longer change`);
  // Its texts may already be in the settings: an edit or a cancel now would not undo them.
  if (bundle.going) throw new HttpError(409, 'This release is going live and can no longer change');
  return bundle;
};
