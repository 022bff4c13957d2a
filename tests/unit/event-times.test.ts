/**
 * Event times are wall-clock times in the event's own zone: the page names the zone, the JSON-LD
 * carries the offset, and the calendar file holds the UTC instants, read back with ical.js, on
 * both sides of a daylight-saving change in New York and in Berlin.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { eventIcs } from '../../src/lib/event-calendar';
import { eventSchedule, eventTimeRange } from '../../src/lib/event-times';
import { zoneName } from '../../src/lib/date-style';
import { visitorTimeLabel } from '../../src/lib/visitor-time';

const event = (
  day: string,
  startTime: string,
  endTime: string,
  eventTimeZone: string,
  endDay = day,
) => ({
  id: 'e1',
  title: 'Briefing',
  description: '',
  startDate: `${day}T00:00:00.000Z`,
  endDate: `${endDay}T00:00:00.000Z`,
  startTime,
  endTime,
  eventTimeZone,
  location: '',
  isVirtual: true,
  virtualLink: 'https://meet.example.org/b',
  registrationLink: '',
  updatedAt: '2030-01-01T00:00:00.000Z',
});

/** DTSTART and DTEND of an .ics text as UTC instants, as a calendar program reads them. */
function icsInstants(text: string): [string, string] {
  const parsed = new ICAL.Event(
    new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!,
  );
  return [parsed.startDate.toJSDate().toISOString(), parsed.endDate.toJSDate().toISOString()];
}
const ics = (e: ReturnType<typeof event>) =>
  eventIcs(e, 'https://example.org/events/e1', 'Meridian');

describe('a calendar file read back with ical.js', () => {
  // 2030: the United States move their clocks on 10 March, the European Union on 31 March.
  it.each([
    ['America/New_York', '2030-03-08', '2030-03-08T14:30:00.000Z', '2030-03-08T22:00:00.000Z'],
    ['America/New_York', '2030-03-12', '2030-03-12T13:30:00.000Z', '2030-03-12T21:00:00.000Z'],
    ['Europe/Berlin', '2030-03-29', '2030-03-29T08:30:00.000Z', '2030-03-29T16:00:00.000Z'],
    ['Europe/Berlin', '2030-04-02', '2030-04-02T07:30:00.000Z', '2030-04-02T15:00:00.000Z'],
  ])(
    'an event in %s on %s, 09:30-17:00, starts and ends at the right UTC instant',
    (zone, day, start, end) => {
      const text = ics(event(day, '09:30', '17:00', zone));
      // The event's own zone, defined in the file: calendars keep it.
      expect(text).toContain(`DTSTART;TZID=${zone}:${day.replace(/-/g, '')}T093000\r\n`);
      const zones = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vtimezone');
      expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual([zone]);
      expect(icsInstants(text)).toEqual([start, end]);
    },
  );

  it('an event across the change keeps both wall-clock times (Berlin, 10:00 on 30 March to 10:00 on 31 March is 23 hours)', () => {
    expect(
      icsInstants(ics(event('2030-03-30', '10:00', '10:00', 'Europe/Berlin', '2030-03-31'))),
    ).toEqual(['2030-03-30T09:00:00.000Z', '2030-03-31T08:00:00.000Z']);
  });

  it('an event in UTC is written in UTC, with no zone to define', () => {
    const text = ics(event('2030-07-15', '09:00', '10:00', 'UTC'));
    expect(text).toMatch(/^DTSTART:20300715T090000Z\r$/m);
    expect(text).not.toContain('VTIMEZONE');
  });

  it('an all-day event stays a date, whatever the zone', () => {
    const parsed = new ICAL.Event(
      new ICAL.Component(
        ICAL.parse(ics(event('2030-03-30', '', '', 'Asia/Tokyo'))),
      ).getFirstSubcomponent('vevent')!,
    );
    expect([
      parsed.startDate.isDate,
      parsed.startDate.toString(),
      parsed.endDate.toString(),
    ]).toEqual([true, '2030-03-30', '2030-03-31']);
  });
});

