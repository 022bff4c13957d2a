import { describe, expect, it, vi } from 'vitest';
import { contactFormSchema } from '../../src/schemas/contact-message';
import { newsletterSubscriptionSchema } from '../../src/schemas/newsletter-subscription';
import { testimonialSchema } from '../../src/schemas/testimonial';
import { siteSecretKey } from '../../src/server/storage/keys';
import { openStore, STORES, writeJSON } from '../../src/server/storage/store';
import { REPORT_SECRET } from '../../src/server/visitors/download-report';
import { CROSS_SITE, useAdminSite } from '../helpers/admin-site';
import { advanceClock } from '../helpers/clock';

const t = useAdminSite();

const state = async () => (await t.admin.get('/api/admin/publish')).json;

// Netlify delivers deploy events by calling the function named after the event with the deploy
// (the platform's invokeEvent plays Netlify's part; the public URL space does not reach them).
async function deployEvent(
  event: 'deploy-building' | 'deploy-succeeded' | 'deploy-failed',
  errorMessage: string | null = null,
) {
  const res = await t.site.platform.invokeEvent(event, {
    payload: { id: 'd1', site_id: 'local-site', error_message: errorMessage },
  });
  expect(res.status).toBe(200);
}
const markBuildStarted = () => deployEvent('deploy-building');
const markBuildDone = () => deployEvent('deploy-succeeded');
const markBuildFailed = (reason: string) => deployEvent('deploy-failed', reason);

