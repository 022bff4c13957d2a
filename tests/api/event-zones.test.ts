/**
 * Event time zones on a real build: events saved in America/New_York and Europe/Berlin, on both
 * sides of each one's daylight-saving change, give calendar files whose instants ical.js reads as
 * the right UTC moments, pages that name the zone, and JSON-LD with offsets. An event saved
 * without a zone reads as the site's zone, which the site settings set.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPages, jsonLd } from '../helpers/built-pages';
import { ADMIN, startAdminSite } from '../helpers/admin-site';
import { buildPages, type TestSite } from '../helpers/platform';

let site: TestSite;
const slugs: Record<string, string> = {};
const { page, html } = builtPages(() => site.url);

// 2030: the United States move their clocks on 10 March, the European Union on 31 March.
const EVENTS = {
  nyBefore: { eventTimeZone: 'America/New_York', day: '2030-03-08' },
  nyAfter: { eventTimeZone: 'America/New_York', day: '2030-03-12' },
  berlinBefore: { eventTimeZone: 'Europe/Berlin', day: '2030-03-29' },
  berlinAfter: { eventTimeZone: 'Europe/Berlin', day: '2030-04-02' },
  noZone: { eventTimeZone: '', day: '2030-07-01' },
};

beforeAll(async () => {
  const started = await startAdminSite({ pages: true, users: { admin: ADMIN } });
  site = started.site;
  const admin = started.admin;
  const zone = await admin.patch('/api/site-settings', { siteTimeZone: 'America/Chicago' });
  expect(zone.status, zone.text).toBe(200);
  for (const [name, e] of Object.entries(EVENTS)) {
    const res = await admin.post('/api/events', {
      title: `Zone ${name}`,
      startDate: e.day,
      endDate: e.day,
      startTime: '09:30',
      endTime: '17:00',
      eventTimeZone: e.eventTimeZone,
      isVirtual: true,
      virtualLink: 'https://meet.example.org/zone',
    });
    expect(res.status, res.text).toBe(201);
    slugs[name] = res.json.slug;
  }
  await buildPages(site);
}, 240_000);
afterAll(() => site?.close());

/** DTSTART and DTEND of the built .ics as UTC instants, as a calendar program reads them. */
async function icsInstants(name: string): Promise<[string, string]> {
  const text = (await page(`/events/${slugs[name]}.ics`)).text;
  const event = new ICAL.Event(
    new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!,
  );
  return [event.startDate.toJSDate().toISOString(), event.endDate.toJSDate().toISOString()];
}

describe('calendar files, read with ical.js', () => {
  it.each([
    ['nyBefore', '2030-03-08T14:30:00.000Z', '2030-03-08T22:00:00.000Z'],
    ['nyAfter', '2030-03-12T13:30:00.000Z', '2030-03-12T21:00:00.000Z'],
    ['berlinBefore', '2030-03-29T08:30:00.000Z', '2030-03-29T16:00:00.000Z'],
    ['berlinAfter', '2030-04-02T07:30:00.000Z', '2030-04-02T15:00:00.000Z'],
    // Saved without a zone: the site's zone (Chicago, summer time).
    ['noZone', '2030-07-01T14:30:00.000Z', '2030-07-01T22:00:00.000Z'],
  ])('%s: 09:30-17:00 local is %s to %s', async (name, start, end) => {
    expect(await icsInstants(name)).toEqual([start, end]);
  });
});

describe('event pages', () => {
  it.each([
    ['nyBefore', '09:30–17:00 EST', '2030-03-08T09:30:00-05:00'],
    ['nyAfter', '09:30–17:00 EDT', '2030-03-12T09:30:00-04:00'],
    ['berlinBefore', '09:30–17:00 CET', '2030-03-29T09:30:00+01:00'],
    ['berlinAfter', '09:30–17:00 CEST', '2030-04-02T09:30:00+02:00'],
    ['noZone', '09:30–17:00 CDT', '2030-07-01T09:30:00-05:00'],
  ])('%s shows %s and its JSON-LD starts at %s', async (name, label, start) => {
    const doc = await html(`/events/${slugs[name]}`);
    expect(doc.querySelector('[data-testid="event-time"]')!.text).toBe(label);
    expect(jsonLd(doc).find((ld) => ld['@type'] === 'Event')!.startDate).toBe(start);
    // The visitor's own time is filled in by the browser, from these instants.
    const yours = doc.querySelector('[data-testid="event-visitor-time"]')!;
    expect(Number(yours.getAttribute('data-start'))).toBe(Date.parse(start));
  });
});
