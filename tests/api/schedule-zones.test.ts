/**
 * One zone for every schedule: a publication, event or release saved without a time zone is
 * scheduled in the site's (Europe/London by default), and goes live at that zone's instant,
 * summer time or not. A site that builds nothing: the public API answers what visitors may see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecord, startAdminSite, type AdminSite } from '../helpers/admin-site';
import { setClock } from '../helpers/clock';

let t: AdminSite;
beforeAll(async () => {
  t = await startAdminSite();
});
afterAll(() => t?.close());

const visible = async (kind: string, id: string) =>
  (await t.anon.get(`/api/${kind}/${id}`)).status === 200;

describe('a schedule without a zone', () => {
  it.each([
    ['July', '2031-07-15T09:00', Date.UTC(2031, 6, 15, 8, 0)],
    ['January', '2032-01-15T09:00', Date.UTC(2032, 0, 15, 9, 0)],
  ])('at 09:00 in %s goes live at 09:00 Europe/London', async (_month, publishAt, instant) => {
    const id = await createRecord(t.viewer, 'publications', {
      title: `Brief for ${publishAt}`,
      description: 'Embargoed.',
      status: 'scheduled',
      publishAt,
    });
    const stored = (await t.viewer.get(`/api/publications/all/${id}`)).json;
    expect(stored.timeZone).toBe('Europe/London');
    setClock(instant - 60_000);
    expect(await visible('publications', id)).toBe(false);
    setClock(instant);
    expect(await visible('publications', id)).toBe(true);
  });

  it('names the site zone for events and releases too', async () => {
    const id = await createRecord(t.viewer, 'events', {
      title: 'Summer Webinar',
      description: 'Online.',
      startDate: '2031-07-20',
      endDate: '2031-07-20',
      status: 'scheduled',
      publishAt: '2031-07-15T09:00',
    });
    const event = (await t.viewer.get(`/api/events/all/${id}`)).json;
    expect(event.timeZone).toBe('Europe/London');
    const release = await t.viewer.post('/api/admin/releases', {
      name: 'Summer launch',
      publishAt: '2031-07-15T09:00',
    });
    expect(release.status, release.text).toBe(201);
    expect(release.json).toMatchObject({
      timeZone: 'Europe/London',
      at: new Date(Date.UTC(2031, 6, 15, 8, 0)).toISOString(),
    });
  });
});
