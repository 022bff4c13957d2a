/**
 * An event's times as instants: the admin enters wall-clock times ('09:30') on calendar days, in
 * the event's own IANA time zone; pages, the JSON-LD and the calendar file all turn them into
 * the same instants here. Build-time only (it uses @date-fns/tz); the browser's "your time" line
 * formats the instants with the platform's Intl (visitor-time.ts; zones are named by date-style.ts).
 */
import { TZDate } from '@date-fns/tz';
// The function's own module: the package root loads every date-fns function (hundreds of modules,
// seconds of a build's start).
import { format } from 'date-fns/format';
import { calendarDay } from './event-page';
import { zoneName } from './date-style';

interface Timed {
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  /** IANA zone of the times; resolved to the site's zone when the event names none (workflows/page-data.ts). */
  eventTimeZone: string;
}

const hm = (time: string): [number, number] => time.split(':').map(Number) as [number, number];

/** With a start time but no end time, the event is taken to last an hour (within its last day). */
export const lastHour = (start: string): string => {
  const [h, m] = hm(start);
  return h >= 23 ? '23:59' : `${String(h + 1).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
};

/** The instant (ms) of a wall-clock time on a stored calendar day in `zone`. */
export function wallClockInstant(dayIso: string, time: string, zone: string): number {
  const [y, mo, d] = calendarDay(dayIso);
  const [h, mi] = hm(time);
  return new TZDate(y, mo - 1, d, h, mi, 0, zone).getTime();
}

/** Start and end instants of a timed event (an end time defaults to an hour after the start), or null for all-day events. */
export function eventInstants(e: Timed): { start: number; end: number } | null {
  if (!e.startTime) return null;
  return {
    start: wallClockInstant(e.startDate, e.startTime, e.eventTimeZone),
    end: wallClockInstant(e.endDate, e.endTime || lastHour(e.startTime), e.eventTimeZone),
  };
}

/** '2030-06-19T09:30:00+02:00': the instant as the event's wall-clock time with its offset. */
export const withOffset = (ms: number, zone: string): string =>
  format(new TZDate(ms, zone), "yyyy-MM-dd'T'HH:mm:ssXXX");

/** '09:30–17:00 CET' (or '09:30 CET' without an end time), in the event's own zone; '' for all-day events. */
export function eventTimeRange(e: Timed): string {
  const at = eventInstants(e);
  if (!at) return '';
  const times = e.endTime ? `${e.startTime}–${e.endTime}` : e.startTime;
  return `${times} ${zoneName(at.start, e.eventTimeZone)}`;
}

/**
 * Start and end for schema.org: dates alone for all-day events, date-times with the zone's
 * offset ('2030-06-19T09:30:00+02:00') when the admin gave times.
 */
export function eventSchedule(e: Timed): { start: string; end: string } {
  const at = eventInstants(e);
  if (!at) return { start: e.startDate.slice(0, 10), end: e.endDate.slice(0, 10) };
  return { start: withOffset(at.start, e.eventTimeZone), end: withOffset(at.end, e.eventTimeZone) };
}
