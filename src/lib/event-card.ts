/**
 * Pure rules behind an event card and the events tabs: which action a card
 * offers, how its dates read, and which events each tab lists.
 */
import { type ClientEvent, isPastEvent } from '../schemas/event-client';
import { formatStoredDay } from './date-style';

/** The one action a card offers; the first matching rule wins. */
export type EventAction =
  | { kind: 'highlights'; label: 'Event Highlights'; href: '/coming-soon.html' }
  | { kind: 'register'; label: 'Register Now'; href: string }
  | { kind: 'join'; label: 'Join Virtual Event'; href: string }
  | { kind: 'none'; label: 'Details Coming Soon' };

type ActionFields = Pick<ClientEvent, 'endDate' | 'registrationLink' | 'isVirtual' | 'virtualLink'>;

/** Past → highlights, then registration link, then virtual link, else nothing yet. */
export function eventAction(event: ActionFields, now = Date.now()): EventAction {
  if (isPastEvent(event, now))
    return { kind: 'highlights', label: 'Event Highlights', href: '/coming-soon.html' };
  if (event.registrationLink)
    return { kind: 'register', label: 'Register Now', href: event.registrationLink };
  if (event.isVirtual && event.virtualLink)
    return { kind: 'join', label: 'Join Virtual Event', href: event.virtualLink };
  return { kind: 'none', label: 'Details Coming Soon' };
}

/**
 * 'June 19, 2025', with ' - ' and the end date when the two days differ. Event dates are calendar
 * days stored as UTC midnight, read in UTC (date-style.ts), so the viewer's zone never shows the
 * day before; unreadable text is shown as it is.
 */
export function eventDateLabel(event: Pick<ClientEvent, 'startDate' | 'endDate'>): string {
  if (Number.isNaN(Date.parse(event.startDate))) return event.startDate;
  const from = formatStoredDay(event.startDate);
  const to = Number.isNaN(Date.parse(event.endDate)) ? from : formatStoredDay(event.endDate);
  return to === from ? from : `${from} - ${to}`;
}

/** A time range, only when a start or end time is present (the normaliser clears both). */
export function eventTimeLabel(event: Pick<ClientEvent, 'startTime' | 'endTime'>): string {
  return [event.startTime, event.endTime].filter(Boolean).join(' - ');
}

/** Where the event happens: 'Virtual Event' for online events, else its location. */
export const eventLocationLabel = (event: Pick<ClientEvent, 'isVirtual' | 'location'>): string =>
  event.isVirtual ? 'Virtual Event' : event.location;

/** Events by start date ascending (ties keep their order). */
export const byStartDate = <T extends Pick<ClientEvent, 'startDate'>>(events: readonly T[]): T[] =>
  events.slice().sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));

/** The three tabs of the events section, in display order. */
export const EVENT_TABS = [
  { id: 'upcoming', label: 'Upcoming Events', url: '/api/events/upcoming' },
  { id: 'featured', label: 'Featured Events', url: '/api/events/featured' },
  { id: 'all', label: 'All Events', url: '/api/events' },
] as const;
export type EventTabId = (typeof EVENT_TABS)[number]['id'];

/**
 * Cards a tab shows at first and adds per 'Show more': three full rows of the wide grid, and a
 * small programme (the demo's 7 events) still fits on one page with nothing hidden.
 */
export const EVENTS_PER_PAGE = 9;

/** Events already over, by start date ascending (listed below the tabs until the island hydrates). */
export const pastEvents = (events: readonly ClientEvent[], now = Date.now()): ClientEvent[] =>
  byStartDate(events).filter((e) => isPastEvent(e, now));

/** A tab's list computed from every event (build-time data, before the API answers). */
export function eventsForTab(
  tab: EventTabId,
  events: readonly ClientEvent[],
  now = Date.now(),
): ClientEvent[] {
  const sorted = byStartDate(events);
  if (tab === 'upcoming') return sorted.filter((e) => !isPastEvent(e, now));
  if (tab === 'featured') return sorted.filter((e) => e.featured);
  return sorted;
}
