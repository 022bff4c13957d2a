import { describe, expect, it } from 'vitest';
import {
  eventAction,
  eventDateLabel,
  eventLocationLabel,
  eventsForTab,
  eventTimeLabel,
} from '../../src/lib/event-card';
import { normaliseEvent } from '../../src/schemas/event';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const ev = (over: Record<string, unknown>) =>
  normaliseEvent({
    id: 'x',
    title: 'T',
    startDate: '2025-07-01T00:00:00.000Z',
    endDate: '2025-07-01T00:00:00.000Z',
    ...over,
  });

describe('eventAction (first match wins)', () => {
  it('past events offer highlights, even with every link set', () => {
    const e = ev({
      endDate: '2025-05-01T00:00:00.000Z',
      registrationLink: 'https://r.example',
      isVirtual: true,
      virtualLink: 'https://v.example',
    });
    expect(eventAction(e, NOW)).toEqual({
      kind: 'highlights',
      label: 'Event Highlights',
      href: '/coming-soon.html',
    });
  });
  it('registration comes before the virtual link', () => {
    const e = ev({
      registrationLink: 'https://r.example',
      isVirtual: true,
      virtualLink: 'https://v.example',
    });
    expect(eventAction(e, NOW)).toEqual({
      kind: 'register',
      label: 'Register Now',
      href: 'https://r.example',
    });
  });
  it('virtual events with a link can be joined', () => {
    expect(eventAction(ev({ isVirtual: true, virtualLink: 'https://v.example' }), NOW)).toEqual({
      kind: 'join',
      label: 'Join Virtual Event',
      href: 'https://v.example',
    });
  });
  it('a virtual link without isVirtual, or isVirtual without a link, gives nothing yet', () => {
    expect(eventAction(ev({ virtualLink: 'https://v.example' }), NOW).kind).toBe('none');
    expect(eventAction(ev({ isVirtual: true }), NOW)).toEqual({
      kind: 'none',
      label: 'Details Coming Soon',
    });
  });
  it('an unparseable end date is not past', () => {
    expect(
      eventAction(ev({ endDate: 'soon', registrationLink: 'https://r.example' }), NOW).kind,
    ).toBe('register');
  });
  it('uses the end date, not the start date, to decide past', () => {
    const running = ev({
      startDate: '2025-05-30T00:00:00.000Z',
      endDate: '2025-06-03T00:00:00.000Z',
    });
    expect(eventAction(running, NOW).kind).toBe('none');
  });
});

describe('eventDateLabel', () => {
  it("formats one day as 'MMMM d, yyyy'", () => {
    expect(
      eventDateLabel(
        ev({ startDate: '2025-07-04T00:00:00.000Z', endDate: '2025-07-04T00:00:00.000Z' }),
      ),
    ).toBe('July 4, 2025');
  });
  it("joins different days with ' - '", () => {
    expect(
      eventDateLabel(
        ev({ startDate: '2025-07-04T00:00:00.000Z', endDate: '2025-07-06T00:00:00.000Z' }),
      ),
    ).toBe('July 4, 2025 - July 6, 2025');
  });
  it('uses the client fallback date for a missing date', () => {
    expect(eventDateLabel(normaliseEvent({}))).toBe('June 19, 2025');
  });
  it('shows an unparseable start as written', () => {
    expect(eventDateLabel({ startDate: 'TBC', endDate: 'TBC' })).toBe('TBC');
  });
});

describe('labels', () => {
  it('shows a time range only when a time is present', () => {
    expect(eventTimeLabel({ startTime: '', endTime: '' })).toBe('');
    expect(eventTimeLabel({ startTime: '09:00', endTime: '17:00' })).toBe('09:00 - 17:00');
    expect(eventTimeLabel(normaliseEvent({ start_time: '09:00' }))).toBe('');
  });
  it("shows 'Virtual Event' for virtual events, else the location", () => {
    expect(eventLocationLabel(ev({ isVirtual: true, location: 'Zoom' }))).toBe('Virtual Event');
    expect(eventLocationLabel(ev({ location: 'London' }))).toBe('London');
    expect(eventLocationLabel(ev({}))).toBe('TBD');
  });
});

describe('eventsForTab', () => {
  const list = [
    ev({ id: 'c', startDate: '2025-09-01', endDate: '2025-09-01' }),
    ev({ id: 'a', startDate: '2025-01-01', endDate: '2025-01-02', featured: true }),
    ev({ id: 'b', startDate: '2025-08-01', endDate: '2025-08-01', featured: true }),
  ];
  it('all: every event by start ascending', () => {
    expect(eventsForTab('all', list, NOW).map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });
  it('upcoming: not past', () => {
    expect(eventsForTab('upcoming', list, NOW).map((e) => e.id)).toEqual(['b', 'c']);
  });
  it('featured: featured only', () => {
    expect(eventsForTab('featured', list, NOW).map((e) => e.id)).toEqual(['a', 'b']);
  });
});
