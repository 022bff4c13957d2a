/**
 * The "Add to calendar" file of an event (RFC 5545), written by the `ics` library. Events
 * without times are all-day events (DTEND is the day after the last day, as the RFC counts it);
 * with times they are the wall-clock times in the event's own zone (DTSTART;TZID=…, with the
 * zone's VTIMEZONE), so every calendar shows them at the right moment wherever the attendee is
 * and still knows the zone the organiser meant; in UTC they are UTC instants (DTSTART:…Z).
 */
import { createEvent, type DateArray, type EventAttributes } from 'ics';
import { isRenderableDate, MAX_YEAR, MIN_YEAR } from '../schemas/dates';
import { calendarDay } from './event-page';
import { eventInstants, lastHour } from './event-times';
import { localDateTime, vtimezone } from './vtimezone';

interface CalendarEvent {
  id: string;
  title: string;
  description: string;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  eventTimeZone: string;
  location: string;
  isVirtual: boolean;
  virtualLink: string;
  registrationLink: string;
  updatedAt: string;
}

/**
 * Text as the calendar library can escape it: it writes each \n as the two characters \n, but
 * passes a bare carriage return (or a Unicode line separator) through raw, which ends the line
 * early and lets the rest of a title or description forge a property of its own.
 */
const oneKindOfBreak = (s: string) => s.replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n');

const dayAfter = (iso: string) => new Date(Date.parse(iso) + 86_400_000).toISOString();

const two = (n: number) => String(n).padStart(2, '0');
/**
 * An instant as an iCalendar UTC date-time ('10000101T013100Z'), written here rather than by the
 * library: it refuses instants before 1970 (negative milliseconds) and would write a year before
 * 1000 with fewer than the four digits the RFC requires. A wall-clock time late on 31 December
 * 9999 west of Greenwich is in year 10000 in UTC, which no calendar file can hold: that one is
 * written as the event's own wall-clock time, floating (shown as given in every zone).
 */
function utcDateTime(ms: number, day: string, time: string): string {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  if (year > 9999)
    return `${calendarDay(day)
      .map((n, i) => (i ? two(n) : String(n)))
      .join('')}T${time.replace(':', '')}00`;
  return `${String(year).padStart(4, '0')}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}T${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}Z`;
}

/**
 * Files already written, per event record and address: the build's render check writes each
 * event's file with the site's own address before the pages are built, and the event's .ics route
 * then takes that text instead of running the library's validation (milliseconds an event) again.
 */
const written = new WeakMap<CalendarEvent, Map<string, string>>();

/** The .ics text for one event; `pageUrl` is its page (its host also makes the UID globally unique). */
export function eventIcs(e: CalendarEvent, pageUrl: string, organiser: string): string {
  const key = `${pageUrl}\n${organiser}`;
  const done = written.get(e)?.get(key);
  if (done !== undefined) return done;
  const value = writeIcs(e, pageUrl, organiser);
  written.set(e, (written.get(e) ?? new Map<string, string>()).set(key, value));
  return value;
}

function writeIcs(e: CalendarEvent, pageUrl: string, organiser: string): string {
  // iCalendar writes years with four digits: the library would write year 275760 (which a stored
  // JavaScript date can hold) as a broken DTSTART rather than fail, so refuse it here, loudly.
  for (const iso of [e.startDate, e.endDate]) {
    if (!isRenderableDate(...calendarDay(iso)))
      throw new Error(
        `The date ${iso.split('T')[0]} cannot be written to a calendar file (years ${MIN_YEAR} to ${MAX_YEAR})`,
      );
  }
  const instants = eventInstants(e);
  const start: DateArray | string = instants
    ? utcDateTime(instants.start, e.startDate, e.startTime)
    : calendarDay(e.startDate);
  const end: DateArray | string = instants
    ? utcDateTime(instants.end, e.endDate, e.endTime || lastHour(e.startTime))
    : calendarDay(dayAfter(e.endDate));
  const link = e.registrationLink || (e.isVirtual ? e.virtualLink : '');
  const attributes: EventAttributes = {
    uid: `${e.id}@${new URL(pageUrl).hostname}`,
    productId: `-//${oneKindOfBreak(organiser).replace(/\n/g, ' ')}//Events//EN`,
    title: oneKindOfBreak(e.title),
    description: oneKindOfBreak(
      [e.description, link ? `Details: ${link}` : '', `Event page: ${pageUrl}`]
        .filter(Boolean)
        .join('\n\n'),
    ),
    location:
      oneKindOfBreak(e.isVirtual ? e.virtualLink || 'Online' : e.location || '') || undefined,
    url: pageUrl,
    start,
    end,
    // Instants arrive written (above); all-day dates are written as given, whatever the build machine's zone.
    startInputType: 'local',
    startOutputType: 'local',
    endInputType: 'local',
    endOutputType: 'local',
    status: 'CONFIRMED',
    lastModified: Date.parse(e.updatedAt),
  };
  const { error, value } = createEvent(attributes);
  // The library validates with yup: its message only counts the problems ("2 errors occurred"), its `errors` name them.
  const problems = (error as { errors?: unknown } | null)?.errors;
  const why =
    Array.isArray(problems) && problems.length
      ? problems.join('; ')
      : (error?.message ?? 'no output');
  if (error || !value) throw new Error(`Could not write the calendar file of "${e.title}": ${why}`);
  return instants ? inZone(value, e.eventTimeZone, instants) : value;
}

/**
 * The library writes UTC instants only: a timed event in a named zone gets its times rewritten as
 * that zone's wall-clock times (TZID) and the zone's definition put before the event. Instants
 * written floating (beyond year 9999 in UTC) and UTC itself stay as they are.
 */
const SINCE_1900 = Date.UTC(1900, 0, 1);

function inZone(ics: string, zone: string, at: { start: number; end: number }): string {
  // Before 1900 zones keep local mean times (offsets in seconds), which a VTIMEZONE cannot hold.
  if (!zone || zone === 'UTC' || at.start < SINCE_1900 || !/^DTSTART:\d{8}T\d{6}Z\r?$/m.test(ics))
    return ics;
  return ics
    .replace(
      /^DTSTART:\d{8}T\d{6}Z(\r?)$/m,
      `DTSTART;TZID=${zone}:${localDateTime(zone, at.start)}$1`,
    )
    .replace(/^DTEND:\d{8}T\d{6}Z(\r?)$/m, `DTEND;TZID=${zone}:${localDateTime(zone, at.end)}$1`)
    .replace(/^BEGIN:VEVENT(\r?)$/m, `${vtimezone(zone, at.start, at.end)}\r\nBEGIN:VEVENT$1`);
}
