import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatClock,
  formatDateTime,
  formatDay,
  formatStoredDay,
  zoneName,
} from '../../src/lib/date-style';
import { eventDateLabel } from '../../src/lib/event-card';
import { longDay } from '../../src/lib/event-page';
import { issueDate } from '../../src/lib/newsletter-archive';
import { displayDate } from '../../src/lib/publication-date';
import { COLLECTION_CONFIGS } from '../../src/components/admin/collections/collection-configs';

describe('the one date style', () => {
  it("writes calendar dates as 'MMMM d, yyyy', and as much as is known", () => {
    expect(formatCalendarDate({ year: 2025, month: 6, day: 19 })).toBe('June 19, 2025');
    expect(formatCalendarDate({ year: 2025, month: 6, day: 19 }, { weekday: true })).toBe(
      'Thursday, June 19, 2025',
    );
    expect(formatCalendarDate({ year: 2025, month: 3 })).toBe('March 2025');
    expect(formatCalendarDate({ year: 2025 })).toBe('2025');
    // A year below 100 is that year, not 1900 and something.
    expect(formatCalendarDate({ year: 42, month: 1, day: 2 })).toBe('January 2, 42');
  });

  it('reads a stored day in UTC, whatever the zone, and leaves text that is no date as it is', () => {
    expect(formatStoredDay('2025-06-19T00:00:00.000Z')).toBe('June 19, 2025');
    expect(formatStoredDay('2025-06-19')).toBe('June 19, 2025');
    expect(formatStoredDay('TBC')).toBe('TBC');
  });

  it('writes an instant in the zone asked for, with a 24-hour clock and the zone by name', () => {
    const at = Date.parse('2031-07-15T08:00:00Z');
    expect(formatDay(at, 'Asia/Tokyo')).toBe('July 15, 2031');
    expect(formatDay(Date.parse('2031-07-15T20:00:00Z'), 'Asia/Tokyo')).toBe('July 16, 2031');
    expect(formatClock(at, 'Europe/London')).toBe('09:00');
    expect(formatDateTime(at, 'Europe/London')).toBe('July 15, 2031, 09:00 BST');
    expect(formatDateTime('2032-01-15T09:00:00Z', 'Europe/London')).toBe(
      'January 15, 2032, 09:00 GMT',
    );
    expect(formatDateTime(at, 'America/New_York')).toBe('July 15, 2031, 04:00 EDT');
    expect(formatDateTime(at, 'UTC')).toBe('July 15, 2031, 08:00 UTC');
  });

  it("names a zone without a common abbreviation by its place, never 'GMT+9'", () => {
    const at = Date.parse('2031-07-15T08:00:00Z');
    expect(zoneName(at, 'Asia/Tokyo')).toBe('Tokyo time');
    expect(zoneName(at, 'America/Sao_Paulo')).toBe('Sao Paulo time');
    expect(formatDateTime(at, 'Asia/Tokyo')).toBe('July 15, 2031, 17:00 Tokyo time');
  });

  it('gives nothing for a missing or unreadable time', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a time')).toBe('');
    expect(formatDay('not a time')).toBe('');
    expect(formatClock('not a time')).toBe('');
  });

  it('is what every public date reads: cards, event pages, the archive', () => {
    expect(displayDate({ publishedOn: '2025-06-19', date: '' })).toBe('June 19, 2025');
    expect(eventDateLabel({ startDate: '2025-06-19T00:00:00.000Z', endDate: '2025-06-20' })).toBe(
      'June 19, 2025 - June 20, 2025',
    );
    expect(longDay('2025-06-19T00:00:00.000Z')).toBe('Thursday, June 19, 2025');
    expect(issueDate({ createdAt: '2025-06-19T23:30:00.000Z' })).toBe('June 19, 2025');
  });

  it("is what the admin's lists of events and publications read, schedules with the zone by name", () => {
    const later = { status: 'scheduled', timeZone: 'Europe/London' };
    const events = COLLECTION_CONFIGS.events!.secondary!;
    expect(
      events({
        eventType: 'Workshop',
        startDate: '2030-01-10',
        location: 'London',
        status: 'published',
      }),
    ).toBe('Workshop · January 10, 2030 · London');
    // July is summer time, January is not: each in the zone's own name.
    expect(
      events({ ...later, publishAt: '2030-07-01T09:00', startDate: '2030-07-02T00:00:00.000Z' }),
    ).toBe('Scheduled for July 1, 2030, 09:00 BST (Europe/London) · July 2, 2030');
    const publications = COLLECTION_CONFIGS.publications!.secondary!;
    expect(
      publications({
        ...later,
        publishAt: '2030-01-15T09:00',
        type: 'Report',
        publishedOn: '2030-01-15',
      }),
    ).toBe('Scheduled for January 15, 2030, 09:00 GMT (Europe/London) · Report · January 15, 2030');
    // The wording an editor gave the date is kept as written.
    expect(
      publications({ status: 'published', date: 'Spring 2030', publishedOn: '2030-03-01' }),
    ).toBe('Spring 2030');
  });
});
