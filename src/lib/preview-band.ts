import { releaseTime } from '../schemas/release';
import { formatDateTime } from './date-style';

/**
 * The band a preview shows on top: when the item goes public, in its own time zone
 * ('embargoed until April 20, 2031, 09:00 CEST'), or that it is a draft.
 */
export function previewBand(item: {
  status?: string;
  publishAt?: string;
  timeZone?: string;
}): string {
  if (item.status === 'scheduled' && item.publishAt) {
    const zone = item.timeZone || 'UTC';
    const at = releaseTime({ publishAt: item.publishAt, timeZone: zone });
    const when = at === null ? item.publishAt.replace('T', ' ') : formatDateTime(at, zone);
    return `Preview — embargoed until ${when} (${zone}). Please do not share.`;
  }
  return 'Preview — a draft, not yet published. Please do not share.';
}
