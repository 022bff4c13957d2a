/**
 * Values the API accepts must render in every output, and values it refuses are the ones no
 * output could render: dates out of the calendar formats' range, header-unsafe file names, and
 * line breaks that would forge lines in RIS or iCalendar files.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { attachment, ris } from '../../src/lib/citation';
import { parsePublicationDate } from '../../src/lib/publication-date';
import { eventIcs } from '../../src/lib/event-calendar';
import { eventCreateSchema } from '../../src/schemas/event';
import { publicationCreateSchema } from '../../src/schemas/publication';
import { isRenderableDateText, isRenderableIsoDate } from '../../src/schemas/dates';

const event = (startDate: string) => ({ title: 'E', startDate, endDate: startDate });

describe('dates the schemas accept', () => {
  it.each([
    '2026-13-01',
    '2026-02-30',
    '+275760-09-12',
    '0999-01-01',
    '10000-01-01',
    '2026-1-5',
    'March 5',
  ])('an event starting %s is refused, naming the field', (d) => {
    const r = eventCreateSchema.safeParse(event(d));
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toContain('startDate');
  });
  it.each(['1000-01-01', '9999-12-31', '2028-02-29', '2030-06-19T09:30:00.000Z'])(
    'an event starting %s is accepted',
    (d) => {
      expect(eventCreateSchema.safeParse(event(d)).success).toBe(true);
    },
  );
  it('a publication date may be any wording, but one written with numbers must be real', () => {
    for (const ok of [
      '',
      'March 2025',
      'Spring 2025',
      '2025',
      '2025-03',
      '2025-03-14',
      '14 March 2025',
    ])
      expect(isRenderableDateText(ok), ok).toBe(true);
    for (const bad of ['2026-13-01', '2025-02-30', '0999', 'March 0999']) {
      expect(isRenderableDateText(bad), bad).toBe(false);
      const r = publicationCreateSchema.safeParse({ title: 'T', description: 'D', date: bad });
      expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['date']);
    }
  });
  it('scheduled times are bounded the same way', () => {
    expect(isRenderableIsoDate('2030-01-01T09:00')).toBe(true);
    const r = publicationCreateSchema.safeParse({
      title: 'T',
      description: 'D',
      status: 'scheduled',
      publishAt: '2030-02-31T09:00',
    });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['publishAt']);
  });
});

describe('records stored before dates were checked', () => {
  it('still read, so one old record cannot make its whole collection unreadable', async () => {
    const { eventSchema } = await import('../../src/schemas/event');
    const { publicationSchema } = await import('../../src/schemas/publication');
    const meta = {
      id: 'x',
      createdAt: '2020-01-01T00:00:00.000Z',
      updatedAt: '2020-01-01T00:00:00.000Z',
    };
    expect(
      eventSchema.safeParse({
        ...meta,
        title: 'E',
        startDate: '+275760-09-12T00:00:00.000Z',
        endDate: '+275760-09-12T00:00:00.000Z',
      }).success,
    ).toBe(true);
    expect(
      publicationSchema.safeParse({
        ...meta,
        title: 'P',
        description: 'D',
        date: '2026-13-01',
        publishAt: '2030-02-31T09:00',
        status: 'scheduled',
      }).success,
    ).toBe(true);
  });
});

describe('records stored before dates were checked still cite', () => {
  it('drops a month or day that does not exist instead of failing', () => {
    expect(parsePublicationDate('2026-13-01')).toEqual({ year: 2026 });
    expect(parsePublicationDate('2025-02-30')).toEqual({ year: 2025, month: 2 });
    const ctx = { publisher: 'Meridian', url: 'https://example.org/p' };
    expect(() =>
      ris(
        { title: 'T', authors: [], date: '2026-13-01', type: 'Report', description: '', slug: 't' },
        ctx,
      ),
    ).not.toThrow();
  });
});

describe('download names', () => {
  it.each([
    'تقرير-السياسات.ris',
    'ελληνικά.ris',
    'русский.ris',
    '日本語ー.ris',
    '😀.ris',
    'plain.ris',
  ])('%s makes a header value Node accepts, with the real name as UTF-8', (name) => {
    const value = attachment(name);
    expect(() => new Headers({ 'Content-Disposition': value })).not.toThrow();
    expect(value).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(value.split("UTF-8''")[1]!)).toBe(name);
  });
});

describe('line breaks inside values', () => {
  const ctx = { publisher: 'Meridian', url: 'https://example.org/p' };
  it('never start a new RIS line: each author stays one AU line', () => {
    const text = ris(
      {
        title: 'A\r\nTY  - JOUR',
        authors: ['Mei Chen\rER  - ', 'Lena\nFischer\u2028UR  - https://evil.example'],
        date: '2025',
        type: 'Report',
        description: 'x\r\ny',
        slug: 's',
      },
      ctx,
    );
    const tags = text
      .split('\r\n')
      .filter(Boolean)
      .map((l) => l.slice(0, 2));
    expect(tags.filter((t) => t === 'TY')).toHaveLength(1);
    expect(tags.filter((t) => t === 'ER')).toHaveLength(1);
    expect(tags.filter((t) => t === 'UR')).toHaveLength(1);
    expect(tags.filter((t) => t === 'AU')).toHaveLength(2);
    expect(text).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
  });

  it('never end an iCalendar line early: a bare CR in the title stays inside the summary', () => {
    const base = {
      id: 'e1',
      description: 'Line one\rDTSTART:19700101T000000',
      startDate: '2030-06-19T00:00:00.000Z',
      endDate: '2030-06-19T00:00:00.000Z',
      startTime: '',
      endTime: '',
      eventTimeZone: 'UTC',
      location: 'Room\r\nX-EVIL:1',
      isVirtual: false,
      virtualLink: '',
      registrationLink: '',
      updatedAt: '2030-01-01T00:00:00.000Z',
    };
    const text = eventIcs(
      { ...base, title: 'Summit\rLOCATION:Nowhere' },
      'https://example.org/events/e1',
      'Meridian',
    );
    expect(text).not.toMatch(/\r(?!\n)/);
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
    expect(vevent.getAllProperties('location')).toHaveLength(1);
    expect(vevent.getAllProperties('dtstart')).toHaveLength(1);
    expect(vevent.getAllProperties('x-evil')).toHaveLength(0);
    expect(vevent.getFirstPropertyValue('summary')).toBe('Summit\nLOCATION:Nowhere');
  });
});
