/**
 * A record that still cannot render is left out and reported, never a failed site: here an event
 * stored by an older version with a date no calendar can hold (year 275760, which JavaScript
 * dates reach and iCalendar does not) sits beside ordinary content. The build must publish the
 * rest and the admin must be told which record was left out, where and why.
 */
import { events } from '../../src/server/content/collections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPages } from '../helpers/built-pages';
import { startAdminSite, type Client } from '../helpers/admin-site';
import type { TestSite } from '../helpers/platform';

let site: TestSite;
let admin: Client;
const { page } = builtPages(() => site.url);

beforeAll(async () => {
  ({ site, admin } = await startAdminSite({
    pages: false,
    users: { admin: { username: 'editor', password: 'editor-password-123' } },
  }));
  for (const title of ['Ordinary Workshop', 'Another Meetup']) {
    expect(
      (await admin.post('/api/events', { title, startDate: '2031-05-01', endDate: '2031-05-02' }))
        .status,
    ).toBe(201);
  }
  expect(
    (await admin.post('/api/publications', { title: 'Ordinary Report', description: 'Fine.' }))
      .status,
  ).toBe(201);
  // The far-future event, written straight into the store as an older version accepted it.
  // Put back through the restore path, which parses it as a read of the stored record does.
  const at = '2024-01-01T00:00:00.000Z';
  await events.reinsert({
    id: 'far-future',
    title: 'Far Future Gala',
    description: '',
    eventType: 'Event',
    startDate: '+275760-09-12T00:00:00.000Z',
    endDate: '+275760-09-12T00:00:00.000Z',
    order: 9,
    createdAt: at,
    updatedAt: at,
  });
  const failures = site.platform.builder.failures;
  await site.platform.build();
  expect(site.platform.builder.failures).toBe(failures);
}, 180_000);
afterAll(() => site?.close());

describe('a build with one record that cannot render', () => {
  it('publishes everything else', async () => {
    expect((await page('/events/ordinary-workshop')).status).toBe(200);
    expect((await page('/events/another-meetup.ics')).status).toBe(200);
    expect((await page('/publications/ordinary-report')).status).toBe(200);
    expect((await page('/')).text).toContain('Ordinary Workshop');
  });

  it('leaves that record out of every page', async () => {
    expect((await page('/events/far-future-gala')).status).toBe(404);
    expect((await page('/')).text).not.toContain('Far Future Gala');
    expect((await page('/sitemap.xml')).text).not.toContain('far-future-gala');
  });

  it('tells the admin which record was left out, where and why, while the site counts as live', async () => {
    const state = (await admin.get('/api/admin/publish')).json;
    expect(state.state).toBe('live');
    expect(state.skipped).toEqual([
      expect.objectContaining({
        kind: 'event',
        id: 'far-future',
        title: 'Far Future Gala',
        page: '/events/far-future-gala',
        reason: expect.any(String),
      }),
    ]);
    expect(state.skipped[0].reason.length).toBeGreaterThan(0);
  });

  it('clears the report once the record is fixed and the next build publishes it', async () => {
    const fixed = await admin.patch('/api/events/far-future', {
      startDate: '2032-09-12',
      endDate: '2032-09-12',
    });
    expect(fixed.status, fixed.text).toBe(200);
    await site.platform.build();
    expect((await admin.get('/api/admin/publish')).json.skipped).toEqual([]);
    expect((await page('/events/far-future-gala')).status).toBe(200);
  });
});
