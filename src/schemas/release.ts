import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { cleanString } from './common';
import { timeZoneField } from './time-zone';

/**
 * Drafts and embargoes for publications and events. A record is public when it is published,
 * or scheduled and its publish time (a wall-clock time in the chosen time zone) has passed.
 * Records stored before this existed have no status and read as published.
 */
export const RELEASE_STATUSES = ['published', 'scheduled', 'draft'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

/** The fields every releasable record has; they are edited in the admin. */
export const releaseFields = {
  status: z
    .enum(RELEASE_STATUSES, { error: 'Status must be published, scheduled or draft' })
    .default('published'),
  /** Local wall-clock time 'YYYY-MM-DDTHH:MM' in `timeZone`, for scheduled records. */
  publishAt: cleanString()
    .trim()
    .refine(
      (v) => v === '' || /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/.test(v),
      'Must be a date and time (YYYY-MM-DDTHH:MM)',
    )
    .default(''),
  /**
   * IANA time zone of `publishAt`, e.g. 'Europe/London'. Left empty in a request, it is the site's
   * zone: the server stores that zone's name (src/server/workflows/site-zone.ts).
   */
  timeZone: timeZoneField().default(''),
};

export interface Releasable {
  status?: ReleaseStatus;
  publishAt?: string;
  timeZone?: string;
}

/** The instant (ms since the epoch) a scheduled record goes public, or null without a valid time. */
export function releaseTime(item: Releasable): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(item.publishAt ?? '');
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const time = new TZDate(y, mo - 1, d, h, mi, 0, item.timeZone || 'UTC').getTime();
  return Number.isFinite(time) ? time : null;
}

/** Whether visitors may see the record at `now`: published, or scheduled and its time has come. */
export function isPublic(item: Releasable, now = Date.now()): boolean {
  const status = item.status ?? 'published';
  if (status === 'published') return true;
  if (status === 'draft') return false;
  const at = releaseTime(item);
  return at !== null && at <= now;
}

/**
 * The status as people should read it: a scheduled record whose time has come is published (the
 * stored status stays 'scheduled'; the time alone makes it public).
 */
export function shownStatus(item: Releasable, now = Date.now()): ReleaseStatus {
  const status = item.status ?? 'published';
  return status === 'scheduled' && isPublic(item, now) ? 'published' : status;
}

/** A scheduled record needs a publish time: checked on the merged record (a PATCH may send one side). */
export const scheduledHasTime = (item: Releasable) =>
  (item.status ?? 'published') !== 'scheduled' || releaseTime(item) !== null;
export const SCHEDULED_NEEDS_TIME = 'A scheduled item needs a publish date and time';
