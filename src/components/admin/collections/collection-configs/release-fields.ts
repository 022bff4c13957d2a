import {
  RELEASE_STATUSES,
  releaseTime,
  shownStatus,
  type Releasable,
} from '../../../../schemas/release';
import { formatDateTime } from '../../../../lib/date-style';
import type { FieldConfig } from '../../form/field-config';
import { timeZoneOptions } from '../../form/time-zones';
import { s, type Item } from './collection-config';

/**
 * 'Draft', 'Scheduled for June 19, 2025, 09:00 BST (Europe/London)' in the site's one date style,
 * or nothing for published items (a scheduled item whose time has passed is one of those).
 */
export function releaseLabel(i: Item): string {
  const status = shownStatus(i as Releasable);
  if (status === 'draft') return 'Draft';
  if (status === 'scheduled')
    return `Scheduled for ${formatDateTime(releaseTime(i as Releasable), s(i.timeZone))} (${s(i.timeZone)})`;
  return '';
}

/** Who sees a publication or event: the release fields both share (src/schemas/release.ts). */
export const RELEASE_FIELDS: readonly FieldConfig[] = [
  {
    name: 'status',
    label: 'Status',
    type: 'select',
    options: RELEASE_STATUSES,
    initial: 'published',
    help: 'Draft: never public. Scheduled: public from the publish time on (the site rebuilds itself then).',
    half: true,
  },
  {
    name: 'publishAt',
    label: 'Publish at',
    type: 'datetime',
    help: 'For scheduled items: the local time in the zone beside it.',
    zoneField: 'timeZone',
    half: true,
  },
  {
    name: 'timeZone',
    label: 'Time zone',
    type: 'select',
    options: timeZoneOptions(),
    initialSetting: 'siteTimeZone',
    half: true,
  },
];