describe('a calendar file at the ends of the years the site accepts (1000 to 9999)', () => {
  it('an event before 1970 is written at its UTC instant (London kept summer time all year in 1969)', () => {
    const text = ics(event('1969-12-31', '10:01', '', 'Europe/London'));
    expect(icsInstants(text)).toEqual(['1969-12-31T09:01:00.000Z', '1969-12-31T10:01:00.000Z']);
  });

  it('an event early on 1 January 1000 east of Greenwich falls in the year 999 in UTC, written with four digits', () => {
    const text = ics(event('1000-01-01', '01:30', '02:00', 'Asia/Tokyo'));
    expect(text).toMatch(/^DTSTART:0999\d{4}T\d{6}Z\r$/m);
    expect(icsInstants(text)[0]).toMatch(/^0999-12-31T16:1\d:\d\d\.000Z$/);
  });

  it('an event late on 31 December 9999 west of Greenwich (year 10000 in UTC) keeps its wall-clock time, floating', () => {
    const parsed = new ICAL.Event(
      new ICAL.Component(
        ICAL.parse(ics(event('9999-12-31', '23:30', '', 'America/Los_Angeles'))),
      ).getFirstSubcomponent('vevent')!,
    );
    expect([
      parsed.startDate.toString(),
      parsed.endDate.toString(),
      parsed.startDate.zone?.tzid,
    ]).toEqual(['9999-12-31T23:30:00', '9999-12-31T23:59:00', 'floating']);
  });
});

describe('times on the page and in the JSON-LD', () => {
  it('name the zone as people write it, summer and winter', () => {
    expect(eventTimeRange(event('2030-01-15', '09:30', '17:00', 'Europe/Berlin'))).toBe(
      '09:30–17:00 CET',
    );
    expect(eventTimeRange(event('2030-07-15', '09:30', '17:00', 'Europe/Berlin'))).toBe(
      '09:30–17:00 CEST',
    );
    expect(eventTimeRange(event('2030-03-08', '09:30', '17:00', 'America/New_York'))).toBe(
      '09:30–17:00 EST',
    );
    expect(eventTimeRange(event('2030-03-12', '09:30', '', 'America/New_York'))).toBe('09:30 EDT');
    expect(eventTimeRange(event('2030-07-15', '09:30', '17:00', 'Europe/London'))).toBe(
      '09:30–17:00 BST',
    );
    expect(eventTimeRange(event('2030-07-15', '09:30', '17:00', 'Asia/Tokyo'))).toBe(
      '09:30–17:00 Tokyo time',
    );
    expect(eventTimeRange(event('2030-07-15', '', '', 'Asia/Tokyo'))).toBe('');
  });

  it('carry the offset of the day', () => {
    expect(eventSchedule(event('2030-03-08', '09:30', '17:00', 'America/New_York'))).toEqual({
      start: '2030-03-08T09:30:00-05:00',
      end: '2030-03-08T17:00:00-05:00',
    });
    expect(eventSchedule(event('2030-04-02', '09:30', '17:00', 'Europe/Berlin'))).toEqual({
      start: '2030-04-02T09:30:00+02:00',
      end: '2030-04-02T17:00:00+02:00',
    });
    expect(eventSchedule(event('2030-04-02', '', '', 'Europe/Berlin'))).toEqual({
      start: '2030-04-02',
      end: '2030-04-02',
    });
  });
});

describe("the visitor's own time", () => {
  const start = Date.parse('2030-06-19T07:30:00Z');
  const end = Date.parse('2030-06-19T15:00:00Z');
  it('reads as the visitor reads a clock, with the day when it moves', () => {
    expect(visitorTimeLabel(start, end, 'America/New_York')).toBe(
      'Wednesday, June 19, 2030, 03:30–11:00 EDT',
    );
    expect(visitorTimeLabel(start, end, 'Europe/Berlin')).toBe(
      'Wednesday, June 19, 2030, 09:30–17:00 CEST',
    );
    expect(visitorTimeLabel(start, end, 'Australia/Sydney')).toBe(
      'Wednesday, June 19, 2030, 17:30 – Thursday, June 20, 2030, 01:00 Sydney time',
    );
    expect(zoneName(start, 'UTC')).toBe('UTC');
  });
});
