import { describe, expect, it } from 'vitest';
import { createRecord, useAdminSite } from '../helpers/admin-site';
import { countBlobCalls, holdFirstCall } from '../helpers/blobs-counter';
import { advanceClock } from '../helpers/clock';

// A restore is applied once: a repeated request (a retry, a double click, two tabs) records one
// restore, and a restore cut off half-way by the store is finished by restoring again, with its
// record listed, its History entry written once and its rebuild asked for.
const t = useAdminSite();

interface Entry {
  id: string;
  action: string;
  target: string;
  restoredFrom?: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

const entryFor = async (target: string, action: string) =>
  ((await t.admin.get('/api/admin/history?limit=50')).json as Entry[]).find(
    (e) => e.target === target && e.action === action,
  )!;
const restoresOf = async (id: string) =>
  ((await t.admin.get('/api/admin/history?limit=50')).json as Entry[]).filter(
    (e) => e.restoredFrom === id,
  );
const restore = (id: string) => t.admin.post(`/api/admin/history/${id}/restore`);
const lastChangeAt = async () =>
  (await t.admin.get('/api/admin/publish')).json.lastChangeAt as string;

/** Restores the entry while the store refuses the writes `when` picks: answered 503. */
async function cutOff(id: string, when: (call: string) => boolean) {
  const counter = await countBlobCalls();
  try {
    counter.refuseWrite = when;
    const res = await restore(id);
    expect(res.status, res.text).toBe(503);
  } finally {
    counter.refuseWrite = null;
    await counter.close();
  }
}
const historyEntryWrite = (call: string) =>
  call.startsWith('PUT') && /:history\/\d{13}-[0-9a-f]{8}$/.test(call);

describe('a restore cut off half-way is finished by restoring again', () => {
  it('a publication brought back without its index row: listed again, recorded once', async () => {
    const title = 'Half restored report';
    const id = await createRecord(t.admin, 'publications', { title, description: 'D.' });
    expect((await t.admin.delete(`/api/publications/${id}`)).status).toBe(200);
    const deletion = await entryFor(`publications/${id}`, 'delete');
    await cutOff(deletion.id, (call) => call.includes(':content/publications-index'));

    const again = await restore(deletion.id);
    expect(again.status, again.text).toBe(200);
    const listed = (await t.admin.get(`/api/publications/all?q=${encodeURIComponent(title)}`)).json
      .items as { id: string }[];
    expect(listed.map((i) => i.id)).toEqual([id]);
    const shown = (await t.anon.get('/api/publications')).json as { id: string }[];
    expect(shown.some((i) => i.id === id)).toBe(true);
    expect(await restoresOf(deletion.id)).toHaveLength(1);
  });

  it('a stat back but its History entry not written: recorded once, and rebuilt', async () => {
    const stat = (await t.admin.post('/api/stats', { value: '7', label: 'Cut off' })).json;
    await t.admin.delete(`/api/stats/${stat.id}`);
    const deletion = await entryFor(`stats/${stat.id}`, 'delete');
    await cutOff(deletion.id, historyEntryWrite);
    expect((await t.anon.get(`/api/stats/${stat.id}`)).status).toBe(200);
    const changed = await lastChangeAt();

    advanceClock(5);
    const again = await restore(deletion.id);
    expect(again.status, again.text).toBe(200);
    expect(again.json).toMatchObject({
      action: 'restore',
      after: { id: stat.id, label: 'Cut off' },
    });
    expect(await restoresOf(deletion.id)).toHaveLength(1);
    expect(await lastChangeAt()).not.toBe(changed);
  });

  it('an update patched back but not recorded: recorded once with what it replaced', async () => {
    await t.admin.patch('/api/site-settings', { heroSubtitle: 'Old subtitle' });
    await t.admin.patch('/api/site-settings', { heroSubtitle: 'New subtitle' });
    const change = await entryFor('site-settings', 'update');
    await cutOff(change.id, historyEntryWrite);
    expect((await t.anon.get('/api/site-settings')).json.heroSubtitle).toBe('Old subtitle');

    const again = await restore(change.id);
    expect(again.status, again.text).toBe(200);
    expect(again.json).toMatchObject({
      before: { heroSubtitle: 'New subtitle' },
      after: { heroSubtitle: 'Old subtitle' },
    });
    expect(await restoresOf(change.id)).toHaveLength(1);
  });

  it('a restore whose entry was written but not its activity: answered with that entry, not twice', async () => {
    await t.admin.patch('/api/site-settings', { aboutVision: 'Old vision' });
    await t.admin.patch('/api/site-settings', { aboutVision: 'New vision' });
    const change = await entryFor('site-settings', 'update');
    await cutOff(change.id, (call) => call.includes(':history/by-user/'));

    const [written] = await restoresOf(change.id);
    const again = await restore(change.id);
    expect(again.status, again.text).toBe(200);
    expect(again.json.id).toBe(written!.id);
    expect(await restoresOf(change.id)).toHaveLength(1);
    const activity = (await t.admin.get('/api/admin/users/admin/activity')).json as Entry[];
    expect(activity.filter((e) => e.restoredFrom === change.id)).toHaveLength(1);
  });

  it('a testimonial written back but not yet in the key list or the published list', async () => {
    const { insertTestimonials } = await import('../../src/server/visitors/testimonials');
    const { testimonialSchema } = await import('../../src/schemas/testimonial');
    // Sent weeks ago: its day is folded into the key snapshot, so only the snapshot names it.
    const at = new Date(Date.now() - 20 * 86_400_000).toISOString();
    const id = 'weeks-old-testimonial';
    await insertTestimonials([
      testimonialSchema.parse({
        id,
        name: 'Weeks Old',
        content: 'Still true.',
        rating: 5,
        approved: true,
        createdAt: at,
        updatedAt: at,
      }),
    ]);
    expect((await t.admin.delete(`/api/admin/testimonials/${id}`)).status).toBe(200);
    const deletion = await entryFor(`testimonials/${id}`, 'delete');
    await cutOff(deletion.id, (call) => call.endsWith(':system/testimonial-keys'));

    const again = await restore(deletion.id);
    expect(again.status, again.text).toBe(200);
    const listed = (await t.admin.get('/api/admin/testimonials?pageSize=100')).json.items as {
      id: string;
    }[];
    expect(listed.map((x) => x.id)).toContain(id);
    const shown = (await t.anon.get('/api/testimonials/approved')).json as { id: string }[];
    expect(shown.map((x) => x.id)).toContain(id);
    expect(await restoresOf(deletion.id)).toHaveLength(1);
  });

  it('a subscription written back but not yet in the subscriber index: listed again', async () => {
    const { importSubscriptions, subscriptionId } =
      await import('../../src/server/visitors/newsletter');
    const email = 'long-ago@example.org';
    const createdAt = new Date(Date.now() - 40 * 86_400_000).toISOString();
    expect(await importSubscriptions([{ email, createdAt }])).toBe(1);
    const id = subscriptionId(email);
    expect((await t.admin.delete(`/api/admin/subscriptions/${id}`)).status).toBe(200);
    const deletion = await entryFor(`subscriptions/${id}`, 'delete');
    await cutOff(deletion.id, (call) => call.endsWith(':system/newsletter-snapshot'));

    const again = await restore(deletion.id);
    expect(again.status, again.text).toBe(200);
    const listed = (await t.admin.get(`/api/admin/subscriptions?q=${encodeURIComponent(email)}`))
      .json.items as { email: string }[];
    expect(listed.map((s) => s.email)).toEqual([email]);
    expect(await restoresOf(deletion.id)).toHaveLength(1);
  });
});

describe('a restore repeated', () => {
  it('restoring an update again (a retried request) changes nothing and records nothing', async () => {
    const area = (
      await t.admin.post('/api/research-areas', { title: 'Twice', description: 'First' })
    ).json;
    await t.admin.patch(`/api/research-areas/${area.id}`, { description: 'Second' });
    const change = await entryFor(`research-areas/${area.id}`, 'update');
    expect((await restore(change.id)).status).toBe(200);
    const again = await restore(change.id);
    expect(again.status, again.text).toBe(409);
    expect(again.json.message).toMatch(/^Nothing to restore/);
    expect(await restoresOf(change.id)).toHaveLength(1);
  });

  it('two restores of one change at once (two tabs): one lands, the other is told, one entry', async () => {
    await t.admin.patch('/api/site-settings', { heroTitle: 'Before' });
    await t.admin.patch('/api/site-settings', { heroTitle: 'After' });
    const change = await entryFor('site-settings', 'update');
    const answers = await Promise.all([
      restore(change.id),
      t.viewer.post(`/api/admin/history/${change.id}/restore`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await restoresOf(change.id)).toHaveLength(1);
    expect((await t.anon.get('/api/site-settings')).json.heroTitle).toBe('Before');
  });
});

describe('a delete racing an edit', () => {
  it('a publication edited while its delete was under way: History keeps the edit, and restoring brings it back', async () => {
    const id = await createRecord(t.admin, 'publications', {
      title: 'Raced report',
      description: 'First text.',
    });
    // The delete's first write (marking the record deleted) waits until the edit has been answered.
    const hold = holdFirstCall(
      (call) => call.startsWith('PUT') && call.endsWith(`/publications-records/${id}`),
    );
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    let deleted;
    try {
      const deleting = t.admin.delete(`/api/publications/${id}`);
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      const edit = await t.viewer.patch(`/api/publications/${id}`, { description: 'Edited text.' });
      expect(edit.status, edit.text).toBe(200);
      hold.release();
      deleted = await deleting;
    } finally {
      hold.release();
      await blobs.close();
    }
    expect(deleted.status, deleted.text).toBe(200);
    const deletion = await entryFor(`publications/${id}`, 'delete');
    expect(deletion.before).toMatchObject({ description: 'Edited text.' });
    expect((await restore(deletion.id)).status).toBe(200);
    expect((await t.anon.get(`/api/publications/${id}`)).json.description).toBe('Edited text.');
  });
});

describe('a restore racing an erasure', () => {
  it('a deleted testimonial being restored while its author is erased stays erased, in History too', async () => {
    const name = 'Erin Erased';
    const made = (
      await t.anon.post('/api/testimonials', { name, content: 'Kind words.', rating: 5 })
    ).json;
    expect((await t.admin.delete(`/api/admin/testimonials/${made.id}`)).status).toBe(200);
    const deletion = await entryFor(`testimonials/${made.id}`, 'delete');
    // The restore writes the record back only after the erasure has run whole.
    const hold = holdFirstCall(
      (call) => call.startsWith('PUT') && call.includes(':testimonials/') && call.endsWith(made.id),
    );
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    let restored;
    try {
      const restoring = restore(deletion.id);
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      expect((await t.admin.post('/api/admin/privacy/erase', { name })).status).toBe(200);
      hold.release();
      restored = await restoring;
    } finally {
      hold.release();
      await blobs.close();
    }
    expect(restored.status, restored.text).toBe(409);
    expect(restored.json.message).toMatch(/erased/);
    const listed = (await t.admin.get('/api/admin/testimonials?pageSize=100')).json.items as {
      name: string;
    }[];
    expect(listed.map((x) => x.name)).not.toContain(name);
    const history = (await t.admin.get('/api/admin/history?limit=50')).text;
    expect(history).not.toContain(name);
  });
});
