import type { Event } from '../../../schemas/event';
import type { Publication } from '../../../schemas/publication';
import { SCHEDULED_NEEDS_TIME, scheduledHasTime, type Releasable } from '../../../schemas/release';
import { HttpError } from '../../http/errors';
import { missingAltText } from '../image-alt';

export const releaseHasTime = (item: Releasable) => {
  if (!scheduledHasTime(item))
    throw new HttpError(400, SCHEDULED_NEEDS_TIME, { publishAt: SCHEDULED_NEEDS_TIME });
};

/** What every index row of a keyed collection holds (keyed-collection/), from a record. */
export const rowBase = (item: Publication | Event, imageField: 'image' | 'imageUrl') => ({
  id: item.id,
  slug: item.slug,
  previousSlugs: item.previousSlugs,
  title: item.title,
  status: item.status,
  publishAt: item.publishAt,
  timeZone: item.timeZone,
  topics: item.topics,
  hasImage: !!(item as Record<string, unknown>)[imageField],
  missingAlt: missingAltText(item as Record<string, unknown>, imageField).length > 0,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
});