// One sequence: the publish state is shared by the whole site, so order matters here.
describe('publishing', () => {
  it('starts live with nothing built yet', async () => {
    expect(await state()).toMatchObject({ state: 'live', lastBuildAt: null, lastChangeAt: null });
    expect(t.hookCalls()).toBe(0);
  });

  it('a save queues a build and calls the build hook once for a burst of saves', async () => {
    expect((await t.admin.patch('/api/site-settings', { heroTitle: 'One' })).status).toBe(200);
    const queued = await state();
    expect(queued.state).toBe('queued');
    expect(queued.lastChangeAt).not.toBeNull();
    await t.admin.post('/api/stats', { value: '1', label: 'A' });
    await t.admin.patch('/api/site-settings', { heroTitle: 'Two' });
    expect(t.hookCalls()).toBe(1);
  });

  it('shows building while the build runs; a save meanwhile queues one more build', async () => {
    // The secret the edge signs download reports with is made as the first deploy starts, so it
    // can reach the edge before the deploy serves a file.
    const reportSecret = () =>
      openStore(STORES.system).get(siteSecretKey(REPORT_SECRET), { type: 'json' });
    expect(await reportSecret()).toBeNull();
    await markBuildStarted();
    expect(await reportSecret()).toMatchObject({ value: expect.any(String) });
    expect((await state()).state).toBe('building');
    advanceClock(5);
    await t.admin.patch('/api/site-settings', { heroTitle: 'Three' });
    expect(t.hookCalls()).toBe(2);
    await markBuildDone();
    // The build finished, but it started before the last save: that save still waits.
    expect((await state()).state).toBe('queued');
    await markBuildStarted();
    await markBuildDone();
    const live = await state();
    expect(live.state).toBe('live');
    expect(live.lastBuildAt).not.toBeNull();
    expect(live.lastError).toBeNull();
  });

  it('POST /api/admin/publish forces a rebuild even when one is queued', async () => {
    const res = await t.admin.post('/api/admin/publish');
    expect(res.status).toBe(202);
    expect(res.json.state).toBe('queued');
    const res2 = await t.admin.post('/api/admin/publish', {});
    expect(res2.status).toBe(202);
    expect(t.hookCalls()).toBe(4);
  });

  it('reports a failed build with its message', async () => {
    await markBuildStarted();
    advanceClock(5);
    await markBuildFailed('boom');
    expect(await state()).toMatchObject({ state: 'failed', lastError: 'The build failed: boom' });
  });

  it('a build that failed before it could record its start still shows failed, and the next save calls the hook again', async () => {
    await t.admin.post('/api/admin/publish');
    expect(t.hookCalls()).toBe(5);
    advanceClock(5);
    await markBuildFailed('store unreachable');
    expect((await state()).state).toBe('failed');
    advanceClock(5);
    await t.admin.patch('/api/site-settings', { heroTitle: 'Retry' });
    expect(t.hookCalls()).toBe(6);
    expect(await state()).toMatchObject({
      state: 'queued',
      lastError: 'The build failed: store unreachable',
    });
  });

  it('is never stuck at queued: a hook call no build followed shows failed, and the next save calls again', async () => {
    await markBuildStarted();
    await markBuildDone();
    advanceClock(5);
    await t.admin.patch('/api/site-settings', { heroTitle: 'Lost hook' });
    expect(t.hookCalls()).toBe(7);
    expect((await state()).state).toBe('queued');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60 * 1000 });
    try {
      expect(await state()).toMatchObject({
        state: 'failed',
        lastError: expect.stringMatching(/No build started/),
      });
      await t.admin.patch('/api/site-settings', { heroTitle: 'Found again' });
      expect(t.hookCalls()).toBe(8);
      expect((await state()).state).toBe('queued');
    } finally {
      vi.useRealTimers();
    }
  });

  it('deploy events accept only a deploy payload of this site', async () => {
    const invoke = t.site.platform.invokeEvent;
    expect((await invoke('deploy-failed', { nope: 1 })).status).toBe(400);
    expect(
      (await invoke('deploy-failed', { payload: { site_id: 'another-site', error_message: 'x' } }))
        .status,
    ).toBe(403);
    // A deploy that names no site is not taken as this site's.
    const before = await state();
    const anonymous = await invoke('deploy-failed', { payload: { id: 'd2', error_message: 'x' } });
    expect(anonymous.status).toBe(400);
    expect(await anonymous.text()).toContain('payload.site_id is required');
    expect((await invoke('deploy-succeeded', { payload: { site_id: '' } })).status).toBe(400);
    expect(await state()).toEqual(before);
    expect((await invoke('deploy-succeeded', undefined, 'GET')).status).toBe(405);
  });

  it('deploy event functions cannot be called from outside: a forged event changes nothing', async () => {
    const before = await state();
    expect(
      (
        await t.anon.post('/.netlify/functions/deploy-failed', {
          payload: { site_id: 'local-site', error_message: 'forged' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.anon.post('/.netlify/functions/deploy-succeeded', {
          payload: { site_id: 'local-site' },
        })
      ).status,
    ).toBe(404);
    expect(await state()).toEqual(before);
  });

  it('is for editors and admins, and refuses cross-site and form posts', async () => {
    expect((await t.anon.get('/api/admin/publish')).status).toBe(401);
    expect((await t.viewer.get('/api/admin/publish')).status).toBe(200);
    expect((await t.anon.post('/api/admin/publish')).status).toBe(401);
    expect((await t.admin.post('/api/admin/publish', undefined, CROSS_SITE)).status).toBe(403);
    expect(
      (
        await t.admin.post('/api/admin/publish', 'go=1', {
          'Content-Type': 'application/x-www-form-urlencoded',
        })
      ).status,
    ).toBe(415);
    expect((await t.admin.delete('/api/admin/publish')).status).toBe(405);
    expect(t.hookCalls()).toBe(8);
  });
});

describe('GET /api/admin/summary', () => {
  it('counts unread messages, pending testimonials, subscribers and upcoming events', async () => {
    const now = new Date().toISOString();
    const contact = openStore(STORES.contact);
    const message = {
      name: 'Ann',
      email: 'ann@example.com',
      subject: 'research',
      message: 'Hello there, long enough',
      createdAt: now,
    } as const;
    await writeJSON(contact, 'm1', contactFormSchema, { ...message, id: 'm1', read: false });
    await writeJSON(contact, 'm2', contactFormSchema, { ...message, id: 'm2', read: true });
    await writeJSON(contact, 'm3', contactFormSchema, { ...message, id: 'm3' });
    const testimonials = openStore(STORES.testimonials);
    const base = { name: 'Bo', content: 'Great', createdAt: now, updatedAt: now };
    await writeJSON(testimonials, 't1', testimonialSchema, { ...base, id: 't1', approved: true });
    await writeJSON(testimonials, 't2', testimonialSchema, { ...base, id: 't2', approved: false });
    const newsletter = openStore(STORES.newsletter);
    for (const n of [1, 2, 3, 4])
      await writeJSON(newsletter, `s${n}`, newsletterSubscriptionSchema, {
        id: `s${n}`,
        email: `s${n}@example.com`,
        createdAt: now,
      });
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    await t.admin.post('/api/events', { title: 'Past', startDate: day(-3), endDate: day(-2) });
    await t.admin.post('/api/events', { title: 'Soon', startDate: day(2), endDate: day(3) });
    await t.admin.post('/api/events', { title: 'Later', startDate: day(9), endDate: day(9) });

    const res = await t.admin.get('/api/admin/summary');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toMatchObject({
      unreadMessages: 2,
      pendingTestimonials: 1,
      subscribers: 4,
      upcomingEvents: 2,
      publish: { state: expect.any(String) },
    });
  });

  it('needs a signed-in editor or admin; an editor gets no personal-data counts', async () => {
    expect((await t.anon.get('/api/admin/summary')).status).toBe(401);
    const editor = await t.viewer.get('/api/admin/summary');
    expect(editor.status).toBe(200);
    expect(editor.json).toMatchObject({ unreadMessages: null, subscribers: null });
    expect(typeof (await t.admin.get('/api/admin/summary')).json.subscribers).toBe('number');
  });
});
