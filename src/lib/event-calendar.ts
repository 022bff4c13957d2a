/**
 * The "Add to calendar" file of an event (RFC 5545), written by the `ics` library. Events
 * without times are all-day events (DTEND is the day after the last day, as the RFC counts it);
 * with times they are UTC instants (DTSTART:…Z) of the wall-clock times in the event's own time
 * zone, so every calendar shows them at the right moment wherever the attendee is.
 */
import { createEvent, type DateArray, type EventAttributes } from 'ics';
import { isRenderableDate, MAX_YEAR, MIN_YEAR } from '../schemas/dates';
import { calendarDay } from './event-page';
import { eventInstants } from './event-times';

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

/** The .ics text for one event; `pageUrl` is its page (its host also makes the UID globally unique). */
export function eventIcs(e: CalendarEvent, pageUrl: string, organiser: string): string {
  // iCalendar writes years with four digits: the library would write year 275760 (which a stored
  // JavaScript date can hold) as a broken DTSTART rather than fail, so refuse it here, loudly.
  for (const iso of [e.startDate, e.endDate]) {
    if (!isRenderableDate(...calendarDay(iso))) throw new Error(`The date ${iso.split('T')[0]} cannot be written to a calendar file (years ${MIN_YEAR} to ${MAX_YEAR})`);
  }
  const instants = eventInstants(e);
  const start: DateArray | number = instants ? instants.start : calendarDay(e.startDate);
  const end: DateArray | number = instants ? instants.end : calendarDay(dayAfter(e.endDate));
  const link = e.registrationLink || (e.isVirtual ? e.virtualLink : '');
  const attributes: EventAttributes = {
    uid: `${e.id}@${new URL(pageUrl).hostname}`,
    productId: `-//${oneKindOfBreak(organiser).replace(/\n/g, ' ')}//Events//EN`,
    title: oneKindOfBreak(e.title),
    description: oneKindOfBreak([e.description, link ? `Details: ${link}` : '', `Event page: ${pageUrl}`].filter(Boolean).join('\n\n')),
    location: oneKindOfBreak(e.isVirtual ? e.virtualLink || 'Online' : e.location || '') || undefined,
    url: pageUrl,
    start,
    end,
    // Instants are written in UTC; all-day dates are written as given, whatever the build machine's zone.
    startInputType: instants ? 'utc' : 'local',
    startOutputType: instants ? 'utc' : 'local',
    endInputType: instants ? 'utc' : 'local',
    endOutputType: instants ? 'utc' : 'local',
    status: 'CONFIRMED',
    lastModified: Date.parse(e.updatedAt),
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw new Error(`Could not write the calendar file of "${e.title}": ${error?.message ?? 'no output'}`);
  return value;
}
