/**
 * An event's own page (/events/<slug>) and its calendar file (/events/<slug>.ics): addresses,
 * and its calendar days as they read (times and zones: event-times.ts).
 */
import { formatStoredDay } from './date-style';

export const EVENTS_PATH = '/events';

/** An event's own page. */
export const eventUrl = (event: { slug: string }): string => `${EVENTS_PATH}/${event.slug}`;
/** Its "Add to calendar" file. */
export const eventIcsUrl = (event: { slug: string }): string => `${EVENTS_PATH}/${event.slug}.ics`;

/**
 * A stored calendar day as [year, month 1-12, day]. Days are stored as UTC midnight, so they are
 * read in UTC: the build machine's zone must not move an event to the day before.
 */
export function calendarDay(iso: string): [number, number, number] {
  const d = new Date(iso);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}

/** 'Thursday, June 19, 2025' for a stored calendar day. */
export const longDay = (iso: string): string => formatStoredDay(iso, { weekday: true });

/** Capacity as visitors read it: 'Up to 120 attendees'. */
export const capacityLabel = (max: number | null | undefined): string =>
  max ? `Up to ${max.toLocaleString('en-GB')} attendees` : '';
