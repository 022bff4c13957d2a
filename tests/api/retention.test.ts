/**
 * The retention periods the privacy notice states are applied: with the clock moved past a period,
 * the retention run deletes what is due (contact messages; testimonials never approved, with their
 * photos), erases the History entries that copied them, keeps what is not due, and records what it
 * did. The periods are site settings, and the notice states whatever they are set to.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetention } from '../../src/server/workflows/retention';
import { countBlobCalls, holdFirstCall } from '../helpers/blobs-counter';
import { builtPages } from '../helpers/built-pages';
import { ADMIN, startAdminSite } from '../helpers/admin-site';
import { client, type TestSite } from '../helpers/platform';

const DAY = 86_400_000;
const MONTH = 31 * DAY;

let site: TestSite;
let admin: ReturnType<typeof client>;
const anon = () => client(site.url);
const { html } = builtPages(() => site.url);
let pendingPhoto = '';
let approvedId = '';

const inbox = async () =>
  ((await admin.get('/api/admin/contact-forms')).json.items as { id: string; name: string }[]).map(
    (m) => m.name,
  );
const testimonials = async () =>
  ((await admin.get('/api/admin/testimonials')).json.items as { id: string; name: string }[]).map(
    (t) => t.name,
  );

beforeAll(async () => {
  ({ site, admin } = await startAdminSite({ pages: false, users: { admin: ADMIN } }));
  for (const name of ['Old Sender', 'Another Sender']) {
    expect(
      (
        await anon().post('/api/contact', {
          name,
          email: `${name.split(' ')[0]!.toLowerCase()}@example.org`,
          subject: 'other',
          message: 'Hello, a question about your work.',
        })
      ).status,
    ).toBe(201);
  }
  const form = new FormData();
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#aa3300' } })
    .png()
    .toBuffer();
  form.append('testimonial-photo', new Blob([png], { type: 'image/png' }), 'p.png');
  pendingPhoto = (
    (await (
      await fetch(`${site.url}/api/upload/testimonial-photo`, { method: 'POST', body: form })
    ).json()) as { imageUrl: string }
  ).imageUrl;
  expect(
    (
      await anon().post('/api/testimonials', {
        name: 'Never Approved',
        content: 'Pending.',
        image: pendingPhoto,
      })
    ).status,
  ).toBe(201);
  const approved = await anon().post('/api/testimonials', {
    name: 'Approved Voice',
    content: 'Published.',
  });
  approvedId = approved.json.id;
  expect(
    (await admin.patch(`/api/admin/testimonials/${approvedId}`, { approved: true })).status,
  ).toBe(200);
  // A History entry that copies a message: marking it read.
  const first = ((await admin.get('/api/admin/contact-forms')).json.items as { id: string }[])[0]!;
  expect((await admin.patch(`/api/admin/contact-forms/${first.id}`, { read: true })).status).toBe(
    200,
  );
}, 120_000);
afterAll(() => site?.close());

describe('the retention run', () => {
  it('is a scheduled function that finds nothing due today', async () => {
    const run = await site.platform.runScheduled('retention');
    expect(run.status).toBe(200);
    expect(await run.json()).toEqual({ messages: 0, testimonials: 0, more: false, exports: 0 });
  });

  it('keeps everything before the periods end (24 and 12 months by default)', async () => {
    expect(await applyRetention(Date.now() + 11 * MONTH)).toEqual({
      messages: 0,
      testimonials: 0,
      more: false,
    });
    expect(await inbox()).toHaveLength(2);
    expect(await testimonials()).toHaveLength(2);
  });

  it('deletes testimonials never approved after 12 months, with their photo, and keeps approved ones', async () => {
    expect((await fetch(site.url + pendingPhoto)).status).toBe(200);
    expect(await applyRetention(Date.now() + 13 * MONTH)).toEqual({
      messages: 0,
      testimonials: 1,
      more: false,
    });
    expect(await testimonials()).toEqual(['Approved Voice']);
    expect((await fetch(site.url + pendingPhoto)).status).toBe(404);
  });

  it('deletes contact messages after the period set in settings, and erases History copies of them', async () => {
    expect((await admin.patch('/api/site-settings', { retainMessagesMonths: 0 })).status).toBe(400);
    expect((await admin.patch('/api/site-settings', { retainMessagesMonths: 1 })).status).toBe(200);
    expect(await applyRetention(Date.now() + 40 * DAY)).toEqual({
      messages: 2,
      testimonials: 0,
      more: false,
    });
    expect(await inbox()).toEqual([]);
    const history = (await admin.get('/api/admin/history')).json as {
      target: string;
      summary: string;
      erased?: boolean;
      before?: unknown;
    }[];
    const aboutMessages = history.filter((e) => e.target.startsWith('contact-forms/'));
    expect(aboutMessages).toEqual([
      expect.objectContaining({ summary: 'Personal data erased', erased: true }),
    ]);
    expect(aboutMessages[0]!.before).toBeUndefined();
    expect(JSON.stringify(history)).not.toContain('Sender');
  });

  it('is recorded in the audit log as the system', async () => {
    const items = (await admin.get('/api/admin/privacy/audit')).json.items;
    expect(items).toEqual([
      expect.objectContaining({
        user: 'system',
        action: 'retention',
        what: 'contact-forms',
        count: 2,
      }),
      expect.objectContaining({
        user: 'system',
        action: 'retention',
        what: 'testimonials',
        count: 1,
      }),
    ]);
  });

  it('is what the privacy notice states', async () => {
    await site.platform.build();
    const notice = (await html('/privacy'))
      .querySelector('[data-testid="retention-periods"]')!
      .text.replace(/\s+/g, ' ');
    expect(notice).toContain(
      'Contact messages are deleted automatically 1 month after they arrive',
    );
    expect(notice).toContain(
      'Testimonials we have not approved are deleted automatically 1 year after you send them, with their photo',
    );
    // Who answers for the data, who handles it, on what basis, and where to complain: each has
    // its section, and until an admin words it the default says what is left to fill in.
    const page = await html('/privacy');
    for (const id of ['controller', 'processors', 'legal-basis', 'complaints'])
      expect(page.querySelector(`#${id}`), id).not.toBeNull();
    expect(page.querySelector('#controller')!.text).toContain('[To fill in under Site settings:');
    expect(page.querySelector('#complaints')!.text).toContain('right to complain');
  }, 120_000);
});

describe('a retention run racing an editor', () => {
  it('keeps a testimonial approved after the run listed it as never approved', async () => {
    const sent = await anon().post('/api/testimonials', {
      name: 'Approved Late',
      content: 'Worth keeping.',
    });
    expect(sent.status).toBe(201);
    const id: string = sent.json.id;
    // The run has listed what is due and waits before it reads this testimonial; an editor
    // approves it meanwhile.
    const hold = holdFirstCall((call) => call.startsWith('GET ') && call.includes(id));
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const run = applyRetention(Date.now() + 13 * MONTH);
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      expect((await admin.patch(`/api/admin/testimonials/${id}`, { approved: true })).status).toBe(
        200,
      );
      hold.release();
      await run;
    } finally {
      hold.release();
      await blobs.close();
    }
    expect(await testimonials()).toContain('Approved Late');
    const published = (await anon().get('/api/testimonials')).json as { name: string }[];
    expect(published.map((t) => t.name)).toContain('Approved Late');
  });
});
